import { createServer, type Server, type Socket } from 'node:net';

/**
 * A test upstream that records requests exactly as they arrive on the socket. Node's HTTP
 * parser refuses methods it does not know (`wHat`, `VIEW`) and folds header names, so the
 * round-trip tests read HTTP/1.1 themselves: the request line, the headers as sent, and the
 * body by Content-Length or chunked encoding. Every answer is `200 {"ok":true}`.
 */
export interface RawRequest {
  method: string;
  target: string;
  /** [name, value] in the order sent, names as written. */
  headers: Array<[string, string]>;
  body: Buffer;
}

export interface RawEcho {
  origin: string;
  requests: RawRequest[];
  close(): Promise<void>;
}

const ANSWER =
  'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\nConnection: close\r\n\r\n{"ok":true}';

/** Parses one request from the bytes so far; undefined until it is complete. */
export function parseRawRequest(data: Buffer): RawRequest | undefined {
  const headEnd = data.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const [line = '', ...lines] = data.subarray(0, headEnd).toString('latin1').split('\r\n');
  const [method = '', target = ''] = line.split(' ');
  const headers = lines.map((l): [string, string] => {
    const colon = l.indexOf(':');
    return [l.slice(0, colon), l.slice(colon + 1).trim()];
  });
  const header = (name: string) => headers.find(([n]) => n.toLowerCase() === name)?.[1];
  const rest = data.subarray(headEnd + 4);
  if (header('transfer-encoding')?.toLowerCase() === 'chunked') {
    const chunks: Buffer[] = [];
    let at = 0;
    for (;;) {
      const eol = rest.indexOf('\r\n', at);
      if (eol < 0) return undefined;
      const size = Number.parseInt(rest.subarray(at, eol).toString('latin1'), 16);
      if (size === 0) return { method, target, headers, body: Buffer.concat(chunks) };
      if (rest.length < eol + 2 + size + 2) return undefined;
      chunks.push(rest.subarray(eol + 2, eol + 2 + size));
      at = eol + 2 + size + 2;
    }
  }
  const length = Number(header('content-length') ?? 0);
  if (rest.length < length) return undefined;
  return { method, target, headers, body: rest.subarray(0, length) };
}

export async function startRawEcho(): Promise<RawEcho> {
  const requests: RawRequest[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let data = Buffer.alloc(0);
    let continued = false;
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      const headEnd = data.indexOf('\r\n\r\n');
      // curl waits for "100 Continue" before sending a large body.
      if (
        !continued &&
        headEnd >= 0 &&
        /\r\nexpect: *100-continue/i.test(data.subarray(0, headEnd).toString('latin1'))
      ) {
        continued = true;
        socket.write('HTTP/1.1 100 Continue\r\n\r\n');
      }
      const request = parseRawRequest(data);
      if (!request) return;
      requests.push(request);
      socket.end(ANSWER);
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
