import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Records a `requestState` nonce as redeemed. False when it was redeemed before (a replay): the
 * primary key makes the check atomic across instances sharing the database. Expired nonces are
 * swept now and then (their states fail the expiry check anyway).
 */
export async function redeemStateNonce(
  db: Kysely<Database>,
  nonce: string,
  expiresAt: string,
): Promise<boolean> {
  if (Math.random() < 0.02)
    await db.deleteFrom('mcp_request_states').where('expires_at', '<', new Date().toISOString()).execute();
  const inserted = await db
    .insertInto('mcp_request_states')
    .values({ nonce, expires_at: expiresAt })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}
