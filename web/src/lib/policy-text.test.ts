import { describe, expect, test } from 'vitest';
import { excerptOf, lineCol, placeProblem, statementStarts } from './policy-text.ts';

const text =
  '// note\npermit(principal, action, resource);\n@reason("a; b")\nforbid(principal, action, resource)\n  when { resource.methd == "DELETE" };';

describe('policy text', () => {
  test('statements start after each top-level semicolon, past comments; a semicolon in a string does not end one', () => {
    expect(statementStarts(text)).toEqual([8, 45]);
  });

  test('line and column are 1-based', () => {
    expect(lineCol(text, 0)).toEqual({ line: 1, col: 1 });
    expect(lineCol(text, text.indexOf('methd'))).toEqual({ line: 5, col: 19 });
  });

  test('a schema problem of the second statement is moved to its place in the whole text', () => {
    // what the gateway answers for this text (offsets count from the statement, as Cedar validates each)
    const placed = placeProblem(
      { message: 'n#2: attribute `methd` on entity type `Tool` not found', start: 61, end: 75 },
      text,
      'n',
    );
    expect(text.slice(placed.start, placed.end)).toBe('resource.methd');
    expect([placed.line, placed.col]).toEqual([5, 10]);
  });

  test('a parse problem keeps its offset into the whole text', () => {
    const placed = placeProblem(
      { message: 'unexpected token `action`', start: 17, end: 23 },
      'forbid(principal action, resource);',
      'n',
    );
    expect([placed.start, placed.line, placed.col]).toEqual([17, 1, 18]);
  });

  test('the excerpt is the problem line with the span cut out', () => {
    const at = text.indexOf('resource.methd');
    expect(excerptOf(text, at, at + 14)).toEqual({
      before: '  when { ',
      span: 'resource.methd',
      after: ' == "DELETE" };',
    });
  });
});
