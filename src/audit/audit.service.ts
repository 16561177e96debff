import type { Logger } from 'pino';
import type { Principal } from '../auth/capabilities.ts';
import type { AppContext } from '../context.ts';
import { redactSecrets } from '../shared/call-log-entry.ts';
import { createLogger } from '../shared/logger.ts';
import {
  type AuditFields,
  type AuditRow,
  appendAuditRow,
  GENESIS_HASH,
  iterateAuditRows,
  listAuditRows,
  readAuditAnchor,
} from '../store/audit.repo.ts';
import { findUserById } from '../store/users.repo.ts';
import { hashAuditFields } from './audit-chain.ts';

type Ctx = Pick<AppContext, 'store' | 'config'>;

export type AuditActorKind = 'user' | 'key' | 'system' | 'mcp';
export type AuditDecision = 'permit' | 'forbid' | 'ask' | 'approved' | 'denied';

/** Who did it: a person (user UUID), an API key (its id), the system, or an MCP client. */
export interface AuditActor {
  kind: AuditActorKind;
  id: string | null;
  name: string;
}

/** One audit event. `arguments` and `detail` are stored redacted (secret-looking keys → "[redacted]"). */
export interface AuditEntry {
  /** A request's principal, an explicit actor, or nothing for the system itself. */
  actor?: Principal | AuditActor | null;
  action: string;
  target_kind?: string | null;
  target_id?: string | null;
  server_uuid?: string | null;
  tool?: string | null;
  arguments?: unknown;
  decision?: AuditDecision | null;
  policy_ids?: string[] | null;
  detail?: unknown;
}

/** A row as the API answers it: JSON columns parsed. */
export interface AuditRecord {
  id: number;
  at: string;
  actor_kind: string;
  actor_id: string | null;
  actor_name: string;
  action: string;
  target_kind: string | null;
  target_id: string | null;
  server_uuid: string | null;
  tool: string | null;
  arguments: unknown;
  decision: string | null;
  policy_ids: string[] | null;
  detail: unknown;
  prev_hash: string;
  hash: string;
}

export type AuditVerifyResult = { ok: true; rows: number } | { ok: false; broken_at: number; reason: string };

const SYSTEM: AuditActor = { kind: 'system', id: null, name: 'system' };
const loggers = new WeakMap<object, Logger>();

function loggerOf(ctx: Ctx): Logger {
  let log = loggers.get(ctx.config);
  if (!log) {
    log = createLogger(ctx.config, { module: 'audit' });
    loggers.set(ctx.config, log);
  }
  return log;
}

/** The actor of a principal: the person for a web session, else the key (a key id is stable, its owner may go). */
export async function resolveActor(ctx: Ctx, actor: AuditEntry['actor']): Promise<AuditActor> {
  if (!actor) return SYSTEM;
  if ('kind' in actor) return actor;
  if (actor.via === 'session' && actor.userId !== null) {
    const user = await findUserById(ctx.store.db, actor.userId);
    return { kind: 'user', id: user?.uuid ?? null, name: actor.name };
  }
  return { kind: 'key', id: actor.keyId === null ? null : String(actor.keyId), name: actor.name };
}

function jsonOrNull(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(redactSecrets(value));
}

async function fieldsOf(ctx: Ctx, entry: AuditEntry): Promise<Omit<AuditFields, 'prev_hash' | 'at'>> {
  const actor = await resolveActor(ctx, entry.actor);
  return {
    actor_kind: actor.kind,
    actor_id: actor.id,
    actor_name: actor.name,
    action: entry.action,
    target_kind: entry.target_kind ?? null,
    target_id: entry.target_id ?? null,
    server_uuid: entry.server_uuid ?? null,
    tool: entry.tool ?? null,
    arguments: jsonOrNull(entry.arguments),
    decision: entry.decision ?? null,
    policy_ids: entry.policy_ids ? JSON.stringify(entry.policy_ids) : null,
    detail: jsonOrNull(entry.detail),
  };
}

/**
 * Appends an audit row chained to the last one. Never throws: the action it records has already
 * happened, so a failed write is logged at error level and answered with undefined
 * (docs/DECISIONS.md, "A failed audit write does not fail the action").
 */
export async function recordAudit(ctx: Ctx, entry: AuditEntry): Promise<AuditRecord | undefined> {
  try {
    const fields = await fieldsOf(ctx, entry);
    const row = await appendAuditRow(ctx.store, (prev_hash) => {
      // The time is read under the lock: ids and times then grow together (retention relies on it).
      const sealed: AuditFields = { ...fields, at: new Date().toISOString(), prev_hash };
      return { fields: sealed, hash: hashAuditFields(sealed) };
    });
    return presentAuditRow(row);
  } catch (err) {
    loggerOf(ctx).error({ err, action: entry.action }, 'audit write failed');
    return undefined;
  }
}

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function presentAuditRow(row: AuditRow): AuditRecord {
  return {
    ...row,
    arguments: parse(row.arguments),
    policy_ids: parse(row.policy_ids) as string[] | null,
    detail: parse(row.detail),
  };
}

/**
 * Walks the chain in id order, a page at a time: each row's hash must match its fields and its
 * prev_hash the hash of the row before. The first row chains to the retention anchor (the last
 * row retention deleted) or, with none, to 64 zeros. Names the first row that breaks the chain.
 */
export async function verifyAuditChain(ctx: Pick<AppContext, 'store'>): Promise<AuditVerifyResult> {
  const anchor = await readAuditAnchor(ctx.store.db);
  let expected = anchor?.hash ?? GENESIS_HASH;
  let rows = 0;
  for await (const row of iterateAuditRows(ctx.store.db)) {
    if (row.prev_hash !== expected)
      return {
        ok: false,
        broken_at: row.id,
        reason:
          rows === 0
            ? 'prev_hash does not match the chain start (a first row was deleted or changed)'
            : 'prev_hash does not match the previous row (a row before it was deleted or changed)',
      };
    if (hashAuditFields(row) !== row.hash)
      return { ok: false, broken_at: row.id, reason: 'hash does not match the row (a field was changed)' };
    expected = row.hash;
    rows += 1;
  }
  return { ok: true, rows };
}

/** A page of audit rows as the API answers them. */
export async function listAudit(
  ctx: Pick<AppContext, 'store'>,
  filter: Parameters<typeof listAuditRows>[1],
  page: Parameters<typeof listAuditRows>[2],
): Promise<{ items: AuditRecord[]; total: number }> {
  const { items, total } = await listAuditRows(ctx.store.db, filter, page);
  return { items: items.map(presentAuditRow), total };
}

/** Every row the filter matches, oldest first, as the export writes them (read in pages). */
export async function* walkAudit(
  ctx: Pick<AppContext, 'store'>,
  filter: Parameters<typeof iterateAuditRows>[1],
): AsyncGenerator<AuditRecord> {
  for await (const row of iterateAuditRows(ctx.store.db, filter)) yield presentAuditRow(row);
}
