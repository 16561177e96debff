import type { IncomingMessage, ServerResponse } from 'node:http';

/*
 * The part of oidc-provider 8's API Toolgate uses (the package ships no types). Loose where the
 * library's own shapes are wide (configuration, context), exact where Toolgate reads results.
 */

export type AdapterPayload = Record<string, unknown> & {
  jti?: string;
  grantId?: string;
  uid?: string;
  userCode?: string;
  consumed?: number;
};

export interface Adapter {
  upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<AdapterPayload | undefined>;
  findByUid(uid: string): Promise<AdapterPayload | undefined>;
  findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

export interface ClientLike {
  clientId: string;
  clientName?: string;
  redirectUris: string[];
  applicationType?: string;
  grantTypeAllowed(type: string): boolean;
  metadata(): Record<string, unknown>;
}

export interface InteractionDetails {
  uid: string;
  prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
  params: Record<string, unknown> & {
    client_id: string;
    redirect_uri?: string;
    scope?: string;
    resource?: string | string[];
  };
  session?: { accountId?: string; uid?: string };
  grantId?: string;
  lastSubmission?: Record<string, unknown>;
}

export interface GrantInstance {
  jti: string;
  accountId?: string;
  clientId?: string;
  addOIDCScope(scope: string): void;
  addResourceScope(resource: string, scope: string): void;
  save(): Promise<string>;
  destroy(): Promise<void>;
}

export interface GrantClass {
  new (init: { accountId: string; clientId: string }): GrantInstance;
  find(id: string): Promise<GrantInstance | undefined>;
}

export interface ModelInstance {
  jti: string;
  grantId?: string;
  accountId?: string;
  clientId?: string;
  destroy(): Promise<void>;
}

export interface ModelClass {
  find(id: string, opts?: Record<string, unknown>): Promise<ModelInstance | undefined>;
}

export interface ProviderLike {
  readonly issuer: string;
  proxy: boolean;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
  interactionResult(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    opts?: { mergeWithLastSubmission?: boolean },
  ): Promise<string>;
  on(event: string, listener: (...args: unknown[]) => void): void;
  readonly Grant: GrantClass;
  readonly Client: { find(id: string): Promise<ClientLike | undefined> };
  readonly AccessToken: ModelClass;
  readonly RefreshToken: ModelClass;
}

export interface PolicyCheck {
  reason: string;
}

export interface PolicyPrompt {
  name: string;
  checks: PolicyCheck[];
}

/** The module as `import('oidc-provider')` gives it. */
export interface OidcProviderModule {
  interactionPolicy: {
    base(): PolicyPrompt[] & { get(name: string): PolicyPrompt | undefined };
    Check: new (
      reason: string,
      description: string,
      check: (koa: { req: IncomingMessage; oidc: { session?: { accountId?: string } } }) => Promise<boolean>,
    ) => PolicyCheck;
  };
  default: new (issuer: string, configuration: Record<string, unknown>) => ProviderLike;
  errors: Record<string, new (description?: string, detail?: string) => Error>;
}
