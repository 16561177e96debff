// The bench's references, one per process: `upstream` (a petstore: GET /pets/{id} → ~300 bytes of
// JSON, node:http, keep-alive) and `floor` (an MCP gateway with no features: node:http in, an
// undici Pool out, JSON answers, sessions in a Set; 2025 sessions and 2026-07-28 stateless calls).
// Prints `listening <port>` once ready. Usage: node peers.mjs upstream|floor [upstreamUrl]
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { Pool } from 'undici';

const role = process.argv[2];
const json = (res, status, body, headers = {}) => {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
};

function upstream(req, res) {
  const m = /^\/pets\/(\d+)$/.exec(req.url ?? '');
  if (!m) return json(res, 404, { message: 'not found' });
  const id = Number(m[1]);
  json(res, 200, {
    id,
    name: `pet-${id}`,
    tag: id % 2 ? 'cat' : 'dog',
    status: 'available',
    owner: { id: id * 7, name: `owner-${id}` },
    photoUrls: [`https://example.invalid/pets/${id}.jpg`],
  });
}

function floor(up) {
  const pool = new Pool(up, { connections: 32 });
  const sessions = new Set();
  return (req, res) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', async () => {
      let m;
      try {
        m = JSON.parse(data);
      } catch {
        return json(res, 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
      }
      if (m.method === 'initialize') {
        const id = randomUUID();
        sessions.add(id);
        return json(
          res,
          200,
          {
            jsonrpc: '2.0',
            id: m.id,
            result: {
              protocolVersion: m.params?.protocolVersion,
              capabilities: { tools: {} },
              serverInfo: { name: 'floor', version: '0' },
            },
          },
          { 'mcp-session-id': id },
        );
      }
      const stateless = m.params?._meta?.['io.modelcontextprotocol/protocolVersion'] !== undefined;
      if (!stateless && !sessions.has(req.headers['mcp-session-id']))
        return json(res, 404, {
          jsonrpc: '2.0',
          id: m.id ?? null,
          error: { code: -32001, message: 'Session not found' },
        });
      if (m.id === undefined) return json(res, 202);
      if (m.method !== 'tools/call')
        return json(res, 200, {
          jsonrpc: '2.0',
          id: m.id,
          error: { code: -32601, message: 'Method not found' },
        });
      try {
        const r = await pool.request({
          method: 'GET',
          path: `/pets/${encodeURIComponent(m.params.arguments.petId)}`,
        });
        const text = await r.body.text();
        json(res, 200, {
          jsonrpc: '2.0',
          id: m.id,
          result: { content: [{ type: 'text', text }], isError: r.statusCode >= 400 },
        });
      } catch (e) {
        json(res, 200, {
          jsonrpc: '2.0',
          id: m.id,
          result: { content: [{ type: 'text', text: String(e) }], isError: true },
        });
      }
    });
  };
}

const server = http.createServer(role === 'floor' ? floor(process.argv[3]) : upstream);
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
