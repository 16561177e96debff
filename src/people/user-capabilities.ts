import { type Capability, capabilitiesOfRoles } from '../auth/capabilities.ts';
import type { Store } from '../store/db.ts';
import { listMemberships, type MembershipRecord, type UserRecord } from '../store/users.repo.ts';

/**
 * What a person may do: the union of their role's and their groups' roles' capabilities; a
 * disabled person may do nothing.
 */
export function capabilitiesOf(user: UserRecord, groups: MembershipRecord[]): Set<Capability> {
  if (user.disabled_at) return new Set();
  return capabilitiesOfRoles([user.role, ...groups.map((g) => g.role)]);
}

/** The person's groups and capabilities, read now (a change of role or group counts at once). */
export async function loadCapabilities(
  store: Store,
  user: UserRecord,
): Promise<{ groups: MembershipRecord[]; capabilities: Set<Capability> }> {
  const groups = (await listMemberships(store.db, [user.id])).get(user.id) ?? [];
  return { groups, capabilities: capabilitiesOf(user, groups) };
}
