import type { Candidate } from './types.ts';
import { isObject } from './types.ts';

/*
 * OpenAPI security → a hint for the server's outbound auth. Each scheme in
 * `components.securitySchemes` maps to one of Toolgate's outbound auth types or is reported
 * as not mappable; each operation's effective requirement (its own `security`, else the
 * document's) names the schemes it accepts, in the document's order. The hint is the mappable
 * scheme that most of the chosen operations accept first. Never any credential values: the
 * document has none, and the operator fills them in.
 */

type Obj = Record<string, unknown>;

export type AuthHint =
  | { type: 'bearer'; scheme: string }
  | { type: 'basic'; scheme: string }
  | { type: 'api-key'; scheme: string; name: string; location: 'header' | 'query' }
  | { type: 'oauth2-client-credentials'; scheme: string; token_url: string; scopes: string[] };

/** One scheme of the document as the phase-1 response lists it. */
export interface SecuritySchemeReport {
  scheme: string;
  /** The OpenAPI type: `http`, `apiKey`, `oauth2`, `openIdConnect`, `mutualTLS`. */
  type: string;
  /** The outbound auth type it maps to, or null when Toolgate cannot apply it. */
  maps_to: AuthHint['type'] | null;
  /** How many operations accept it. */
  operations: number;
  /** Why it does not map. */
  note?: string;
}

export interface DocumentSecurity {
  schemes: SecuritySchemeReport[];
  /** The hint of every mappable scheme, by scheme name. */
  hints: Record<string, AuthHint>;
  warnings: string[];
}

/** The requirement alternatives of one operation: its own `security`, else the document's. */
export function effectiveRequirements(op: Obj, doc: Obj): Obj[] {
  const list = Array.isArray(op.security) ? op.security : Array.isArray(doc.security) ? doc.security : [];
  return list.filter(isObject);
}

/** Scheme names of the requirement alternatives, in order, each once (`{}` = optional adds none). */
export function requirementSchemes(requirements: Obj[]): string[] {
  return [...new Set(requirements.flatMap((r) => Object.keys(r)))];
}

function mapScheme(name: string, def: Obj, scopes: string[]): AuthHint | { note: string } {
  const type = String(def.type ?? '');
  if (type === 'http') {
    const scheme = String(def.scheme ?? '').toLowerCase();
    if (scheme === 'bearer') return { type: 'bearer', scheme: name };
    if (scheme === 'basic') return { type: 'basic', scheme: name };
    return { note: `HTTP "${String(def.scheme ?? '')}" authentication is not an outbound auth type` };
  }
  if (type === 'apiKey') {
    const location = def.in;
    if (typeof def.name !== 'string' || def.name === '') return { note: 'the API key has no name' };
    if (location === 'header' || location === 'query')
      return { type: 'api-key', scheme: name, name: def.name, location };
    return { note: `API keys sent in a ${String(location)} are not supported as outbound auth` };
  }
  if (type === 'oauth2') {
    const flows = isObject(def.flows) ? def.flows : {};
    const flow = flows.clientCredentials;
    if (isObject(flow) && typeof flow.tokenUrl === 'string' && flow.tokenUrl !== '')
      return { type: 'oauth2-client-credentials', scheme: name, token_url: flow.tokenUrl, scopes };
    const names = Object.keys(flows).join(', ') || 'none';
    return { note: `OAuth2 without a client-credentials flow (flows: ${names}) needs a user to sign in` };
  }
  if (type === 'openIdConnect') return { note: 'OpenID Connect needs a user to sign in' };
  if (type === 'mutualTLS') return { note: 'mutual TLS client certificates are not supported' };
  return { note: `security scheme type "${type}" is not supported` };
}

/**
 * Reads the document's schemes against the operations' requirements (`requirements[i]` for
 * candidate i). OAuth2 scopes are those the operations ask for, not every scope the flow lists.
 */
export function readDocumentSecurity(doc: Obj, requirements: Obj[][]): DocumentSecurity {
  const components = isObject(doc.components) ? doc.components : {};
  const defs = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const uses = new Map<string, number>();
  const scopes = new Map<string, Set<string>>();
  const combined = new Set<string>();
  for (const alternatives of requirements) {
    for (const name of requirementSchemes(alternatives)) uses.set(name, (uses.get(name) ?? 0) + 1);
    for (const requirement of alternatives) {
      const names = Object.keys(requirement);
      if (names.length > 1) combined.add(names.join(' + '));
      for (const name of names) {
        const list = requirement[name];
        const set = scopes.get(name) ?? new Set<string>();
        if (Array.isArray(list)) for (const s of list) if (typeof s === 'string') set.add(s);
        scopes.set(name, set);
      }
    }
  }
  const result: DocumentSecurity = { schemes: [], hints: {}, warnings: [] };
  for (const [name, def] of Object.entries(defs)) {
    if (!isObject(def)) continue;
    const mapped = mapScheme(name, def, [...(scopes.get(name) ?? [])]);
    const report: SecuritySchemeReport = {
      scheme: name,
      type: String(def.type ?? ''),
      maps_to: 'type' in mapped ? mapped.type : null,
      operations: uses.get(name) ?? 0,
    };
    if ('note' in mapped) report.note = mapped.note;
    else result.hints[name] = mapped;
    result.schemes.push(report);
  }
  const unmappable = result.schemes.filter((s) => s.maps_to === null && s.operations > 0);
  if (unmappable.length)
    result.warnings.push(
      `Security scheme(s) ${unmappable.map((s) => `${s.scheme} (${s.note})`).join('; ')} cannot become the server's outbound auth: configure it by hand.`,
    );
  if (combined.size)
    result.warnings.push(
      `Some operations need several security schemes together (${[...combined].join(', ')}); a server applies one outbound auth.`,
    );
  return result;
}

/**
 * The outbound auth hint for these candidates: the mappable scheme most of them accept first
 * (ties: the one seen first), or null when none of them accepts a mappable scheme.
 */
export function chooseAuthHint(
  candidates: Candidate[],
  security: DocumentSecurity | undefined,
): AuthHint | null {
  if (!security) return null;
  const votes = new Map<string, number>();
  for (const c of candidates) {
    const first = c.security?.find((name) => security.hints[name]);
    if (first) votes.set(first, (votes.get(first) ?? 0) + 1);
  }
  let best: string | undefined;
  for (const [name, n] of votes) if (best === undefined || n > votes.get(best)!) best = name;
  return best ? security.hints[best]! : null;
}
