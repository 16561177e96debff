import type { IncomingHttpHeaders } from 'node:http';
import type { ToolRecord } from '../../store/tools.repo.ts';
import { HEADER_MISMATCH, RpcError } from '../errors.ts';
import { decodeHeaderValue } from './era.ts';

/*
 * `x-mcp-header` (SEP-2243, 2026-07-28): a tool parameter whose schema names a header is mirrored
 * by the client into `Mcp-Param-{Name}`; the server MUST check that the header (base64 sentinel
 * decoded) matches the body value, and refuse a missing or different one with -32020 / HTTP 400.
 * Only properties reachable through `properties` chains count, with primitive types.
 */

interface ParamHeader {
  path: string[];
  header: string;
}

const none: ParamHeader[] = [];
const byTool = new WeakMap<ToolRecord, ParamHeader[]>();

function collect(schema: unknown, path: string[], out: ParamHeader[]): void {
  if (typeof schema !== 'object' || schema === null) return;
  const props = (schema as Record<string, unknown>).properties;
  if (typeof props !== 'object' || props === null) return;
  for (const [key, sub] of Object.entries(props)) {
    if (typeof sub !== 'object' || sub === null) continue;
    const name = (sub as Record<string, unknown>)['x-mcp-header'];
    if (typeof name === 'string' && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
      out.push({ path: [...path, key], header: `mcp-param-${name.toLowerCase()}` });
    if (path.length < 8) collect(sub, [...path, key], out);
  }
}

/** The tool's mirrored parameters (computed once per tool version). */
export function paramHeadersOf(tool: ToolRecord): ParamHeader[] {
  let found = byTool.get(tool);
  if (!found) {
    const out: ParamHeader[] = [];
    collect(tool.input_schema, [], out);
    found = out.length ? out : none;
    byTool.set(tool, found);
  }
  return found;
}

function valueAt(args: Record<string, unknown>, path: string[]): unknown {
  let v: unknown = args;
  for (const key of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

function matches(header: string, value: unknown): boolean {
  if (typeof value === 'string') return header === value;
  if (typeof value === 'boolean') return header === String(value);
  // Integers compare numerically (`42.0` equals `42`).
  if (typeof value === 'number') return header.trim() !== '' && Number(header) === value;
  return false;
}

/** Checks every mirrored parameter of a 2026-07-28 `tools/call`; throws -32020 (HTTP 400) on the first problem. */
export function checkParamHeaders(
  tool: ToolRecord,
  args: Record<string, unknown>,
  headers: IncomingHttpHeaders,
): void {
  const params = paramHeadersOf(tool);
  if (params === none) return;
  for (const p of params) {
    const value = valueAt(args, p.path);
    if (value === undefined || value === null) continue;
    const raw = headers[p.header];
    const given = Array.isArray(raw) ? raw[0] : raw;
    const label = `${p.header.replace(/^mcp-param-/, 'Mcp-Param-')}`;
    if (given === undefined) throw new RpcError(HEADER_MISMATCH, `Header mismatch: ${label} is required`);
    const decoded = decodeHeaderValue(given);
    if (decoded === undefined || !matches(decoded, value))
      throw new RpcError(HEADER_MISMATCH, `Header mismatch: ${label} does not match the argument`);
  }
}
