import type { OutboundCredentials, ResolvedCredentials } from '../servers/credentials.ts';
import { BoundedCache } from '../shared/bounded-cache.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import { type SpanHandle, startSpan, tracingOn } from '../tracing/tracing.ts';
import type { PreparedRequest } from './build-request.ts';
import { applyCredentials, credentialIdentity, type OAuthTokenSource } from './outbound-auth.ts';
import { RequestUrl } from './request-url.ts';
import { viewRequest } from './request-view.ts';
import type { Attempt } from './retry.ts';
import { SendError, type Sender, type UpstreamResponse } from './send.ts';
import type { ExecuteRequest, ExecutorPorts, OutboundRequestView } from './types.ts';

export interface OpenedCredentials {
  creds: OutboundCredentials | null;
  identity: string;
  /** Which set `creds` is (for messages); null without credentials. */
  field: ResolvedCredentials['field'] | null;
  /** Origins `creds` may be sent to (servers/credential-origins.ts); empty while unbound. */
  origins: ReadonlySet<string>;
  /** `creds` say how to get each caller's own credential (ports.userCredential). */
  perUser: boolean;
}

interface CredentialEntry extends OpenedCredentials {
  production: string | null;
  test: string | null;
  productionOrigins: readonly string[] | null;
  testOrigins: readonly string[] | null;
}

const NO_ORIGINS: ReadonlySet<string> = new Set();

/**
 * Decrypting and hashing credentials on every call is measurable, so opened credentials are
 * kept per server and mode. An entry is used only while the server's sealed envelopes and origin
 * lists are the ones it was opened from, so changed credentials are picked up at once.
 */
export function createCredentialCache(openCredentials: ExecutorPorts['openCredentials'], maxEntries = 1_000) {
  const opened = new BoundedCache<CredentialEntry>({ maxEntries });
  return {
    open(server: ServerRecord, useTest: boolean): OpenedCredentials {
      const key = useTest ? `t${server.uuid}` : `p${server.uuid}`;
      const test = useTest ? server.test_auth_credentials : null;
      const testOrigins = useTest ? server.test_auth_credentials_origins : null;
      const hit = opened.get(key);
      if (
        hit &&
        hit.production === server.auth_credentials &&
        hit.test === test &&
        sameList(hit.productionOrigins, server.auth_credentials_origins) &&
        sameList(hit.testOrigins, testOrigins)
      )
        return hit;
      const resolved = openCredentials(server, useTest);
      const creds = resolved?.creds ?? null;
      const entry: CredentialEntry = {
        creds,
        identity: credentialIdentity(creds),
        field: resolved?.field ?? null,
        origins: resolved && resolved.origins.length > 0 ? new Set(resolved.origins) : NO_ORIGINS,
        perUser: resolved?.perUser === true,
        production: server.auth_credentials,
        test,
        productionOrigins: server.auth_credentials_origins,
        testOrigins,
      };
      opened.set(key, entry);
      return entry;
    },
  };
}

