import type { Capability } from '../api/types.ts';

/** The checks the people forms (sign-in, users, my account) make before asking the API. */

/** The API's floor for a password. */
export const MIN_PASSWORD = 12;

/** A reason when `value` is not an e-mail address, else null. */
export function checkEmail(value: string): string | null {
  const v = value.trim();
  if (!v) return 'required';
  return /^[^\s@]+@[^\s@]+$/.test(v) ? null : 'an e-mail address like ana@example.com';
}

/** A reason when `value` is too short to be a password; an empty value is `required` only when asked. */
export function checkPassword(value: string, { required = false } = {}): string | null {
  if (!value) return required ? 'required' : null;
  return value.length >= MIN_PASSWORD ? null : `at least ${MIN_PASSWORD} characters`;
}

/** The roles a person, group or key may be given, with what each allows. */
export const ROLES: Array<[string, string]> = [
  ['administrator', 'everything, including people, keys, call-log deletion and retention'],
  ['editor', 'servers, tools, prompts, resources, imports; reads analytics'],
  ['analyst', 'reads analytics and call logs only'],
  ['settings', 'settings and the health-check diagnostic; reads analytics'],
];

/** What a role select's hint says; `''` is "no role of their own". */
export function describeRole(role: string, none = 'only what their groups give'): string {
  return role === '' ? none : (ROLES.find(([r]) => r === role)?.[1] ?? '');
}

/** What each role allows, as the server's `ROLES` (src/auth/capabilities.ts) bundles them. */
const ROLE_CAPABILITIES: Record<string, Capability[]> = {
  administrator: ['manage_options'],
  editor: ['svc_manage_servers', 'svc_view_analytics'],
  analyst: ['svc_view_analytics'],
  settings: ['svc_manage_settings', 'svc_view_analytics'],
};

/**
 * The roles a person may give a key of their own: those within what they hold (the API refuses
 * the others, this only spares the person the refusal).
 */
export function rolesWithin(can: (capability: Capability) => boolean): Array<[string, string]> {
  return ROLES.filter(([role]) => (ROLE_CAPABILITIES[role] ?? []).every(can));
}
