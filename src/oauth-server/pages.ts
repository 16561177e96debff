/*
 * The authorization server's pages: server-rendered HTML with no script; the one style sheet
 * is inline under a per-response nonce, and `frame-ancestors 'none'` keeps any other site from
 * framing a consent click.
 */

import { randomBytes } from 'node:crypto';

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

const CSS = `
:root{color-scheme:light dark;--fg:#1b1f24;--muted:#57606a;--bg:#f6f8fa;--card:#fff;--line:#d0d7de;--accent:#0b5fff;--danger:#b42318}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9da7b3;--bg:#0d1117;--card:#161b22;--line:#30363d;--accent:#4c8dff;--danger:#ff7b72}}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
main{width:min(440px,calc(100vw - 32px));background:var(--card);border:1px solid var(--line);border-radius:12px;padding:28px}
h1{font-size:1.35rem;margin:0 0 4px}p{margin:8px 0}.muted{color:var(--muted);font-size:.92rem}
.brand{font-weight:600;color:var(--muted);font-size:.85rem;letter-spacing:.04em;text-transform:uppercase;margin-bottom:16px}
label{display:block;font-weight:600;margin:14px 0 4px}input[type=email],input[type=password]{width:100%;padding:10px 12px;border:1px solid var(--line);border-radius:8px;background:var(--bg);color:var(--fg);font:inherit}
button,.button{display:inline-block;padding:10px 16px;border-radius:8px;border:1px solid var(--line);background:var(--card);color:var(--fg);font:inherit;font-weight:600;cursor:pointer;text-decoration:none;text-align:center}
button.primary{background:var(--accent);border-color:var(--accent);color:#fff}.actions{display:flex;gap:12px;margin-top:20px}.actions>*{flex:1}
dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 14px;margin:16px 0;padding:14px;border:1px solid var(--line);border-radius:8px}dt{color:var(--muted)}dd{margin:0;word-break:break-word}
.error{color:var(--danger);font-weight:600}.warn{border-left:3px solid var(--danger);padding-left:10px}ul{margin:4px 0;padding-left:20px}
`;

export interface Page {
  html: string;
  /** The Content-Security-Policy that goes with this page (its style nonce). */
  csp: string;
}

/**
 * A full page around `body`, with its CSP. `redirectTarget` is where the form's answer may end
 * up: browsers apply `form-action` to every redirect after a submission, and the last one goes
 * to the client's redirect URI.
 */
export function renderPage(title: string, body: string, redirectTarget?: string): Page {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><link rel="icon" href="/admin/favicon.svg" type="image/svg+xml"><title>${escapeHtml(title)} · Toolgate</title>
<style nonce="${nonce}">${CSS}</style></head>
<body><main><div class="brand">Toolgate</div>${body}</main></body></html>`;
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "img-src 'self'",
    `form-action 'self'${redirectTarget ? ` ${redirectTarget}` : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  return { html, csp };
}

/** Headers every page is sent with. */
export function pageHeaders(page: Page): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': page.csp,
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  };
}

/** The sign-in forms (password and/or the company IdP) of a page that needs a signed-in person. */
export function signInForms(opts: {
  action: string;
  email?: string;
  error?: string;
  oidc?: { name: string; href: string } | null;
  localSignIn: boolean;
}): string {
  const error = opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : '';
  const local = opts.localSignIn
    ? `<form method="post" action="${escapeHtml(opts.action)}">
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(opts.email ?? '')}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<div class="actions"><button class="primary" type="submit">Sign in</button></div></form>`
    : '';
  const oidc = opts.oidc
    ? `<div class="actions"><a class="button" href="${escapeHtml(opts.oidc.href)}">Sign in with ${escapeHtml(opts.oidc.name)}</a></div>`
    : '';
  return `${error}${local}${oidc}`;
}

export function renderSignIn(opts: {
  action: string;
  clientName: string;
  email?: string;
  error?: string;
  oidc?: { name: string; href: string } | null;
  localSignIn: boolean;
  /** The client's redirect origin (or private-use scheme), for the CSP. */
  redirectTarget?: string;
}): Page {
  return renderPage(
    'Sign in',
    `<h1>Sign in</h1><p class="muted">${escapeHtml(opts.clientName)} wants to connect to Toolgate on your behalf. Sign in first.</p>${signInForms(opts)}`,
    opts.redirectTarget,
  );
}

export function renderConsent(opts: {
  action: string;
  csrfToken: string;
  clientName: string;
  clientId: string;
  redirectHost: string;
  loopbackOnly: boolean;
  servers: string[];
  scopes: string[];
  userName: string;
  redirectTarget?: string;
}): Page {
  const scopes =
    opts.scopes.length > 0
      ? `<ul>${opts.scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>`
      : 'use its tools as you';
  const warn = opts.loopbackOnly
    ? `<p class="warn muted">This client receives the answer on this computer (${escapeHtml(opts.redirectHost)}). Allow it only if you started the connection yourself.</p>`
    : '';
  return renderPage(
    'Allow access',
    `<h1>Allow ${escapeHtml(opts.clientName)}?</h1>
<p class="muted">Signed in as ${escapeHtml(opts.userName)}</p>
<dl><dt>Client</dt><dd>${escapeHtml(opts.clientName)}<br><span class="muted">${escapeHtml(opts.clientId)}</span></dd>
<dt>Sends you back to</dt><dd>${escapeHtml(opts.redirectHost)}</dd>
<dt>Server</dt><dd>${opts.servers.map(escapeHtml).join('<br>')}</dd>
<dt>May</dt><dd>${scopes}</dd></dl>${warn}
<form method="post" action="${escapeHtml(opts.action)}"><input type="hidden" name="csrf_token" value="${escapeHtml(opts.csrfToken)}">
<div class="actions"><button type="submit" name="decision" value="deny">Deny</button><button class="primary" type="submit" name="decision" value="allow">Allow</button></div></form>`,
    opts.redirectTarget,
  );
}

export function renderError(title: string, message: string): Page {
  return renderPage(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}
