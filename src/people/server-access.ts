import type { AppContext } from '../context.ts';
import type { Caller } from '../shared/caller.ts';
import type { AccessList } from '../store/servers.repo.ts';
import { findUserByUuid, listMemberships } from '../store/users.repo.ts';

/**
 * Whether a signed-in person may use a server: they exist and are enabled, and the server's
 * access list (null: everyone signed in) names them or one of their groups. Read on every
 * request, not kept: disabling a person or changing a group takes effect at their next request.
 */
export async function mayUseServer(
  ctx: AppContext,
  server: { access_list: AccessList | null },
  caller: Caller,
): Promise<boolean> {
  const user = await findUserByUuid(ctx.store.db, caller.userUuid);
  if (!user || user.disabled_at !== null) return false;
  const list = server.access_list;
  if (list === null) return true;
  if (list.users.includes(user.uuid)) return true;
  if (list.groups.length === 0) return false;
  const groups = (await listMemberships(ctx.store.db, [user.id])).get(user.id) ?? [];
  return groups.some((g) => list.groups.includes(g.uuid));
}
