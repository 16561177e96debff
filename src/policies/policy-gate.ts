import type { AppContext } from '../context.ts';
import { BoundedCache } from '../shared/bounded-cache.ts';
import type { Caller } from '../shared/caller.ts';
import { listPoliciesFor } from '../store/policies.repo.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import type { ToolRecord } from '../store/tools.repo.ts';
import { findUserByUuid, listMemberships } from '../store/users.repo.ts';
import { presentAnnotations } from '../tools/mcp-view.ts';
import type { EntityJson } from './cedar.ts';
import { parsePolicyText, type Statement } from './compile.ts';
import { type CompiledPolicies, decide, type PolicyOutcome, preparse, statementsFor } from './decide.ts';

/*
 * Policies on the call path. A server's policy set (its own and the global policies) is read and
 * preparsed once, then kept until a policy changes anywhere (`policies_changed`, carried to every
 * instance). A server with no policy costs one Map lookup a call: nothing changes until someone
 * writes one.
 */

type GateContext = Pick<AppContext, 'store' | 'events'>;

export type { PolicyOutcome } from './decide.ts';

/** What the call knows beyond the tool and arguments. */
export interface CallFacts {
  caller: Caller | null;
  clientIp: string;
  era: string;
}

const PERMIT: PolicyOutcome = { kind: 'permit', policyIds: [] };
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * A server's statements, and per tool the preparsed set of those whose scope can match it
 * (`resource == Tool::"other"` or another action never can): Cedar's evaluation grows with the
 * statements it is given, so each tool's call is decided by its own few.
 */
interface ServerPolicies {
  statements: Statement[];
  perTool: Map<string, CompiledPolicies | null>;
}

interface Kept {
  compiled: ServerPolicies | null;
  epoch: number;
}

const gates = new WeakMap<object, BoundedCache<Kept>>();

function keptOf(ctx: GateContext): BoundedCache<Kept> {
  let kept = gates.get(ctx.store);
  if (!kept) {
    const cache = new BoundedCache<Kept>({ maxEntries: 10_000 });
    ctx.events.subscribe((event) => {
      // A tool's or server's attributes decide which statements its set holds (setForTool).
      if (
        event.type === 'policies_changed' ||
        event.type === 'tools_changed' ||
        event.type === 'server_changed'
      )
        cache.clear();
    });
    gates.set(ctx.store, cache);
    kept = cache;
  }
  return kept;
}

/**
 * The server's policies as kept: null when none apply, undefined when not read yet (or a change
 * dropped them). Lets the call path skip an await when the server has no policy.
 */
export function keptPolicies(ctx: GateContext, server: ServerRecord): ServerPolicies | null | undefined {
  const hit = keptOf(ctx).get(server.uuid);
  const epoch = ctx.events.epoch();
  return hit && hit.epoch === epoch && epoch !== 0 ? hit.compiled : undefined;
}

/** The server's policies, null when none apply to it. */
export async function policiesOf(ctx: GateContext, server: ServerRecord): Promise<ServerPolicies | null> {
  const kept = keptPolicies(ctx, server);
  if (kept !== undefined) return kept;
  const epoch = ctx.events.epoch();
  const rows = await listPoliciesFor(ctx.store.db, server.id);
  const statements: Statement[] = [];
  for (const row of rows) {
    const parsed = parsePolicyText(row.name, row.text);
    // Saved policies were checked on save; one that no longer parses (a Cedar upgrade) is skipped, not fatal.
    if (parsed.ok) statements.push(...parsed.statements);
  }
  const compiled = statements.length > 0 ? { statements, perTool: new Map() } : null;
  keptOf(ctx).set(server.uuid, { compiled, epoch });
  return compiled;
}

/**
 * The preparsed set deciding calls of one tool (null: no statement can apply to it): the
 * statements whose scope can match, less those false for this tool whatever the caller and the
 * arguments (Cedar's partial evaluation; the set is rebuilt when a tool or the server changes).
 */
function setForTool(
  server: ServerRecord,
  policies: ServerPolicies,
  tool: ToolRecord,
): CompiledPolicies | null {
  const key = `tool:${tool.slug}`;
  let set = policies.perTool.get(key);
  if (set === undefined) {
    const scoped = policies.statements.filter(
      (s) => (s.tool === null || s.tool === tool.slug) && (s.action === null || s.action === 'call_tool'),
    );
    const mine = statementsFor(scoped, { type: 'Tool', id: tool.slug }, toolEntities(server, tool));
    set = mine.length > 0 ? preparse(`${server.uuid}:${key}`, mine) : null;
    policies.perTool.set(key, set);
  }
  return set;
}

