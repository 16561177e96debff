import type { AppContext } from '../context.ts';
import { findServerBySlug } from '../store/servers.repo.ts';
import { authorizationServerOf } from './authorization-server.ts';
import type { InteractionDetails } from './oidc-provider-types.ts';
import { DEFAULT_SCOPE, toolgateResourceOf } from './resources.ts';

/*
 * What a consent page shows and what Allow records: a Grant for (person, client) naming each
 * requested resource with its scopes (an empty scope still names the resource: the token's
 * audience).
 */

export interface ConsentView {
  clientName: string;
  clientId: string;
  /** The host (and port) the authorization response goes to. */
  redirectHost: string;
  /** Every redirect of the client lands on this computer (a loopback address). */
  loopbackOnly: boolean;
  /** The redirect's origin (or private-use scheme) as a CSP source, when it is one. */
  redirectTarget?: string;
  /** The servers asked for, by name and endpoint. */
  servers: string[];
  scopes: string[];
}

function resourcesOf(details: InteractionDetails): string[] {
  const r = details.params.resource;
  return Array.isArray(r) ? r : typeof r === 'string' ? [r] : [];
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export async function describeConsent(ctx: AppContext, details: InteractionDetails): Promise<ConsentView> {
  const provider = await authorizationServerOf(ctx).provider();
  const client = await provider.Client.find(details.params.client_id);
  const redirect = typeof details.params.redirect_uri === 'string' ? details.params.redirect_uri : '';
  let redirectHost = redirect;
  let loopbackOnly = false;
  let redirectTarget: string | undefined;
  try {
    const url = new URL(redirect);
    const web = url.protocol === 'http:' || url.protocol === 'https:';
    if (web) redirectTarget = url.origin;
    else if (/^[a-z][a-z0-9+.-]*:$/.test(url.protocol)) redirectTarget = url.protocol;
    redirectHost =
      url.protocol === 'http:' || url.protocol === 'https:' ? url.host : `${url.protocol}//${url.host}`;
    loopbackOnly = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  } catch {
    // shown as given
  }
  const servers: string[] = [];
  for (const indicator of resourcesOf(details)) {
    const resource = await toolgateResourceOf(ctx, indicator, (slug) => findServerBySlug(ctx.store.db, slug));
    servers.push(resource ? `${resource.server.name} (${resource.url})` : indicator);
  }
  const scope = typeof details.params.scope === 'string' ? details.params.scope : '';
  return {
    clientName: client?.clientName || details.params.client_id,
    clientId: details.params.client_id,
    redirectHost,
    loopbackOnly,
    ...(redirectTarget ? { redirectTarget } : {}),
    servers,
    scopes: scope
      .split(' ')
      .filter((s) => s !== '' && s !== 'openid' && s !== 'offline_access')
      .map((s) => (s === DEFAULT_SCOPE ? 'Use its tools, prompts and resources as you' : s)),
  };
}

/** Records the person's consent to what the interaction asks; returns the grant id. */
export async function grantConsent(
  ctx: AppContext,
  details: InteractionDetails,
  accountId: string,
): Promise<string> {
  const provider = await authorizationServerOf(ctx).provider();
  const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId: details.params.client_id });
  const missing = details.prompt.details as {
    missingOIDCScope?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  for (const resource of resourcesOf(details))
    grant.addResourceScope(resource, (missing.missingResourceScopes?.[resource] ?? []).join(' '));
  return grant.save();
}
