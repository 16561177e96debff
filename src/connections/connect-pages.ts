import { escapeHtml, type Page, renderPage, signInForms } from '../oauth-server/pages.ts';
import type { PerUserAuth } from '../servers/credentials.ts';

/*
 * The connect pages a person sees between their conversation and the upstream provider:
 * server-rendered, no script, the same look (and CSP) as the authorization server's pages.
 */

/** The host a configuration sends people to (what the page names as the provider). */
export function providerHost(auth: PerUserAuth): string | null {
  const url =
    auth.type === 'oauth2-authorization-code'
      ? (auth.authorization_url ?? auth.issuer)
      : auth.type === 'token-exchange'
        ? (auth.issuer ?? auth.token_url)
        : undefined;
  try {
    return url ? new URL(url).host : null;
  } catch {
    return null;
  }
}

export function renderConnectSignIn(opts: {
  action: string;
  serverName: string;
  localSignIn: boolean;
  oidc: { name: string; href: string } | null;
  error?: string;
  email?: string;
}): Page {
  return renderPage(
    'Sign in',
    `<h1>Sign in to connect</h1><p class="muted">Sign in to Toolgate as yourself to connect your account for ${escapeHtml(opts.serverName)}.</p>${signInForms(opts)}`,
  );
}

export function renderConnectConsent(opts: {
  action: string;
  csrfToken: string;
  serverName: string;
  userName: string;
  auth: PerUserAuth;
  /** Where the form's answer goes on (the provider's origin), for the CSP. */
  redirectTarget?: string;
  error?: string;
}): Page {
  const host = providerHost(opts.auth);
  const error = opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : '';
  const scope = 'scope' in opts.auth && opts.auth.scope ? opts.auth.scope.split(/\s+/) : [];
  const personal = opts.auth.type === 'personal-token';
  const details = personal
    ? `<dl><dt>Server</dt><dd>${escapeHtml(opts.serverName)}</dd><dt>Signed in as</dt><dd>${escapeHtml(opts.userName)}</dd></dl>
${opts.auth.type === 'personal-token' && opts.auth.instructions ? `<p class="muted">${escapeHtml(opts.auth.instructions)}</p>` : ''}
<label for="token">Your token</label><input id="token" name="token" type="password" autocomplete="off" required maxlength="8192">`
    : `<dl><dt>Server</dt><dd>${escapeHtml(opts.serverName)}</dd>
<dt>Provider</dt><dd>${escapeHtml(host ?? 'the upstream provider')}</dd>
<dt>Signed in as</dt><dd>${escapeHtml(opts.userName)}</dd>
${scope.length ? `<dt>Asks for</dt><dd><ul>${scope.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul></dd>` : ''}</dl>
<p class="muted">You will sign in at ${escapeHtml(host ?? 'the provider')} and come back here. Tools of this server then act as you; you can disconnect at any time under My connections.</p>`;
  return renderPage(
    personal ? 'Enter your token' : 'Connect your account',
    `<h1>${personal ? 'Enter your token' : 'Connect your account'}</h1>
<p class="muted">${escapeHtml(opts.serverName)} calls its API with your own ${personal ? 'token' : 'account'}, never someone else's.</p>${error}
<form method="post" action="${escapeHtml(opts.action)}"><input type="hidden" name="csrf_token" value="${escapeHtml(opts.csrfToken)}">${details}
<div class="actions"><button type="submit" name="decision" value="cancel" formnovalidate>Cancel</button><button class="primary" type="submit" name="decision" value="connect">${personal ? 'Save token' : 'Continue'}</button></div></form>`,
    opts.redirectTarget,
  );
}

export function renderConnectDone(opts: { serverName: string; connectionsUrl: string }): Page {
  return renderPage(
    'Connected',
    `<h1>Connected</h1><p>Your account for ${escapeHtml(opts.serverName)} is connected. Go back to your conversation: the assistant can try again now.</p>
<p class="muted"><a href="${escapeHtml(opts.connectionsUrl)}">My connections</a></p>`,
  );
}

export function renderConnectProblem(title: string, message: string, connectionsUrl: string): Page {
  return renderPage(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p class="muted"><a href="${escapeHtml(connectionsUrl)}">My connections</a></p>`,
  );
}
