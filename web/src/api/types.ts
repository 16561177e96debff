/**
 * Records as the management API answers them, read from its OpenAPI reference
 * (`openapi.gen.ts`, written by `npm run gen:web-types`): a shape changes in the route schemas
 * of src/, never here.
 */
import type { paths } from './openapi.gen.ts';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The JSON body of a response. */
type Json<R> = R extends { content: { 'application/json': infer T } } ? T : never;

/**
 * The documented fields only: a record's schema allows more (`additionalProperties`), which
 * the generator writes as an index signature that would let any misspelt field through.
 */
type Known<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

/** The body a route answers with `status`, as its reference describes it. */
type Answer<P extends keyof paths, M extends Method, S extends number = 200> =
  NonNullable<paths[P][M]> extends { responses: infer R } ? (S extends keyof R ? Json<R[S]> : never) : never;

/** An item of a list route's answer. */
type Item<P extends keyof paths> = Known<Answer<P, 'get'>[number]>;

export type Me = Known<Answer<'/keys/me', 'get'>>;
export type Capability = Me['capabilities'][number];

export type Server = Known<Answer<'/servers/{id}', 'get'>>;
export type ServerStatus = Server['status'];
export type InboundAuth = Server['auth_type'];
export type OutboundAuth = Server['outbound_auth_type'];
export type ToolExposure = Server['tool_exposure'];

export type Tool = Known<Answer<'/servers/{server_id}/tools/{id}', 'get'>>;
export type ToolStatus = Tool['status'];
export type MappingEntry = Tool['parameter_mapping'][string];
export type InputSchema = Tool['input_schema'];
export type JsonSchemaProperty = NonNullable<InputSchema['properties']>[string];

export type TestResult = Known<Answer<'/servers/{server_id}/tools/{id}/test', 'post'>>;

/** `T` with the fields `K` optional. */
type Optional<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

type ImportAnswer = Answer<'/servers/{server_id}/tools/import-openapi', 'post'>;
type ParsedAnswer = Known<Extract<ImportAnswer, { candidates: unknown }>>;
/**
 * A tool an import would create, as the import table shows it: the API's candidate, or one the
 * browser reads from a manifest file (which has no token estimate).
 */
export type Candidate = Optional<Known<ParsedAnswer['candidates'][number]>, 'token_estimate'>;
/** Phase 1 of an import (`commit: false`), or a manifest read in the browser: nothing saved yet. */
export type ParseResponse = Optional<Omit<ParsedAnswer, 'candidates' | 'info'>, 'tokens_total'> & {
  candidates: Candidate[];
  info: Optional<Known<ParsedAnswer['info']>, 'version'>;
};
/** Phase 2 (`commit: true`): what was saved, skipped or refused. */
export type CommitResponse = Known<Extract<ImportAnswer, { created: unknown }>>;

export type Prompt = Known<Answer<'/servers/{server_id}/prompts/{id}', 'get'>>;
export type Resource = Known<Answer<'/servers/{server_id}/resources/{id}', 'get'>>;
export type CallLog = Item<'/analytics/calls'>;
export type Settings = Known<Answer<'/settings', 'get'>>;
export type ApiKey = Item<'/keys'>;

// People (issue 34): sign-in, users, groups, one's own sessions.

export type User = Known<Answer<'/users/{id}', 'get'>>;
export type Role = NonNullable<User['role']>;
export type Group = Known<Answer<'/groups/{id}', 'get'>>;
/** `GET /auth/providers`: how a person may sign in. */
export type Providers = Known<Answer<'/auth/providers', 'get'>>;
/** `GET /auth/session`: who this browser is; for a session also its CSRF token. */
export type SignedIn = Known<Answer<'/auth/session', 'get'>>;
/** The answer of `POST /auth/sign-in`. */
export type SignInAnswer = Known<Answer<'/auth/sign-in', 'post'>>;
/** A person's session as the app keeps it: from the sign-in answer, or /auth/session after a reload. */
export type PersonSession = Pick<SignInAnswer, 'user' | 'capabilities'> & { csrf_token?: string };
/** A signed-in browser of a person (`/me/sessions`, `/users/{id}/sessions`). */
export type WebSession = Item<'/me/sessions'>;
/** An MCP client a person allowed to act as them at some servers (`/me/grants`, `/grants`). */
export type Grant = Item<'/me/grants'>;