/** Two origin lists are the same (the record cache re-reads a server as new arrays). */
function sameList(a: readonly string[] | null, b: readonly string[] | null | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Null when the opened credentials may be sent to `origin` (or there are none); else why not,
 * as the tool error the caller sees. Nothing is sent then: sending without credentials would
 * fail in a way that hides the reason.
 */
export function refuseOrigin(opened: OpenedCredentials, origin: string): string | null {
  if (!opened.creds || opened.origins.has(origin)) return null;
  const field = opened.field ?? 'auth_credentials';
  if (opened.origins.size === 0)
    return `Credentials refused: the server's ${field} are not bound to any origin yet, so they are not sent to ${origin}; an administrator sets ${field}_origins (or saves a tool), or the credentials are saved again with ${field}_origins. No request was sent.`;
  return `Credentials refused: the server's ${field} may not be sent to ${origin}, which is not in ${field}_origins; an administrator can add it. No request was sent.`;
}

/** The request with credentials applied; the URL is copied only when credentials go into it. */
export function authenticate(
  prepared: PreparedRequest,
  creds: OutboundCredentials | null,
  token: string | undefined,
): { request: PreparedRequest; view: OutboundRequestView } {
  const request: PreparedRequest = {
    method: prepared.method,
    // Immutable: a credential in the query replaces it (applyCredentials).
    url: prepared.url,
    headers: { ...prepared.headers },
    body: prepared.body,
  };
  return { request, view: viewRequest(request, applyCredentials(request, creds, token)) };
}

/**
 * The outbound side of one execution: the authenticated request and its masked view, plus the
 * OAuth token, which a 401 refreshes once (it may have been revoked before its expiry).
 * A class rather than closures: the hot path allocates one object per call.
 */
export class UpstreamCall {
  request: PreparedRequest;
  view: OutboundRequestView;
  /** Sends beyond the retry policy's own (the OAuth refresh). */
  extraSends = 0;
  private token: string | undefined;

  constructor(
    private readonly prepared: PreparedRequest,
    private creds: OutboundCredentials | null,
    private readonly sender: Sender,
    private readonly tokens: OAuthTokenSource,
    private readonly req: ExecuteRequest,
    private readonly timeoutMs: number,
    /** A person's credential, fetched anew after a 401 (refreshed, or consent asked). */
    private readonly renew?: () => Promise<OutboundCredentials>,
  ) {
    const authed = authenticate(prepared, creds, undefined);
    this.request = authed.request;
    this.view = authed.view;
  }

  get usesOAuth(): boolean {
    return this.creds?.type === 'oauth2-client-credentials';
  }

  /** Fetches (or reuses) the OAuth token and authenticates the request with it. */
  async authorize(): Promise<void> {
    if (this.creds?.type !== 'oauth2-client-credentials') return;
    this.token = await this.tokens.token(this.creds, this.timeoutMs, this.req.cancel);
    const authed = authenticate(this.prepared, this.creds, this.token);
    this.request = authed.request;
    this.view = authed.view;
  }

  /**
   * One send; a 401 with an OAuth token refreshes the token and sends once more. A promise chain
   * rather than an async method: the usual answer adds one `then` to the send, not a frame.
   */
  attempt(n: number): Promise<Attempt> {
    if (n > 1) this.req.onLog?.('warning', { message: 'retrying upstream call', attempt: n });
    const span = tracingOn() ? this.startAttemptSpan(n) : undefined;
    return this.sender.send(this.request, this.timeoutMs, this.req.cancel).then(
      (response) => this.answered(response, span),
      (err) => this.failed(err, span),
    );
  }

  private answered(response: UpstreamResponse, span: SpanHandle | undefined): Attempt | Promise<Attempt> {
    // The token may have been revoked before its expiry: a fresh one, once.
    if (response.status === 401 && this.extraSends === 0) {
      if (this.renew) return this.resend(() => this.renewCredential(this.renew!), span);
      if (this.token && this.creds) {
        const [creds, token] = [this.creds, this.token];
        return this.resend(() => {
          this.tokens.invalidate(creds, token);
          return this.authorize();
        }, span);
      }
    }
    endSpan(span, response);
    return { response };
  }

  /**
   * A GET of a status URL an accepted answer named (follow-accepted.ts checks its origin), with
   * the call's credentials and headers, without its body.
   */
  poll(url: URL): Promise<UpstreamResponse> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(this.prepared.headers))
      if (name.toLowerCase() !== 'content-type') headers[name] = value;
    const { request } = authenticate(
      { method: 'GET', url: RequestUrl.of(url), headers, body: null },
      this.creds,
      this.token,
    );
    return this.sender.send(request, this.timeoutMs, this.req.cancel);
  }

  /** A person's credential anew (refreshed; a PipelineFailure when consent is needed). */
  private async renewCredential(renew: () => Promise<OutboundCredentials>): Promise<void> {
    this.creds = await renew();
    const authed = authenticate(this.prepared, this.creds, undefined);
    this.request = authed.request;
    this.view = authed.view;
  }

  /** After a 401: the credential refreshed, then one more send. */
  private async resend(refresh: () => Promise<void>, span: SpanHandle | undefined): Promise<Attempt> {
    try {
      await refresh();
      if (span) Object.assign(this.request.headers, span.headers());
      this.extraSends++;
      const response = await this.sender.send(this.request, this.timeoutMs, this.req.cancel);
      endSpan(span, response);
      return { response };
    } catch (err) {
      return this.failed(err, span);
    }
  }

  private failed(err: unknown, span: SpanHandle | undefined): Attempt {
    span?.end(err instanceof SendError ? err.reason : 'error');
    if (err instanceof SendError) return { error: err };
    throw err;
  }

  /**
   * A client span for one upstream attempt (retries are siblings under the request's span); the
   * upstream receives it as its `traceparent`. Server, tool, method and host only: never the URL
   * (its query may hold a key), the arguments or a credential.
   */
  private startAttemptSpan(n: number): SpanHandle | undefined {
    const span = startSpan(`upstream ${this.request.method}`, {
      kind: 'client',
      parent: this.req.traceHeaders ?? null,
      attributes: {
        'http.request.method': this.request.method,
        'server.address': this.request.url.hostname,
        'toolgate.server': this.req.server.slug,
        'toolgate.tool': this.req.tool.slug,
        'toolgate.attempt': n,
      },
    });
    if (span) Object.assign(this.request.headers, span.headers());
    return span;
  }
}

function endSpan(span: SpanHandle | undefined, response: UpstreamResponse): void {
  if (!span) return;
  span.setAttributes({ 'http.response.status_code': response.status });
  span.end(response.status >= 400 ? `HTTP ${response.status}` : undefined);
}
