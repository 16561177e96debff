import type { PolicyProblem } from '../api/types.ts';

/** Where a problem sits in the text the author sees: offsets into the whole text, 1-based line/col. */
export interface PlacedProblem extends PolicyProblem {
  line?: number;
  col?: number;
}

/**
 * Where each statement of a Cedar text starts: after the previous top-level `;`, past blanks and
 * `//` comments. Strings are skipped, so a `;` inside a reason does not end a statement.
 */
export function statementStarts(text: string): number[] {
  const starts: number[] = [];
  let i = 0;
  let inStatement = false;
  while (i < text.length) {
    const c = text[i];
    if (!inStatement) {
      if (/\s/.test(c as string)) i++;
      else if (text.startsWith('//', i)) i = lineEnd(text, i);
      else {
        starts.push(i);
        inStatement = true;
      }
      continue;
    }
    if (c === '"') i = stringEnd(text, i);
    else if (text.startsWith('//', i)) i = lineEnd(text, i);
    else {
      if (c === ';') inStatement = false;
      i++;
    }
  }
  return starts;
}

function lineEnd(text: string, from: number): number {
  const at = text.indexOf('\n', from);
  return at < 0 ? text.length : at + 1;
}

function stringEnd(text: string, from: number): number {
  let i = from + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** 1-based line and column of an offset. */
export function lineCol(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset);
  const lastBreak = before.lastIndexOf('\n');
  return { line: before.split('\n').length, col: offset - lastBreak };
}

/**
 * Offsets into the whole text. A parse problem's already are; a schema problem's message starts
 * with its statement's id (`name: …` for a single statement, `name#2: …` for the second) and its
 * offsets count from that statement's start.
 */
export function placeProblem(problem: PolicyProblem, text: string, name: string): PlacedProblem {
  if (problem.start === undefined) return problem;
  const id = /^(\S+?)(?:#(\d+))?: /.exec(problem.message);
  let shift = 0;
  if (id && id[1] === name) {
    const index = id[2] ? Number(id[2]) - 1 : 0;
    shift = statementStarts(text)[index] ?? 0;
  }
  const start = problem.start + shift;
  const end = (problem.end ?? problem.start) + shift;
  return { ...problem, start, end, ...lineCol(text, start) };
}

/** The line a problem is on, split around its span, for showing it underlined. */
export function excerptOf(
  text: string,
  start: number,
  end: number,
): { before: string; span: string; after: string } {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const next = text.indexOf('\n', start);
  const lineStop = next < 0 ? text.length : next;
  const stop = Math.max(start, Math.min(end, lineStop));
  return {
    before: text.slice(lineStart, start),
    span: text.slice(start, stop) || ' ',
    after: text.slice(stop, lineStop),
  };
}