// Per-user upstream credentials (issue 35): each person's own connection to a server's provider.

/** One of the signed-in person's connections (`GET /me/connections`). */
export type MyConnection = Item<'/me/connections'>;
/** How a per-user server gets each person's credential. */
export type PerUserKind = MyConnection['kind'];
/** A person's connection to a server, as an administrator sees it (`GET /servers/{id}/connections`). */
export type ServerConnection = Item<'/servers/{id}/connections'>;
/**
 * What a server's outbound auth may be in the form: a shared credential or a per-user kind. The
 * per-user kinds are set by sending `auth_credentials` with their `type` (`outbound_auth_type`
 * follows it).
 */
export type OutboundChoice = OutboundAuth | PerUserKind;

// Policies as code (issue 36).

export type Policy = Known<Answer<'/policies/{id}', 'get'>>;
/** One entry of `GET /policies/{id}/versions`, newest first. */
export type PolicyVersion = Item<'/policies/{id}/versions'>;
/** `POST /policies/evaluate`: what the policies decide for a call, nothing called. */
export type PolicyDecision = Known<Answer<'/policies/evaluate', 'post'>>;
export type Risk = PolicyDecision['risk'];

/**
 * A refused policy's `data.problems`: `start`/`end` are offsets into the text (see lib/policy-text).
 * Error data is not in the reference (`ErrorBody.data` is open), so this one is written here.
 */
export interface PolicyProblem {
  message: string;
  help?: string;
  start?: number;
  end?: number;
}

// The audit trail (issue 36): hash-chained events, administrators only.

/**
 * One event of `GET /audit`. `arguments` and `detail` are any JSON; the generator writes a schema
 * object with no properties as an empty record, so they are widened to `unknown` here.
 */
export type AuditEvent = Omit<Item<'/audit'>, 'arguments' | 'detail'> & {
  arguments: unknown;
  detail: unknown;
};
/** `GET /audit/verify`: the chain holds (`rows`), or where and why it breaks. */
export type AuditVerify = Known<Answer<'/audit/verify', 'get'>>;

// The approval queue (issue 36): calls a policy holds for an approver group.

/** A held call: `GET /approvals`, and the answer of approve / deny. */
export type Approval = Item<'/approvals'>;

// Tracked import sources (issue 39): a changed document checked into a plan, then applied.

/** A tracked source of a server: `GET /servers/{server_id}/sources`. */
export type Source = Item<'/servers/{server_id}/sources'>;
/** One source with the operations it knows. */
export type SourceDetail = Known<Answer<'/servers/{server_id}/sources/{source_id}', 'get'>>;
export type SourceOperation = Known<SourceDetail['operations'][number]>;
/** A plan: `POST …/check`, `GET …/plans/{plan_id}`. */
export type SourcePlan = Known<Answer<'/servers/{server_id}/sources/{source_id}/plans/{plan_id}', 'get'>>;
export type PlanEntry = Known<SourcePlan['entries'][number]>;
/** One field of a change; `base`, `ours`, `theirs` and `result` are any JSON (absent: not there). */
export type FieldChange = Omit<Known<PlanEntry['fields'][number]>, 'base' | 'ours' | 'theirs' | 'result'> & {
  base?: unknown;
  ours?: unknown;
  theirs?: unknown;
  result?: unknown;
};
type ApplyPath = '/servers/{server_id}/sources/{source_id}/plans/{plan_id}/apply';
/** The choices an apply sends. */
export type ApplyBody = NonNullable<
  NonNullable<paths[ApplyPath]['post']['requestBody']>['content']['application/json']
>;
/** What an apply did. */
export type ApplyResult = Known<Answer<ApplyPath, 'post'>>;
