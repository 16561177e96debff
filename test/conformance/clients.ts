import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cleanEnv, runQuiet, type Tools } from './tools.ts';

/*
 * Interop: real clients nobody here wrote, each driven through one short session against the
 * fixture server. Each check returns the protocol version it reached, or throws.
 */

// biome-ignore lint/suspicious/noExplicitAny: third-party modules loaded by path, untyped here
type Any = any;

const load = (dir: string, file: string): Promise<Any> => import(pathToFileURL(join(dir, file)).href);

const EXPECT_TEXT = 'This is a simple text response for testing.';

async function exercise(client: Any): Promise<void> {
  const { tools } = await client.listTools();
  if (!tools.some((t: { name: string }) => t.name === 'test_simple_text'))
    throw new Error('tools/list lacks test_simple_text');
  const r = await client.callTool({ name: 'test_simple_text', arguments: {} });
  if (r.content?.[0]?.text !== EXPECT_TEXT) throw new Error(`tools/call answered ${JSON.stringify(r)}`);
  const read = await client.readResource({ uri: 'test://static-text' });
  if (!String(read.contents?.[0]?.text).includes('static text resource'))
    throw new Error(`resources/read answered ${JSON.stringify(read)}`);
}

/** SDK v1 client over Streamable HTTP (2025-11-25 handshake, session, DELETE at close). */
export async function sdkV1StreamableHttp(tools: Tools, url: string): Promise<string> {
  const { Client } = await load(tools.sdkV1, 'dist/esm/client/index.js');
  const { StreamableHTTPClientTransport } = await load(tools.sdkV1, 'dist/esm/client/streamableHttp.js');
  const client = new Client({ name: 'toolgate-interop-v1', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  try {
    await exercise(client);
    await client.ping();
    await transport.terminateSession();
    return transport.protocolVersion ?? 'unknown';
  } finally {
    await client.close();
  }
}

/** SDK v1 client over the 2024-11-05 HTTP+SSE transport. */
export async function sdkV1LegacySse(tools: Tools, url: string): Promise<string> {
  const { Client } = await load(tools.sdkV1, 'dist/esm/client/index.js');
  const { SSEClientTransport } = await load(tools.sdkV1, 'dist/esm/client/sse.js');
  const client = new Client({ name: 'toolgate-interop-v1-sse', version: '1.0.0' });
  await client.connect(new SSEClientTransport(new URL(`${url}/sse`)));
  try {
    await exercise(client);
    return 'sse';
  } finally {
    await client.close();
  }
}

/** SDK v2 client: `mode` is 'legacy' (its default), 'auto' or a pin. Returns the negotiated version. */
export async function sdkV2(
  tools: Tools,
  url: string,
  mode: 'legacy' | 'auto' | { pin: string },
): Promise<string> {
  const { Client, StreamableHTTPClientTransport } = await load(tools.clientV2, 'dist/index.mjs');
  const client = new Client(
    { name: 'toolgate-interop-v2', version: '2.0.0' },
    { versionNegotiation: { mode } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    await exercise(client);
    return client.getNegotiatedProtocolVersion() ?? 'unknown';
  } finally {
    await client.close();
  }
}

/** MCP Inspector CLI (v1); it finds its package.json relative to the working directory. */
export async function inspector(tools: Tools, url: string, args: string[], expect: string): Promise<string> {
  const r = await runQuiet(
    process.execPath,
    ['index.js', url, '--transport', 'http', ...args],
    tools.inspectorBuild,
  );
  if (r.code !== 0 || !r.out.includes(expect))
    throw new Error(`inspector ${args.join(' ')}: ${r.out.slice(-400)}`);
  return 'ok';
}

/** `mcp-remote` (the stdio bridge Claude Desktop uses), driven by the v1 SDK client over stdio. */
export async function mcpRemote(tools: Tools, url: string): Promise<string> {
  const { Client } = await load(tools.sdkV1, 'dist/esm/client/index.js');
  const { StdioClientTransport } = await load(tools.sdkV1, 'dist/esm/client/stdio.js');
  const client = new Client({ name: 'toolgate-interop-mcp-remote', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(tools.dir, 'node_modules/mcp-remote/dist/proxy.js'), url, '--transport', 'http-only'],
    env: cleanEnv({ MCP_REMOTE_CONFIG_DIR: join(tools.dir, '.mcp-remote') }) as Record<string, string>,
    stderr: 'pipe',
  });
  await client.connect(transport);
  try {
    await exercise(client);
    return 'ok';
  } finally {
    await client.close();
  }
}