/** The set deciding one of the server-wide actions (`list_tools`, `read_resource`, `get_prompt`). */
function setForAction(
  server: ServerRecord,
  policies: ServerPolicies,
  action: ServerAction,
): CompiledPolicies | null {
  return setFor(
    server,
    policies,
    `action:${action}`,
    (s) => s.tool === null && (s.action === null || s.action === action),
  );
}

function setFor(
  server: ServerRecord,
  policies: ServerPolicies,
  key: string,
  applies: (s: Statement) => boolean,
): CompiledPolicies | null {
  let set = policies.perTool.get(key);
  if (set === undefined) {
    const mine = policies.statements.filter(applies);
    // One id per server and tool: a new version replaces the old set in Cedar's cache.
    set = mine.length > 0 ? preparse(`${server.uuid}:${key}`, mine) : null;
    policies.perTool.set(key, set);
  }
  return set;
}

/**
 * The tools a principal may never call, whatever the arguments: forbidden with no arguments by
 * statements that do not read them (an ask, or a rule on arguments, leaves the tool listed).
 */
export async function hiddenTools(
  ctx: GateContext,
  server: ServerRecord,
  tools: ReadonlyArray<ToolRecord>,
  facts: CallFacts,
): Promise<Set<string>> {
  const hidden = new Set<string>();
  const policies = await policiesOf(ctx, server);
  if (!policies) return hidden;
  for (const tool of tools) {
    const compiled = setForTool(server, policies, tool);
    if (!compiled) continue;
    const outcome = await decideToolCall(ctx, server, tool, {}, facts);
    if (outcome.kind !== 'forbid' || outcome.policyIds.length === 0) continue;
    const deciding = outcome.policyIds.map((id) => compiled.statements.get(id));
    if (deciding.every((st) => st && !st.usesArguments && !st.ask)) hidden.add(tool.slug);
  }
  return hidden;
}

/** A tool's risk: as an operator set it, else from its annotations (or its method's defaults). */
export function riskOf(
  tool: Pick<ToolRecord, 'risk' | 'annotations' | 'http_method'>,
): 'read' | 'write' | 'destructive' {
  if (tool.risk === 'read' || tool.risk === 'write' || tool.risk === 'destructive') return tool.risk;
  const a = presentAnnotations(tool);
  if (a.destructiveHint === true) return 'destructive';
  if (a.readOnlyHint === true) return 'read';
  return 'write';
}

export type ServerAction = 'list_tools' | 'read_resource' | 'get_prompt';

/** A server-wide action is permitted or forbidden: nothing waits on a person there. */
export type ServerDecision = Extract<PolicyOutcome, { kind: 'permit' | 'forbid' }>;

/**
 * The decision on a server-wide action: `tools/list` (a forbid lists nothing), `resources/read`
 * (context `uri`), `prompts/get` (context `name`). An ask there is a refusal: only tool calls have
 * a confirmation round or an approver.
 */
export async function decideServerAction(
  ctx: GateContext,
  server: ServerRecord,
  action: ServerAction,
  extra: Record<string, string>,
  facts: CallFacts,
): Promise<ServerDecision> {
  if (keptPolicies(ctx, server) === null) return { kind: 'permit', policyIds: [] };
  const policies = await policiesOf(ctx, server);
  const compiled = policies ? setForAction(server, policies, action) : null;
  if (!compiled) return { kind: 'permit', policyIds: [] };
  const principal = await principalOf(ctx, server, facts.caller, compiled.readsPrincipal);
  const now = new Date();
  const resource = { type: 'Server' as const, id: server.slug };
  const outcome = decide(compiled, {
    principal: principal.uid,
    action,
    resource,
    context: {
      ...extra,
      hour: now.getUTCHours(),
      weekday: WEEKDAYS[now.getUTCDay()]!,
      client_ip: facts.clientIp,
      client_id: facts.caller?.clientId ?? '',
      era: facts.era,
    },
    entities: [
      ...principal.entities,
      { uid: resource, attrs: { slug: server.slug, name: server.name }, parents: [] },
    ],
  });
  if (outcome.kind === 'ask' || outcome.kind === 'approve')
    return { kind: 'forbid', policyIds: outcome.policyIds, reason: outcome.reason };
  return outcome;
}

