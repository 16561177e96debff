import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small REST upstream serving the payloads of the conformance suite's "everything server"
 * fixtures (the payloads its scenarios expect, per the suite's scenario descriptions). Toolgate tools and resources
 * point here, so the suite exercises Toolgate's real request building and content mapping.
 */

/** 1×1 red PNG. */
export const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Minimal WAV: 44-byte header + 2 samples of silence (16-bit mono 8 kHz). */
export function tinyWav(): Buffer {
  const b = Buffer.alloc(48);
  b.write('RIFF', 0);
  b.writeUInt32LE(40, 4);
  b.write('WAVE', 8);
  b.write('fmt ', 12);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(16000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(4, 40);
  return b;
}

function multipart(
  res: ServerResponse,
  parts: Array<{ headers: Record<string, string>; body: Buffer | string }>,
) {
  const boundary = 'toolgate-fixture-boundary';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head = Object.entries(p.headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n');
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), Buffer.from(p.body), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  res.writeHead(200, { 'content-type': `multipart/mixed; boundary=${boundary}` });
  res.end(Buffer.concat(chunks));
}

function send(res: ServerResponse, status: number, type: string, body: Buffer | string): void {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Where the trigger endpoints reach the gateway's management API: an API that changes what an MCP
 * server lists when it is called (a real upstream can do that too), set once the gateway runs.
 */
export interface ManagementLink {
  apiBase: string;
  adminKey: string;
  serverUuid: string;
}
let management: ManagementLink | undefined;
let touches = 0;

/** Changes an item of the server through the management API (description bump): a list change. */
async function touch(kind: 'tools' | 'prompts', name: string): Promise<string> {
  if (!management) return 'not linked';
  const { apiBase, adminKey, serverUuid } = management;
  const headers = { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' };
  const list = (await (
    await fetch(`${apiBase}/servers/${serverUuid}/${kind}?per_page=100`, { headers })
  ).json()) as Array<Record<string, unknown>> | { data?: Array<Record<string, unknown>> };
  const items = Array.isArray(list) ? list : (list.data ?? []);
  const item = items.find((i) => i.slug === name || i.name === name);
  if (!item) return 'not found';
  const res = await fetch(`${apiBase}/servers/${serverUuid}/${kind}/${item.uuid ?? item.id}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ description: `Changes the ${kind} list (change ${++touches})` }),
  });
  return `${kind} changed: ${res.status}`;
}

/**
 * An asynchronous job API, as report and export APIs are: `POST /jobs/<kind>` answers
 * `202 Accepted` with the job's `Location`; the job answers 202 while it runs, then `303 See
 * Other` to its result (or, for `fail`, `500`). `broken` accepts without a Location (a protocol
 * error the gateway cannot follow). `seconds: 0` answers at once (200).
 */
interface Job {
  kind: string;
  doneAt: number;
  label: string;
  seconds: number;
}
const jobs = new Map<string, Job>();
let jobCount = 0;

async function startJob(kind: string, req: IncomingMessage, res: ServerResponse) {
  const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
  const seconds = typeof body.seconds === 'number' ? Math.max(0, Math.min(600, body.seconds)) : 1;
  const label = typeof body.label === 'string' ? body.label : kind;
  if (kind === 'broken') return send(res, 202, 'application/json', '{"status":"accepted"}');
  if (kind === 'compute' && seconds === 0) return send(res, 200, 'text/plain', `Computed ${label} at once.`);
  const id = `job-${++jobCount}`;
  jobs.set(id, { kind, doneAt: Date.now() + seconds * 1000, label, seconds });
  res.writeHead(202, { 'content-type': 'application/json', location: `/jobs/${id}` });
  res.end(JSON.stringify({ id, status: 'running' }));
}

function pollJob(id: string, result: boolean, res: ServerResponse) {
  const job = jobs.get(id);
  if (!job) return send(res, 404, 'application/json', '{"error":"no such job"}');
  if (Date.now() < job.doneAt)
    return send(res, 202, 'application/json', JSON.stringify({ id, status: 'running' }));
  if (job.kind === 'fail') return send(res, 500, 'application/json', '{"error":"the job failed"}');
  if (!result) {
    res.writeHead(303, { location: `/jobs/${id}/result` });
    res.end();
    return;
  }
  return send(res, 200, 'text/plain', `Computed ${job.label} in ${job.seconds} s.`);
}

async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://upstream');
  const path = url.pathname;
  const job = /^\/jobs\/([a-z]+)$/.exec(path);
  if (job && req.method === 'POST') return startJob(job[1]!, req, res);
  const polled = /^\/jobs\/(job-\d+)(\/result)?$/.exec(path);
  if (polled) return pollJob(polled[1]!, polled[2] !== undefined, res);
  const file = /^\/files\/([^/]+)$/.exec(path);
  if (file && req.method === 'DELETE')
    return send(res, 200, 'text/plain', `Deleted ${decodeURIComponent(file[1]!)}.`);
  switch (path) {
    case '/echo': {
      const body =
        req.method === 'GET' ? JSON.stringify(Object.fromEntries(url.searchParams)) : await readBody(req);
      return send(res, 200, 'text/plain', `Received: ${body || '{}'}`);
    }
    case '/hello':
      return send(res, 200, 'text/plain', `Hello, ${url.searchParams.get('name') ?? 'stranger'}!`);
    case '/greet':
      return send(res, 200, 'text/plain', `Hello, ${url.searchParams.get('name') ?? 'stranger'}! state-ok`);
    case '/capital-question':
      return send(res, 200, 'text/plain', 'What is the capital of France?');
    case '/trigger/tools':
      return send(res, 200, 'text/plain', await touch('tools', 'test_trigger_tool_change'));
    case '/trigger/prompts':
      return send(res, 200, 'text/plain', await touch('prompts', 'test_trigger_prompt_change'));
    case '/simple-text':
      return send(res, 200, 'text/plain; charset=utf-8', 'This is a simple text response for testing.');
    case '/image':
      return send(res, 200, 'image/png', Buffer.from(PNG_1PX, 'base64'));
    case '/audio':
      return send(res, 200, 'audio/wav', tinyWav());
    case '/embedded-resource':
      return multipart(res, [
        {
          headers: { 'Content-Type': 'text/plain', 'Content-Location': 'test://embedded-resource' },
          body: 'This is an embedded resource content.',
        },
      ]);
    case '/mixed':
      return multipart(res, [
        { headers: { 'Content-Type': 'text/plain' }, body: 'Multiple content types test:' },
        { headers: { 'Content-Type': 'image/png' }, body: Buffer.from(PNG_1PX, 'base64') },
        {
          headers: {
            'Content-Type': 'application/json',
            'Content-Location': 'test://mixed-content-resource',
          },
          body: '{"test":"data","value":123}',
        },
      ]);
    case '/error':
      return send(res, 500, 'text/plain', 'This tool intentionally returns an error for testing');
    case '/logging':
      await sleep(100);
      return send(res, 200, 'text/plain', 'Tool with logging executed successfully');
    case '/progress':
      await sleep(100);
      return send(res, 200, 'text/plain', 'Tool with progress executed successfully');
    case '/reconnection':
      await sleep(100);
      return send(
        res,
        200,
        'text/plain',
        'Reconnection test completed successfully. If you received this, the client properly reconnected after stream closure.',
      );
    case '/json-schema': {
      const args = (await readBody(req)) || '{}';
      return send(res, 200, 'text/plain', `JSON Schema 2020-12 tool called with: ${args}`);
    }
    case '/resources/static-text':
      return send(res, 200, 'text/plain', 'This is the content of the static text resource.');
    case '/resources/static-binary':
      return send(res, 200, 'image/png', Buffer.from(PNG_1PX, 'base64'));
  }
  const template = /^\/resources\/template\/([^/]+)\/data$/.exec(path);
  if (template) {
    const id = decodeURIComponent(template[1]!);
    return send(
      res,
      200,
      'application/json',
      JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }),
    );
  }
  return send(res, 404, 'application/json', '{"error":"not found"}');
}

export interface FixtureUpstream {
  url: string;
  link(to: ManagementLink): void;
  close(): Promise<void>;
}

export async function startFixtureUpstream(): Promise<FixtureUpstream> {
  const server = createServer((req, res) => {
    route(req, res).catch(() => send(res, 500, 'text/plain', 'upstream failure'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    link(to) {
      management = to;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
