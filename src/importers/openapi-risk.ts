import type { ToolRecord } from '../store/tools.repo.ts';
import { presentAnnotations } from '../tools/mcp-view.ts';
import { isObject } from './types.ts';

/*
 * The risk marks an OpenAPI document carries (docs/DECISIONS.md, "Risk from OpenAPI extensions").
 * Without any, a candidate has no annotations and no risk: both stay derived from the HTTP method
 * when the tool is listed (presentAnnotations, riskOf), as for cURL and Postman imports. With
 * some, the method's hints are the base and the extensions override them, in this order (later
 * wins): the path item's `x-mcp-annotations`, then the operation's `x-openai-isConsequential`,
 * `x-speakeasy-mcp` and `x-mcp-annotations`. `x-toolgate-risk` (operation over path item) sets
 * the tool's `risk`. A value of the wrong type is skipped with a warning, never an error.
 */

type Obj = Record<string, unknown>;
type Risk = NonNullable<ToolRecord['risk']>;

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
const RISKS: readonly string[] = ['read', 'write', 'destructive'] satisfies Risk[];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface RiskMarks {
  annotations?: Obj;
  risk?: Risk;
}

/** The boolean hints of `source` (the four MCP hint names); a hint of another type is reported. */
function readHints(source: Obj, where: string, warn: (text: string) => void): Obj {
  const hints: Obj = {};
  for (const name of HINTS) {
    const value = source[name];
    if (value === undefined) continue;
    if (typeof value === 'boolean') hints[name] = value;
    else warn(`${where}.${name} is not true or false; ignored.`);
  }
  return hints;
}

/** Hints from an `x-mcp-annotations` object. */
function readPlainAnnotations(value: unknown, where: string, warn: (text: string) => void): Obj {
  if (value === undefined) return {};
  if (!isObject(value)) {
    warn(`${where} is not an object; ignored.`);
    return {};
  }
  return readHints(value, where, warn);
}

/**
 * Hints from `x-speakeasy-mcp`: Speakeasy documents them at the top level of the object
 * (`x-speakeasy-mcp: {readOnlyHint: true}`); an `annotations` object inside is read too.
 */
function readSpeakeasy(value: unknown, where: string, warn: (text: string) => void): Obj {
  if (value === undefined) return {};
  if (!isObject(value)) {
    warn(`${where} is not an object; ignored.`);
    return {};
  }
  return {
    ...readHints(value, where, warn),
    ...readPlainAnnotations(value.annotations, `${where}.annotations`, warn),
  };
}

/**
 * `x-openai-isConsequential` (GPT actions: true = ask the user before calling): true means the
 * call changes something (not read-only); false on an unsafe method means it destroys nothing.
 */
function readConsequential(value: unknown, method: string, where: string, warn: (text: string) => void): Obj {
  if (value === undefined) return {};
  if (typeof value !== 'boolean') {
    warn(`${where} is not true or false; ignored.`);
    return {};
  }
  if (value) return { readOnlyHint: false };
  return SAFE_METHODS.has(method) ? {} : { destructiveHint: false };
}

function readRisk(value: unknown, where: string, warn: (text: string) => void): Risk | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && RISKS.includes(value)) return value as Risk;
  warn(`${where} is not "read", "write" or "destructive"; ignored.`);
  return undefined;
}

/**
 * The annotations and risk an operation's extensions set (each absent when none does).
 * `label` names the operation in warnings (`POST /pets`); `method` is the normalised HTTP method.
 */
export function readRiskMarks(
  item: Obj,
  op: Obj,
  method: string,
  label: string,
  warnings: string[],
): RiskMarks {
  const warn = (text: string) => warnings.push(`${label}: ${text}`);
  const overrides: Obj = {
    ...readPlainAnnotations(item['x-mcp-annotations'], 'path item x-mcp-annotations', warn),
    ...readConsequential(op['x-openai-isConsequential'], method, 'x-openai-isConsequential', warn),
    ...readSpeakeasy(op['x-speakeasy-mcp'], 'x-speakeasy-mcp', warn),
    ...readPlainAnnotations(op['x-mcp-annotations'], 'x-mcp-annotations', warn),
  };
  const risk =
    readRisk(op['x-toolgate-risk'], 'x-toolgate-risk', warn) ??
    readRisk(item['x-toolgate-risk'], 'path item x-toolgate-risk', warn);
  const marks: RiskMarks = {};
  if (Object.keys(overrides).length)
    marks.annotations = { ...presentAnnotations({ annotations: null, http_method: method }), ...overrides };
  if (risk) marks.risk = risk;
  return marks;
}