/** The decision on one tools/call. */
export async function decideToolCall(
  ctx: GateContext,
  server: ServerRecord,
  tool: ToolRecord,
  args: Record<string, unknown>,
  facts: CallFacts,
): Promise<PolicyOutcome> {
  const policies = await policiesOf(ctx, server);
  const compiled = policies ? setForTool(server, policies, tool) : null;
  if (!compiled) return PERMIT;
  const principal = await principalOf(ctx, server, facts.caller, compiled.readsPrincipal);
  return decide(compiled, {
    principal: principal.uid,
    action: 'call_tool',
    resource: { type: 'Tool', id: tool.slug },
    context: callContext(compiled.reads, args, facts),
    entities: compiled.readsResource
      ? [...principal.entities, ...toolEntities(server, tool)]
      : principal.entities,
  });
}

/**
 * The context of a call as the set reads it: only the fields and arguments its statements name
 * (Cedar converts every value it is given, and that conversion is most of a decision's cost).
 */
function callContext(reads: CompiledPolicies['reads'], args: Record<string, unknown>, facts: CallFacts) {
  const wants = (field: string) => reads.fields === null || reads.fields.has(field);
  const context: Record<string, unknown> = {};
  if (wants('arguments')) context.arguments = cedarValue(pick(args, reads.args), 0) ?? {};
  if (wants('hour') || wants('weekday')) {
    const now = new Date();
    context.hour = now.getUTCHours();
    context.weekday = WEEKDAYS[now.getUTCDay()]!;
  }
  if (wants('client_ip')) context.client_ip = facts.clientIp;
  if (wants('client_id')) context.client_id = facts.caller?.clientId ?? '';
  if (wants('era')) context.era = facts.era;
  return context;
}

/** The arguments named (all when `names` is null). */
function pick(args: Record<string, unknown>, names: Set<string> | null): Record<string, unknown> {
  if (names === null) return args;
  const out: Record<string, unknown> = {};
  for (const name of names) if (Object.hasOwn(args, name)) out[name] = args[name];
  return out;
}

function toolEntities(server: ServerRecord, tool: ToolRecord): EntityJson[] {
  return [
    {
      uid: { type: 'Tool', id: tool.slug },
      attrs: {
        slug: tool.slug,
        name: tool.name,
        method: tool.http_method.toUpperCase(),
        risk: riskOf(tool),
        tags: tool.tags,
        server: server.slug,
      },
      parents: [{ type: 'Server', id: server.slug }],
    },
    {
      uid: { type: 'Server', id: server.slug },
      attrs: { slug: server.slug, name: server.name },
      parents: [],
    },
  ];
}

async function principalOf(
  ctx: GateContext,
  server: ServerRecord,
  caller: Caller | null,
  readsPrincipal: boolean,
): Promise<{ uid: { type: 'User' | 'Shared'; id: string }; entities: EntityJson[] }> {
  if (!caller) {
    const uid = { type: 'Shared' as const, id: server.uuid };
    return { uid, entities: [{ uid, attrs: {}, parents: [] }] };
  }
  const uid = { type: 'User' as const, id: caller.userUuid };
  if (!readsPrincipal) return { uid, entities: [{ uid, attrs: {}, parents: [] }] };
  const user = await findUserByUuid(ctx.store.db, caller.userUuid);
  const groups = user ? ((await listMemberships(ctx.store.db, [user.id])).get(user.id) ?? []) : [];
  return {
    uid,
    entities: [
      {
        uid,
        attrs: { email: user?.email ?? '', role: user?.role ?? '' },
        parents: groups.map((g) => ({ type: 'Group', id: g.uuid })),
      },
      ...groups.map((g) => ({ uid: { type: 'Group', id: g.uuid }, attrs: { name: g.name }, parents: [] })),
    ],
  };
}

/**
 * An argument as Cedar can hold it: integers, strings, booleans, lists (as sets) and records;
 * a fractional number or a null is left out (Cedar has neither).
 */
function cedarValue(value: unknown, depth: number): unknown {
  if (depth > 8) return undefined;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (Array.isArray(value)) return value.map((v) => cedarValue(v, depth + 1)).filter((v) => v !== undefined);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // Cedar's JSON reads `__entity` / `__extn` as an entity reference or an extension value: an
      // argument must never pass for one (a model could name any principal that way).
      if (k.startsWith('__')) continue;
      const c = cedarValue(v, depth + 1);
      if (c !== undefined) out[k] = c;
    }
    return out;
  }
  return undefined;
}
