import { cedar, type PolicyProblem, problemsOf } from './cedar.ts';

/*
 * A policy text (one or more Cedar statements) as Toolgate reads it: each statement gets an id
 * (the policy's name, `name#2` for the second…), its effect, and what Toolgate's annotations say —
 * `@reason("…")` is what a refused caller reads, `@ask("caller")` turns a forbid into "ask the
 * person at the keyboard". A statement whose conditions read `context.arguments` depends on the
 * arguments (it cannot hide a tool from tools/list).
 */

export interface Statement {
  id: string;
  text: string;
  effect: 'permit' | 'forbid';
  reason: string | null;
  ask: 'caller' | null;
  usesArguments: boolean;
  /** The one tool (`resource == Tool::"…"`) and action (`action == Action::"…"`) it is scoped to, if any. */
  tool: string | null;
  action: string | null;
}

export type Parsed = { ok: true; statements: Statement[] } | { ok: false; problems: PolicyProblem[] };

/** Approvers other than the caller come with the approval queue; refused until then. */
const ASK_VALUES = new Set(['caller']);

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
    if (ask !== undefined && !ASK_VALUES.has(String(ask)))
      problems.push({
        message: `@ask("${ask}"): only @ask("caller") is supported (the person making the call confirms it)`,
      });
    if (ask !== undefined && json.json.effect !== 'forbid')
      problems.push({ message: '@ask belongs on a forbid statement: it turns the refusal into a question' });
    statements.push({
      id: parts.policies.length === 1 ? name : `${name}#${i + 1}`,
      text: statement,
      effect: json.json.effect,
      reason: typeof annotations.reason === 'string' ? annotations.reason : null,
      ask: ask === 'caller' ? 'caller' : null,
      usesArguments: JSON.stringify(json.json.conditions).includes('"attr":"arguments"'),
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
