import { type AuditEntry, recordAudit } from '../audit/audit.service.ts';
import type { AppContext } from '../context.ts';
import type { AccessList, NewServer, ServerRecord } from '../store/servers.repo.ts';
import { CREDENTIAL_FIELDS, originsField } from './credential-origins.ts';

/*
 * The audit rows of a server's credentials and access list. A credentials row names the fields
 * that changed and the outbound auth type, never a value; an access row names who was added and
 * removed, and the list now (null: everyone signed in).
 */

type Ctx = Pick<AppContext, 'store' | 'config'>;
type Actor = AuditEntry['actor'];

const CREDENTIAL_PATCH_FIELDS = CREDENTIAL_FIELDS.flatMap((f) => [f, originsField(f)]);

/**
 * Records `server.credentials_changed` when the patch sets, replaces, clears or rebinds a credential
 * set of the server as it was (`before`; null for a new one) and is now (`after`).
 */
export async function auditCredentialPatch(
  ctx: Ctx,
  actor: Actor,
  before: ServerRecord | null,
  after: Pick<ServerRecord, 'uuid' | 'outbound_auth_type'>,
  patch: Partial<NewServer>,
): Promise<void> {
  const had = (f: (typeof CREDENTIAL_PATCH_FIELDS)[number]) => (before?.[f] ?? null) !== null;
  const fields = CREDENTIAL_PATCH_FIELDS.filter(
    (f) => patch[f] !== undefined && (patch[f] !== null || had(f)),
  );
  if (fields.length === 0) return;
  await recordAudit(ctx, {
    actor,
    action: 'server.credentials_changed',
    target_kind: 'server',
    target_id: after.uuid,
    server_uuid: after.uuid,
    detail: {
      fields,
      type: after.outbound_auth_type,
      removed: CREDENTIAL_FIELDS.filter((f) => patch[f] === null && had(f)),
    },
  });
}

const added = (from: string[], to: string[]) => to.filter((x) => !from.includes(x));

/** Records `server.access_changed` when the access list is not what it was. */
export async function auditAccessChange(
  ctx: Ctx,
  actor: Actor,
  server: Pick<ServerRecord, 'uuid'>,
  before: AccessList | null,
  after: AccessList | null | undefined,
): Promise<void> {
  if (after === undefined) return;
  const from = before ?? { users: [], groups: [] };
  const to = after ?? { users: [], groups: [] };
  const change = {
    users_added: added(from.users, to.users),
    users_removed: added(to.users, from.users),
    groups_added: added(from.groups, to.groups),
    groups_removed: added(to.groups, from.groups),
  };
  const opened = (before === null) !== (after === null);
  if (!opened && Object.values(change).every((list) => list.length === 0)) return;
  await recordAudit(ctx, {
    actor,
    action: 'server.access_changed',
    target_kind: 'server',
    target_id: server.uuid,
    server_uuid: server.uuid,
    detail: { ...change, access_list: after },
  });
}

/**
 * Records `server.deleted`: its credentials and access list went with it (`deleted_fields`: the
 * credential sets it held; a detail key naming credentials would be redacted).
 */
export async function auditServerDeleted(ctx: Ctx, actor: Actor, server: ServerRecord): Promise<void> {
  await recordAudit(ctx, {
    actor,
    action: 'server.deleted',
    target_kind: 'server',
    target_id: server.uuid,
    server_uuid: server.uuid,
    detail: {
      name: server.name,
      slug: server.slug,
      deleted_fields: CREDENTIAL_FIELDS.filter((f) => server[f] !== null),
    },
  });
}
