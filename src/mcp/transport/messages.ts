import type { FastifyRequest } from 'fastify';
import { jsonTextExceedsDepth, MAX_JSON_DEPTH } from '../../http/json-depth.ts';
import { classifyMessage, type Message } from '../dispatch.ts';
import {
  errorResponse,
  HttpRejection,
  INVALID_REQUEST,
  type JsonRpcResponse,
  PARSE_ERROR,
  SERVER_ERROR,
} from '../errors.ts';
import { allowsBatches } from '../protocol.ts';
import { acceptsJsonOrSse, header } from './http-helpers.ts';

/*
 * A POST body read as JSON-RPC: its Content-Type and Accept, the JSON (depth- and batch-limited
 * before it is parsed), then its messages. Shared by the 2025 session path (post.ts), the
 * 2026-07-28 path (modern.ts) and the legacy `messages` endpoint (legacy-sse.ts).
 */

export type RequestMessage = Extract<Message, { kind: 'request' }>;

/** The body of a POST as JSON: 415 for another Content-Type, 406 for an Accept without JSON or SSE. */
export function parseBody(request: FastifyRequest): unknown {
  requireJsonContentType(request);
  if (!acceptsJsonOrSse(request))
    throw new HttpRejection(
      406,
      SERVER_ERROR,
      'Not Acceptable: Client must accept application/json and text/event-stream',
    );
  return parseJsonText(request);
}

function requireJsonContentType(request: FastifyRequest): void {
  const type = header(request, 'content-type')?.toLowerCase() ?? '';
  if (!type.startsWith('application/json'))
    throw new HttpRejection(
      415,
      SERVER_ERROR,
      'Unsupported Media Type: Content-Type must be application/json',
    );
}

/** The body as JSON: 415 for another Content-Type, 400 / -32700 for bad JSON. */
export function parseJsonBody(request: FastifyRequest): unknown {
  requireJsonContentType(request);
  return parseJsonText(request);
}

/** The body's JSON, its Content-Type already checked; a batch over MAX_BATCH_MESSAGES is refused unparsed. */
function parseJsonText(request: FastifyRequest): unknown {
  const text = typeof request.body === 'string' ? request.body : '';
  if (arrayTextExceeds(text, MAX_BATCH_MESSAGES)) throw batchTooLarge();
  try {
    if (text.trim() === '') throw new Error('empty body');
    if (jsonTextExceedsDepth(text)) throw new Error(`nesting deeper than ${MAX_JSON_DEPTH} levels`);
    return JSON.parse(text);
  } catch (err) {
    throw new HttpRejection(400, PARSE_ERROR, `Parse error: ${(err as Error).message}`);
  }
}

/**
 * Members a JSON-RPC batch may hold (2025-03-26). Batches are rare (later revisions removed
 * them), and each member is a request to answer: past this the whole POST is -32600 before any
 * member is parsed or run.
 */
export const MAX_BATCH_MESSAGES = 100;

function batchTooLarge(): HttpRejection {
  return new HttpRejection(
    400,
    INVALID_REQUEST,
    `Invalid Request: a batch may hold at most ${MAX_BATCH_MESSAGES} messages`,
  );
}

/**
 * True when `text` is a JSON array with more than `limit` members: a character scan of a text
 * that starts with `[` (anything else costs one look), commas at the top level counted outside
 * strings, stopping as soon as the count passes the limit. Parsing allocates every member of a
 * batch before its length can be read.
 */
function arrayTextExceeds(text: string, limit: number): boolean {
  let i = 0;
  while (i < text.length && text.charCodeAt(i) <= 0x20) i++;
  if (text.charCodeAt(i) !== 0x5b) return false;
  let depth = 0;
  let commas = 0;
  let inString = false;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) depth++;
    else if (c === 0x5d || c === 0x7d) depth--;
    else if (c === 0x2c && depth === 1 && ++commas >= limit) return true;
  }
  return false;
}

/** The messages of a POST body (one, or a batch); 400 for what no answer can be sent to. */
export function readMessages(body: unknown): { batch: boolean; messages: Message[]; isInit: boolean } {
  const batch = Array.isArray(body);
  const items: unknown[] = batch ? body : [body];
  if (items.length === 0) throw new HttpRejection(400, INVALID_REQUEST, 'Invalid Request: empty batch');
  if (items.length > MAX_BATCH_MESSAGES) throw batchTooLarge();
  const messages = items.map(classifyMessage);
  const first = messages[0]!;
  if (!batch && first.kind === 'invalid')
    throw new HttpRejection(400, INVALID_REQUEST, `Invalid Request: ${first.reason}`, {}, first.id);
  const isInit = messages.some((m) => m.kind === 'request' && m.method === 'initialize');
  if (isInit && batch)
    throw new HttpRejection(400, INVALID_REQUEST, 'Invalid Request: initialize must not be batched');
  return { batch, messages, isInit };
}

/** A batch is 400 unless the session's protocol version has them. */
export function checkBatchAllowed(batch: boolean, version: string): void {
  if (batch && !allowsBatches(version))
    throw new HttpRejection(
      400,
      INVALID_REQUEST,
      `Invalid Request: JSON-RPC batches are not supported in protocol version ${version}`,
    );
}

/** The -32600 answers of a batch's invalid members. */
export function invalidResponses(messages: Message[]): JsonRpcResponse[] {
  return messages
    .filter((m): m is Extract<Message, { kind: 'invalid' }> => m.kind === 'invalid')
    .map((m) => errorResponse(m.id, INVALID_REQUEST, `Invalid Request: ${m.reason}`));
}
