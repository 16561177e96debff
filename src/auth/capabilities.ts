/** Capabilities and the roles that bundle them. */
export const CAPABILITIES = [
  'manage_options',
  'svc_manage_servers',
  'svc_manage_settings',
  'svc_view_analytics',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const ROLES: Record<string, Capability[]> = {
  administrator: [...CAPABILITIES],
  editor: ['svc_manage_servers', 'svc_view_analytics'],
  analyst: ['svc_view_analytics'],
  settings: ['svc_manage_settings', 'svc_view_analytics'],
};

/** Who is asking: an API key (with its owner, if any) or a person signed in to the admin UI. */
export interface Principal {
  /** The API key used; null for a web session. */
  keyId: number | null;
  /** The person (a key's owner); null for a key of no person. */
  userId: number | null;
  /** The key's name, or the user's display name (else e-mail). */
  name: string;
  role: string;
  capabilities: ReadonlySet<Capability>;
  via: 'key' | 'session';
  /** The web session, when `via` is `session`. */
  sessionId?: number;
}

/** `manage_options` grants everything. */
export function hasCapability(principal: Pick<Principal, 'capabilities'>, capability: Capability): boolean {
  return principal.capabilities.has('manage_options') || principal.capabilities.has(capability);
}

/** The capabilities a list stands for, `manage_options` spelled out as every capability. */
export function expandCapabilities(list: Iterable<string>): Set<Capability> {
  const out = new Set<Capability>();
  for (const c of list) {
    if (c === 'manage_options') return new Set(CAPABILITIES);
    if ((CAPABILITIES as readonly string[]).includes(c)) out.add(c as Capability);
  }
  return out;
}

/** The union of the roles' capabilities (unknown or null roles add nothing). */
export function capabilitiesOfRoles(roles: Array<string | null | undefined>): Set<Capability> {
  return expandCapabilities(roles.flatMap((r) => (r ? (ROLES[r] ?? []) : [])));
}

/** The capabilities of both sets, each expanded first (a key never grants more than its owner holds). */
export function intersectCapabilities(a: Iterable<string>, b: Iterable<string>): Set<Capability> {
  const right = expandCapabilities(b);
  return new Set([...expandCapabilities(a)].filter((c) => right.has(c)));
}

/** The capabilities in the order of CAPABILITIES (for answers). */
export function listCapabilities(set: ReadonlySet<Capability>): Capability[] {
  return CAPABILITIES.filter((c) => set.has(c));
}
