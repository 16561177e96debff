import type { FastifyRequest } from 'fastify';
import { readTrace, type TraceHeaders } from '../../tracing/trace-context.ts';
import {
  HEADER_MISMATCH,
  HttpRejection,
  INVALID_PARAMS,
  type JsonRpcId,
  UNSUPPORTED_PROTOCOL_VERSION,
} from '../errors.ts';
import {
  ALL_VERSIONS,
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_LOG_LEVEL,
  META_PROTOCOL_VERSION,
  MODERN_VERSIONS,
  SUPPORTED_VERSIONS,
} from '../protocol.ts';
import { header } from './http-helpers.ts';

/*
 * The 2026-07-28 ("modern") era on the same endpoint as the 2025 revisions (docs/MCP.md). A
 * request is modern when it carries no `Mcp-Session-Id` and either its `_meta` names a protocol
 * version, or its `MCP-Protocol-Version` header is not a 2025-or-older revision, or its method
 * exists only in the modern era. Everything else (initialize, session traffic, legacy SSE) keeps
 * the 2025 code path untouched.
 */

const MODERN_ONLY_METHODS = new Set(['server/discover', 'subscriptions/listen']);
const LEGACY_VERSIONS = new Set<string>(SUPPORTED_VERSIONS);

/** What a modern request says about itself in `_meta` (validated). */
export interface ModernMeta {
  version: string;
  clientName: string | null;
  capabilities: Record<string, unknown>;
  /** `io.modelcontextprotocol/logLevel`; null: no `notifications/message` at all. */
  logLevel: string | null;
  /** W3C trace context from `_meta` (SEP-414), forwarded to the upstream call. */
  trace: TraceHeaders | null;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function metaOf(body: unknown): Record<string, unknown> | undefined {
  if (!isObject(body) || !isObject(body.params)) return undefined;
  const meta = body.params._meta;
  return isObject(meta) ? meta : undefined;
}

/** True when this POST body belongs to the 2026-07-28 era (see the module comment). */
export function isModernRequest(request: FastifyRequest, body: unknown): boolean {
  if (header(request, 'mcp-session-id') !== undefined || !isObject(body)) return false;
  const meta = metaOf(body);
  if (meta && META_PROTOCOL_VERSION in meta) return true;
  if (typeof body.method === 'string' && MODERN_ONLY_METHODS.has(body.method)) return true;
  const version = header(request, 'mcp-protocol-version')?.trim();
  return version !== undefined && version !== '' && !LEGACY_VERSIONS.has(version);
}

/**
 * Decodes a header value that may use the `=?base64?…?=` sentinel (transports §Value Encoding);
 * undefined when the value is malformed (bad base64, or characters a header may not carry).
 */
export function decodeHeaderValue(value: string): string | undefined {
  if (value.startsWith('=?base64?') && value.endsWith('?=') && value.length >= 11) {
    const b64 = value.slice(9, -2);
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 !== 0) return undefined;
    return Buffer.from(b64, 'base64').toString('utf8');
  }
  return /^[\x20-\x7e\t]*$/.test(value) ? value : undefined;
}

function mismatch(id: JsonRpcId | null, message: string): HttpRejection {
  return new HttpRejection(400, HEADER_MISMATCH, `Header mismatch: ${message}`, {}, id);
}

/** Methods whose `Mcp-Name` header mirrors a param (the Tasks extension's name their task). */
const NAMED: Record<string, 'name' | 'uri' | 'taskId'> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

/**
 * Validates a modern request's `_meta` and its mirrored headers, in the order the specification
 * implies: `_meta` shape (-32602), header/body agreement (-32020), then the version (-32022).
 * All are HTTP 400 and carry the request's id.
 */
export function readModernMeta(
  request: FastifyRequest,
  id: JsonRpcId | null,
  method: string,
  params: Record<string, unknown> | undefined,
): ModernMeta {
  const meta = params?._meta;
  if (!isObject(meta))
    throw new HttpRejection(400, INVALID_PARAMS, 'Invalid params: _meta is required', {}, id);
  const version = meta[META_PROTOCOL_VERSION];
  if (typeof version !== 'string' || version === '')
    throw new HttpRejection(
      400,
      INVALID_PARAMS,
      `Invalid params: _meta["${META_PROTOCOL_VERSION}"] is required`,
      {},
      id,
    );
  const capabilities = meta[META_CLIENT_CAPABILITIES];
  if (!isObject(capabilities))
    throw new HttpRejection(
      400,
      INVALID_PARAMS,
      `Invalid params: _meta["${META_CLIENT_CAPABILITIES}"] must be an object`,
      {},
      id,
    );

  const versionHeader = header(request, 'mcp-protocol-version')?.trim();
  if (versionHeader === undefined) throw mismatch(id, 'the MCP-Protocol-Version header is required');
  if (versionHeader !== version)
    throw mismatch(
      id,
      `MCP-Protocol-Version header '${versionHeader.slice(0, 40)}' does not match _meta '${version.slice(0, 40)}'`,
    );
  const methodHeader = header(request, 'mcp-method');
  if (methodHeader === undefined) throw mismatch(id, 'the Mcp-Method header is required');
  if (methodHeader !== method)
    throw mismatch(
      id,
      `Mcp-Method header '${methodHeader.slice(0, 100)}' does not match body '${method.slice(0, 100)}'`,
    );
  const field = NAMED[method];
  if (field) {
    const nameHeader = header(request, 'mcp-name');
    if (nameHeader === undefined) throw mismatch(id, 'the Mcp-Name header is required');
    const decoded = decodeHeaderValue(nameHeader);
    if (decoded === undefined) throw mismatch(id, 'the Mcp-Name header value is malformed');
    const bodyValue = params?.[field];
    if (typeof bodyValue === 'string' && decoded !== bodyValue)
      throw mismatch(id, `Mcp-Name header value does not match params.${field}`);
  }

  if (!(MODERN_VERSIONS as readonly string[]).includes(version))
    throw new HttpRejection(400, UNSUPPORTED_PROTOCOL_VERSION, 'Unsupported protocol version', {}, id, {
      supported: ALL_VERSIONS,
      requested: version,
    });

  const info = meta[META_CLIENT_INFO];
  const level = meta[META_LOG_LEVEL];
  return {
    version,
    clientName: isObject(info) && typeof info.name === 'string' ? info.name.slice(0, 200) : null,
    capabilities,
    logLevel: typeof level === 'string' ? level : null,
    trace: readTrace(meta),
  };
}
