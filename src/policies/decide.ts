import type { EntityJson } from './cedar.ts';
import { cedar } from './cedar.ts';
import type { ContextReads, Statement } from './compile.ts';

/*
 * One decision: Cedar over a preparsed policy set (the server's and the global policies, plus
 * Toolgate's default `permit`, so that nothing changes until someone writes a forbid). A deny
 * whose deciding statements all carry `@ask` is an ask of the caller, or an approval by a group
 * when one of them names it (the stricter wins); any other deny is a forbid.
 */

export const DEFAULT_PERMIT_ID = 'toolgate:default-permit';
export const DEFAULT_PERMIT = 'permit(principal, action, resource);';

export interface CompiledPolicies {
  /** The preparsed set's id in Cedar's cache. */
  setId: string;
  statements: ReadonlyMap<string, Statement>;
  /** Some statement reads the principal's groups or attributes (their rows are read then). */
  readsPrincipal: boolean;
  /** Some statement reads the tool's attributes or its server (the entities carry them then). */
  readsResource: boolean;
  /** What the statements read of the context: a request carries only that. */
  reads: ContextReads;
}

export type PolicyOutcome =
  | { kind: 'permit'; policyIds: string[] }
  | { kind: 'forbid'; policyIds: string[]; reason: string }
  | { kind: 'ask'; policyIds: string[]; reason: string }
  | { kind: 'approve'; policyIds: string[]; reason: string; group: string };

export interface DecisionRequest {
  principal: { type: 'User' | 'Shared'; id: string };
  action: 'call_tool' | 'list_tools' | 'read_resource' | 'get_prompt';
  resource: { type: 'Tool' | 'Server'; id: string };
  context: Record<string, unknown>;
  entities: EntityJson[];
}

/** Preparses a set under a new id (Cedar keeps it until the process ends or the id is reused). */
export function preparse(setId: string, statements: Statement[]): CompiledPolicies {
  const policies: Record<string, string> = { [DEFAULT_PERMIT_ID]: DEFAULT_PERMIT };
  for (const s of statements) policies[s.id] = s.text;
  const answer = cedar().preparsePolicySet(setId, { staticPolicies: policies });
  if (answer.type === 'failure')
    throw new Error(`policies could not be prepared: ${answer.errors[0]?.message}`);
  return {
    setId,
    statements: new Map(statements.map((s) => [s.id, s])),
    readsPrincipal: statements.some((s) => /principal\s*(\.|in\b|has\b)|\bin\s+Group::/.test(s.text)),
    // Cedar parses every entity it is given: a request carries attributes only when read.
    readsResource: statements.some((s) => /resource\s*(\.|in\b|has\b)|\bin\s+Server::/.test(s.text)),
    reads: {
      fields: unionOf(statements.map((s) => s.reads.fields)),
      args: unionOf(statements.map((s) => s.reads.args)),
    },
  };
}

/** The names any of the sets holds (null, "all", if any is null). */
function unionOf(sets: Array<Set<string> | null>): Set<string> | null {
  const all = new Set<string>();
  for (const set of sets) {
    if (set === null) return null;
    for (const name of set) all.add(name);
  }
  return all;
}

const UNKNOWN_CONTEXT = Object.fromEntries(
  ['arguments', 'hour', 'weekday', 'client_ip', 'client_id', 'era'].map((name) => [
    name,
    { __extn: { fn: 'unknown', arg: name } },
  ]),
);

/**
 * The statements that can apply to one tool: Cedar's partial evaluation with the tool (and its
 * server) known, the caller and the context unknown. A statement whose conditions are false for
 * this tool whatever the caller and arguments (`resource.method == "DELETE"` on a POST tool) is
 * left out of the tool's set, so a call evaluates only what can decide it. Any doubt keeps it: an
 * error or a residual keeps the statement, a failed partial evaluation keeps them all.
 */
export function statementsFor(statements: Statement[], resource: EntityJson['uid'], entities: EntityJson[]) {
  if (statements.length === 0) return statements;
  const answer = cedar().isAuthorizedPartial({
    principal: null,
    action: { type: 'Action', id: 'call_tool' },
    resource,
    context: UNKNOWN_CONTEXT as never,
    policies: { staticPolicies: Object.fromEntries(statements.map((s) => [s.id, s.text])) },
    entities,
  });
  if (answer.type === 'failure') return statements;
  const r = answer.response;
  // Kept: possibly true (a residual left), surely true, or in error; what is left is surely false.
  const keep = new Set([
    ...r.nontrivialResiduals,
    ...r.satisfied,
    ...r.errored,
    ...r.mayBeDetermining,
    ...r.mustBeDetermining,
  ]);
  return statements.filter((s) => keep.has(s.id));
}

export function decide(compiled: CompiledPolicies, request: DecisionRequest): PolicyOutcome {
  const answer = cedar().statefulIsAuthorized({
    principal: request.principal,
    action: { type: 'Action', id: request.action },
    resource: request.resource,
    context: request.context as never,
    entities: request.entities,
    preparsedPolicySetId: compiled.setId,
  });
  if (answer.type === 'failure')
    // A request Cedar cannot read (never a policy's fault): refuse rather than let it through.
    return { kind: 'forbid', policyIds: [], reason: `the policy check failed: ${answer.errors[0]?.message}` };
  const ids = answer.response.diagnostics.reason.filter((id) => id !== DEFAULT_PERMIT_ID);
  if (answer.response.decision === 'allow') return { kind: 'permit', policyIds: ids };
  const deciding = ids
    .map((id) => compiled.statements.get(id))
    .filter((s): s is Statement => s !== undefined);
  const first = deciding.find((s) => !s.ask) ?? deciding[0];
  const reason = first?.reason ?? `refused by policy ${first?.id ?? ''}`.trim();
  if (deciding.length > 0 && deciding.every((s) => s.ask !== null)) {
    const approver = deciding.find((s) => s.approverGroup !== null);
    if (approver?.approverGroup)
      return {
        kind: 'approve',
        policyIds: ids,
        reason: approver.reason ?? reason,
        group: approver.approverGroup,
      };
    return { kind: 'ask', policyIds: ids, reason };
  }
  return { kind: 'forbid', policyIds: ids, reason };
}
