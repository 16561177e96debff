import { type AuditEntry, recordAudit } from '../audit/audit.service.ts';
import type { AppContext } from '../context.ts';
import type { GroupRecord } from '../store/users.repo.ts';

type Ctx = Pick<AppContext, 'store' | 'config'>;

/**
 * Records a change to a group (`group.created`, `group.updated`, `group.deleted`,
 * `group.members_changed`): its name and role always, since a group's role grants capabilities.
 */
export async function auditGroup(
  ctx: Ctx,
  actor: AuditEntry['actor'],
  action: string,
  group: Pick<GroupRecord, 'uuid' | 'name' | 'role'>,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await recordAudit(ctx, {
    actor,
    action,
    target_kind: 'group',
    target_id: group.uuid,
    detail: { name: group.name, role: group.role, ...detail },
  });
}

/** Records `group.members_changed` with the people added and removed (by UUID), when any were. */
export async function auditMembers(
  ctx: Ctx,
  actor: AuditEntry['actor'],
  group: Pick<GroupRecord, 'uuid' | 'name' | 'role'>,
  before: string[],
  after: string[],
): Promise<void> {
  const users_added = after.filter((u) => !before.includes(u));
  const users_removed = before.filter((u) => !after.includes(u));
  if (users_added.length + users_removed.length === 0) return;
  await auditGroup(ctx, actor, 'group.members_changed', group, { users_added, users_removed });
}
