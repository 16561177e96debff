import { RE2JS } from 're2js';

/*
 * Regular expressions written by operators and API documents (`pattern`, `patternProperties`)
 * run on RE2's engine, which matches in time linear in the input: a pattern such as
 * `^([A-Za-z0-9]+-?)+$` cannot make a call, or the event loop behind every other request, wait
 * on backtracking. re2js is RE2 ported to JavaScript: no native build, same syntax and guarantees.
 *
 * RE2 has no backreferences or lookarounds; a pattern that needs them is refused when the schema
 * is saved or imported (`linearPatternProblem`). ECMAScript's `\uXXXX` and `\u{…}` escapes are
 * written as RE2's `\x{…}` first, so patterns from JSON Schema documents keep their meaning.
 */

/** What Ajv's `code.regExp` option needs of a compiled pattern. */
export interface LinearRegExp {
  test(text: string): boolean;
  toString(): string;
}

const UNICODE_ESCAPE = /\\\\|\\u\{([0-9a-fA-F]{1,6})\}|\\u([0-9a-fA-F]{4})/g;

/** `\uXXXX` and `\u{X…}` as RE2's `\x{…}`; an escaped backslash (`\\u`) is left alone. */
function toRe2Syntax(pattern: string): string {
  if (!pattern.includes('\\u')) return pattern;
  return pattern.replace(UNICODE_ESCAPE, (whole, braced?: string, four?: string) =>
    braced || four ? `\\x{${braced ?? four}}` : whole,
  );
}

/** Compiles `pattern` for linear-time matching; throws a SyntaxError naming what RE2 refuses. */
export function compileLinearRegExp(pattern: string): LinearRegExp {
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(toRe2Syntax(pattern));
  } catch (err) {
    throw new SyntaxError(`pattern ${JSON.stringify(pattern)} is not supported: ${(err as Error).message}`);
  }
  // RE2JS.test is an unanchored search, as RegExp.prototype.test is. Ajv keys its compiled
  // patterns by toString(), so each must name its own pattern.
  return { test: (text) => compiled.test(text), toString: () => `/${pattern}/u` };
}

/** Why `pattern` cannot be matched in linear time (or is no regex at all), or undefined. */
export function linearPatternProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern, 'u');
  } catch (err) {
    return `invalid pattern ${JSON.stringify(pattern)}: ${(err as Error).message}`;
  }
  try {
    compileLinearRegExp(pattern);
    return undefined;
  } catch (err) {
    // Patterns run on RE2 (linear time): no backreferences, no lookarounds.
    return `${(err as Error).message} (patterns run in linear time: no backreferences or lookarounds)`;
  }
}

/** Ajv's `code.regExp` engine: RE2 for every pattern of every schema compiled by Toolgate. */
export const linearRegExpEngine = Object.assign(
  (pattern: string, _flags: string): LinearRegExp => compileLinearRegExp(pattern),
  { code: 'linear-regex' },
);
