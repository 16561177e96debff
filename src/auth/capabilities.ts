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

export interface Principal {
  keyId: number;
  name: string;
  role: string;
  capabilities: ReadonlySet<Capability>;
}

/** `manage_options` grants everything. */
export function hasCapability(principal: Principal, capability: Capability): boolean {
  return principal.capabilities.has('manage_options') || principal.capabilities.has(capability);
}
