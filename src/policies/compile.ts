import { cedar, type PolicyProblem, problemsOf } from './cedar.ts';

/*
 * A policy text (one or more Cedar statements) as Toolgate reads it: each statement gets an id
 * (the policy's name, `name#2` for the second…), its effect, and what Toolgate's annotations say —
 * `@reason("…")` is what a refused caller reads, `@ask("caller")` turns a forbid into "ask the
 * person at the keyboard", `@ask("group:<name>")` into "wait for a member of that group to
 * approve" (the approval queue). A statement whose conditions read `context.arguments` depends on the
 * arguments (it cannot hide a tool from tools/list).
 */

export interface Statement {
  id: string;
  text: string;
  effect: 'permit' | 'forbid';
  reason: string | null;
  ask: 'caller' | 'group' | null;
  /** The approver group's name, for `@ask("group:<name>")`. */
  approverGroup: string | null;
  usesArguments: boolean;
  /** What its conditions read of the context: the fields and the argument names (null: all of it). */
  reads: ContextReads;
  /** The one tool (`resource == Tool::"…"`) and action (`action == Action::"…"`) it is scoped to, if any. */
  tool: string | null;
  action: string | null;
}

/** Context fields and argument names read; null stands for "all" (the whole record is used). */
export interface ContextReads {
  fields: Set<string> | null;
  args: Set<string> | null;
}

export type Parsed = { ok: true; statements: Statement[] } | { ok: false; problems: PolicyProblem[] };

/** `@ask("caller")`, or `@ask("group:<name>")` naming an approver group (checked to exist on save). */
function readAsk(value: string): { ask: 'caller' | 'group'; group: string | null } | null {
  if (value === 'caller') return { ask: 'caller', group: null };
  const group = /^group:(.+)$/.exec(value)?.[1]?.trim();
  return group ? { ask: 'group', group } : null;
}

export function parsePolicyText(name: string, text: string): Parsed {
  const c = cedar();
  const parts = c.policySetTextToParts(text);
  if (parts.type === 'failure') return { ok: false, problems: problemsOf(parts.errors) };
  if (parts.policy_templates.length > 0)
    return {
      ok: false,
      problems: [
        {
          message:
            'templates (?principal, ?resource slots) are not supported; write the policy for its principal',
        },
      ],
    };
  if (parts.policies.length === 0)
    return { ok: false, problems: [{ message: 'no policy statement in the text' }] };
  const statements: Statement[] = [];
  const problems: PolicyProblem[] = [];
  parts.policies.forEach((statement, i) => {
    const json = c.policyToJson(statement);
    if (json.type === 'failure') {
      problems.push(...problemsOf(json.errors));
      return;
    }
    const annotations = json.json.annotations ?? {};
    const ask = annotations.ask;
    const asked = ask === undefined ? null : readAsk(String(ask));
    if (ask !== undefined && !asked)
      problems.push({
        message: `@ask("${ask}"): write @ask("caller") (the person making the call confirms it) or @ask("group:<name>") (a member of that group approves it)`,
      });
    if (ask !== undefined && json.json.effect !== 'forbid')
      problems.push({ message: '@ask belongs on a forbid statement: it turns the refusal into a question' });
    statements.push({
      id: parts.policies.length === 1 ? name : `${name}#${i + 1}`,
      text: statement,
      effect: json.json.effect,
      reason: typeof annotations.reason === 'string' ? annotations.reason : null,
      ask: asked?.ask ?? null,
      approverGroup: asked?.group ?? null,
      usesArguments: JSON.stringify(json.json.conditions).includes('"attr":"arguments"'),
      reads: contextReadsOf(json.json.conditions),
      tool: scopedId(json.json.resource, 'Tool'),
      action: scopedId(json.json.action, 'Action'),
    });
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, statements };
}

/**
 * Statements checked against the generated schema (strict mode): an unknown attribute, argument
 * or type error is a problem; so is a statement that can never apply ("impossible", which is what
 * naming an unknown argument behind `has` comes to).
 */
export function validateStatements(statements: Statement[], schema: string): PolicyProblem[] {
  const answer = cedar().validate({
    schema,
    policies: { staticPolicies: Object.fromEntries(statements.map((s) => [s.id, s.text])) },
    validationSettings: { mode: 'strict' },
  });
  if (answer.type === 'failure') return problemsOf(answer.errors);
  const impossible = answer.validationWarnings.filter((w) => /impossible/.test(w.error.message));
  return [...answer.validationErrors, ...impossible].map((e) => ({
    ...problemsOf([e.error])[0]!,
    message: `${e.policyId}: ${e.error.message}`,
  }));
}

/**
 * What conditions read of the context, from Cedar's JSON form: `context.x` and `context has x`
 * read field x; `context.arguments.k` and `context.arguments has k` read argument k. `context` or
 * `context.arguments` used as a whole reads all of it. A request then carries only what is read
 * (converting the context is most of a decision's cost) — and never less, since a missing
 * attribute would make a forbid fail to apply.
 */
export function contextReadsOf(conditions: unknown): ContextReads {
  const reads: ContextReads = { fields: new Set(), args: new Set() };
  const record = (path: string[]) => {
    const [field, arg] = path;
    if (field === undefined) {
      reads.fields = null;
      reads.args = null;
      return;
    }
    reads.fields?.add(field);
    if (field === 'arguments') {
      if (arg === undefined) reads.args = null;
      else reads.args?.add(arg);
    }
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    if (n.Var === 'context') {
      record([]);
      return;
    }
    for (const op of ['.', 'has']) {
      const access = n[op] as { left?: unknown; attr?: string } | undefined;
      if (!access || typeof access.attr !== 'string') continue;
      const path = contextPath(access.left);
      if (path) {
        record([...path, access.attr]);
        return;
      }
    }
    for (const value of Object.values(n)) visit(value);
  };
  visit(conditions);
  return reads;
}

/** `context.a.b` as ['a', 'b'] (`context` alone: []), or null when the node is not such a path. */
function contextPath(node: unknown): string[] | null {
  const n = node as Record<string, unknown> | null;
  if (!n || typeof n !== 'object') return null;
  if (n.Var === 'context') return [];
  const access = n['.'] as { left?: unknown; attr?: string } | undefined;
  if (!access || typeof access.attr !== 'string') return null;
  const path = contextPath(access.left);
  return path ? [...path, access.attr] : null;
}

/** The id of an `==` scope on that entity type (`resource == Tool::"x"` → "x"), else null. */
function scopedId(scope: unknown, type: string): string | null {
  const s = scope as {
    op?: string;
    entity?: { type?: string; id?: string; __entity?: { type?: string; id?: string } };
  };
  if (s?.op !== '==' || !s.entity) return null;
  const uid = s.entity.__entity ?? s.entity;
  return uid.type === type && typeof uid.id === 'string' ? uid.id : null;
}
