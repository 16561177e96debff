import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { errorCodes, type FastifyBaseLogger, type FastifyError } from 'fastify';
import type { Lane } from '../http/front-door.ts';
import { createLazyChildLogger } from '../http/lazy-child-logger.ts';
import type { HttpRejection } from './errors.ts';
import type { McpReply, SlugRequest } from './exchange.ts';

/*
 * `POST /mcp/{slug}` answered straight from node:http, ahead of fastify's router: the MCP
 * endpoint's busiest request, where fastify's routing, hooks, content-type parser, async-context
 * resource and reply machinery cost ~6 % of a tools/call. The lane does what fastify did for this route and nothing else: it reads the body
 * under the same limit and Content-Length checks (fastify's own errors), writes the reply as
 * fastify's `send` does, and hands every failure to the MCP error handler (request lines, at
 * debug, are the front door's: http/request-log.ts). The endpoint code itself is shared (exchange.ts): the fastify route stays registered
 * and takes whatever the lane leaves, i.e. anything but the plain form (a query string, an
 * encoded or over-long slug, another Content-Type), every request while the app closes, and
 * `inject()`, which bypasses the HTTP server.
 */

/** The plain form of the route: an unencoded slug within find-my-way's 100-character limit. */
const PLAIN_PATH = /^\/mcp\/([A-Za-z0-9_-]{1,100})\/?$/;
/** Content-Types the route's parser takes as they are (every MCP client sends the first). */
const JSON_TYPE = /^application\/json\s*(?:;\s*charset="?utf-8"?\s*)?$/i;

export interface PostLaneOptions {
  /** The route's handler (the fastify route runs the same one). */
  handle(request: SlugRequest, reply: McpReply): unknown;
  /** The MCP error handler. */
  fail(request: SlugRequest, reply: McpReply, error: FastifyError | HttpRejection): void;
  /** The application's logger: request loggers are its children, as fastify's are. */
  log: FastifyBaseLogger;
  bodyLimit: number;
}

export interface PostLane {
  take: Lane;
  /** From now on every request goes to fastify (which answers 503 while closing). */
  close(): void;
}

export function createPostLane(options: PostLaneOptions): PostLane {
  let open = true;
  let nextId = 0;
  const take: Lane = (req, res) => {
    if (!open || req.method !== 'POST') return false;
    const path = PLAIN_PATH.exec(req.url ?? '');
    const type = req.headers['content-type'];
    if (!path || type === undefined || !JSON_TYPE.test(type)) return false;
    nextId = nextId >= 2147483647 ? 1 : nextId + 1;
    const log = createLazyChildLogger(options.log, { reqId: `mcp-${nextId.toString(36)}` }, {});
    const request = new LaneRequest(req, path[1]!, log);
    const reply = new LaneReply(res, log);
    readBody(request, reply, options);
    return true;
  };
  return {
    take,
    close() {
      open = false;
    },
  };
}

class LaneRequest implements SlugRequest {
  body: unknown = undefined;
  readonly query = {};
  readonly params: { slug: string };
  mcpCors: Record<string, string> | null = null;

  constructor(
    readonly raw: IncomingMessage,
    slug: string,
    readonly log: FastifyBaseLogger,
  ) {
    this.params = { slug };
  }

  get headers(): IncomingHttpHeaders {
    return this.raw.headers;
  }
}

/** Fastify's `send` for what the endpoint sends: text, JSON-RPC objects, or nothing. */
class LaneReply implements McpReply {
  #headers: Record<string, string> = {};
  #hijacked = false;

  constructor(
    readonly raw: ServerResponse,
    private readonly log: FastifyBaseLogger,
  ) {}

  get sent(): boolean {
    return this.#hijacked || this.raw.writableEnded;
  }

  code(statusCode: number): this {
    this.raw.statusCode = statusCode;
    return this;
  }

  header(name: string, value: string): this {
    this.#headers[name.toLowerCase()] = value;
    return this;
  }

  headers(values: Record<string, string>): this {
    for (const name of Object.keys(values)) this.#headers[name.toLowerCase()] = values[name]!;
    return this;
  }

  type(contentType: string): this {
    this.#headers['content-type'] = contentType;
    return this;
  }

  hijack(): this {
    this.#hijacked = true;
    return this;
  }

  send(payload?: unknown): this {
    if (this.sent) {
      this.log.warn('mcp reply already sent');
      return this;
    }
    const res = this.raw;
    const headers = this.#headers;
    if (payload === undefined || payload === null) {
      if (res.statusCode >= 200 && res.statusCode !== 204 && res.statusCode !== 304)
        headers['content-length'] = '0';
      res.writeHead(res.statusCode, headers);
      res.end();
      return this;
    }
    let text: string;
    if (typeof payload === 'string') {
      headers['content-type'] ??= 'text/plain; charset=utf-8';
      text = payload;
    } else {
      headers['content-type'] ??= 'application/json; charset=utf-8';
      text = JSON.stringify(payload);
    }
    headers['content-length'] = String(Buffer.byteLength(text));
    res.writeHead(res.statusCode, headers);
    res.end(text);
    return this;
  }
}

/**
 * Fastify's body reading for a string parser (content-type-parser.js `rawBody`): 413 when the
 * declared or received length passes the limit, 400 when the received length is not the declared
 * one or the stream fails; the connection is closed after such an answer.
 */
function readBody(request: LaneRequest, reply: LaneReply, options: PostLaneOptions): void {
  const req = request.raw;
  const limit = options.bodyLimit;
  const declared = Number(req.headers['content-length']);
  if (declared > limit) {
    refuseBody(request, reply, options, new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    return;
  }
  const chunks: Buffer[] = [];
  let received = 0;
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) {
      stopReading();
      refuseBody(request, reply, options, new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    chunks.push(chunk);
  };
  const onEnd = (err?: Error & { statusCode?: number }) => {
    stopReading();
    if (err) {
      if (!(typeof err.statusCode === 'number' && err.statusCode >= 400)) err.statusCode = 400;
      refuseBody(request, reply, options, err as FastifyError);
      return;
    }
    if (!Number.isNaN(declared) && received !== declared) {
      refuseBody(request, reply, options, new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      return;
    }
    request.body =
      chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, received).toString('utf8');
    run(request, reply, options);
  };
  const stopReading = () => {
    req.removeListener('data', onData);
    req.removeListener('end', onEnd);
    req.removeListener('error', onEnd);
  };
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('error', onEnd);
}

function refuseBody(
  request: LaneRequest,
  reply: LaneReply,
  options: PostLaneOptions,
  error: FastifyError,
): void {
  // The client may still be sending: the connection cannot carry another request.
  reply.header('connection', 'close');
  fail(request, reply, options, error);
}

/** The error handler; should it throw itself, the exchange ends without an answer (never the process). */
function fail(
  request: LaneRequest,
  reply: LaneReply,
  options: PostLaneOptions,
  error: FastifyError | HttpRejection,
): void {
  try {
    options.fail(request, reply, error);
  } catch (err) {
    request.log.error({ err }, 'mcp error handler failed');
    reply.raw.destroy();
  }
}

/** The handler, its failures (thrown or rejected) to the error handler, as fastify's route does. */
function run(request: LaneRequest, reply: LaneReply, options: PostLaneOptions): void {
  let result: unknown;
  try {
    result = options.handle(request, reply);
  } catch (err) {
    fail(request, reply, options, err as FastifyError);
    return;
  }
  if (result instanceof Promise)
    result.catch((err: FastifyError | HttpRejection) => fail(request, reply, options, err));
}
