import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small REST upstream serving the payloads of the conformance suite's "everything server"
 * fixtures (mcp-check reference-server.mjs, everythingCatalog()). Toolgate tools and resources
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

async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://upstream');
  const path = url.pathname;
  switch (path) {
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
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
