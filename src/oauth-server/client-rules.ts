import type { ProviderLike } from './oidc-provider-types.ts';

/*
 * Client metadata rules, applied to oidc-provider's client schema, which DCR and metadata
 * documents both go through.
 *
 * No metadata that makes the provider fetch a URL itself (`jwks_uri`, `sector_identifier_uri`):
 * its fetches would bypass the egress client and its address policy (an anonymous registration
 * could make Toolgate request an internal address).
 *
 * Redirect-URI rules real MCP clients need (IDENTITY-NOTES §2 and §7.4), applied to
 * oidc-provider's client schema, which DCR and metadata documents both go through:
 * - a client with a loopback `http` or a private-use-scheme redirect is `native` (a document or a
 *   registration that omits `application_type` would otherwise be refused as `web`), so its
 *   loopback redirects match on any port (RFC 8252 §7.3);
 * - private-use schemes need not be reverse-domain (`cursor://anysphere.cursor-mcp/...`), but
 *   schemes that run or read content (`javascript:`, `data:`, `file:`…) are refused.
 * Everything else (exact matching, https, no fragments) stays the library's. Registered `scope`
 * values are not kept (see below).
 */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const REFUSED_SCHEMES = new Set([
  'javascript:',
  'data:',
  'file:',
  'vbscript:',
  'about:',
  'blob:',
  'filesystem:',
  'ws:',
  'wss:',
]);

interface SchemaLike {
  application_type?: string;
  scope?: string;
  jwks_uri?: string;
  sector_identifier_uri?: string;
  scopes(): void;
  redirect_uris?: string[];
  invalidate(message: string): never;
  redirectUris(uris?: string[], label?: string): void;
}

function kindOf(uri: string): 'loopback' | 'web' | 'private' | 'refused' | 'invalid' {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'invalid';
  }
  if (url.protocol === 'http:') return LOOPBACK_HOSTS.has(url.hostname) ? 'loopback' : 'web';
  if (url.protocol === 'https:') return 'web';
  if (REFUSED_SCHEMES.has(url.protocol)) return 'refused';
  return 'private';
}

/** Installs the rules on the provider's client schema. */
export function applyClientRules(provider: ProviderLike): void {
  const Schema = (provider.Client as unknown as { Schema: { prototype: SchemaLike } }).Schema;
  // A registered `scope` is dropped rather than checked against the OpenID scopes: MCP clients
  // register the resource's scopes (the SDK copies the PRM's), which the resource server, not
  // this list, governs.
  const checkScopes = Schema.prototype.scopes;
  Schema.prototype.scopes = function scopes(this: SchemaLike) {
    if (this.jwks_uri !== undefined) this.invalidate('jwks_uri is not supported');
    if (this.sector_identifier_uri !== undefined) this.invalidate('sector_identifier_uri is not supported');
    delete this.scope;
    return checkScopes.call(this);
  };
  const original = Schema.prototype.redirectUris;
  Schema.prototype.redirectUris = function redirectUris(this: SchemaLike, uris?: string[], label?: string) {
    const list = uris ?? this.redirect_uris ?? [];
    if (label === undefined || label === 'redirect_uris') {
      const kinds = list.map(kindOf);
      if (kinds.includes('refused')) this.invalidate('redirect_uris may not use that scheme');
      if (kinds.some((k) => k === 'loopback' || k === 'private')) this.application_type = 'native';
      if (this.application_type === 'native') {
        // Private-use schemes are checked here; the library checks the http(s) ones.
        const checked = list.filter((u) => kindOf(u) !== 'private');
        for (const u of list)
          if (kindOf(u) === 'private' && new URL(u).hash)
            this.invalidate('redirect_uris must not contain fragments');
        return original.call(this, checked, label);
      }
    }
    return original.call(this, uris, label);
  };
}
