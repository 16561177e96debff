import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/*
 * mcp-remote run as a desktop host runs it: `node <its bin> <server url> [flags]`, stdio piped,
 * its OAuth state in a given config directory and no browser (BROWSER names a command that does
 * nothing, so it only prints the authorization URL). The kit reads the URL off stderr and speaks
 * line-delimited JSON-RPC over stdin/stdout.
 */

export const MCP_REMOTE_BIN = 'node_modules/mcp-remote/dist/proxy.js';

export interface McpRemote {
  /** Everything written to stderr so far. */
  log(): string;
  /** Resolves with the first stderr match of `pattern` (or rejects after `timeoutMs`, or on exit). */
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Sends a request and resolves with its response (`result` or `error`). */
  request(method: string, params?: Record<string, unknown>): Promise<{ result?: unknown; error?: unknown }>;
  notify(method: string, params?: Record<string, unknown>): void;
  close(): Promise<void>;
}

export function spawnMcpRemote(serverUrl: string, configDir: string, flags: string[] = []): McpRemote {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [MCP_REMOTE_BIN, serverUrl, ...flags],
    {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: configDir,
        MCP_REMOTE_CONFIG_DIR: configDir,
        BROWSER: 'true',
        DISPLAY: '',
      },
      stdio: 'pipe',
    },
  );
  let stderr = '';
  let exited = false;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of waiters) w();
  };
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    wake();
  });
  child.on('exit', () => {
    exited = true;
    wake();
  });
  const pending = new Map<number, (msg: { result?: unknown; error?: unknown }) => void>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    let msg: { id?: number; result?: unknown; error?: unknown };
    try {
      msg = JSON.parse(line);
    } catch {
      return;
    }
    if (typeof msg.id === 'number' && pending.has(msg.id)) {
      pending.get(msg.id)!(msg);
      pending.delete(msg.id);
    }
  });
  let nextId = 1;
  const send = (msg: Record<string, unknown>) =>
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...msg })}\n`);

  return {
    log: () => stderr,
    waitForLog(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = stderr.match(pattern);
          if (m || exited || Date.now() > deadline) {
            clearTimeout(timer);
            waiters.delete(check);
            if (m) resolve(m);
            else
              reject(
                new Error(`mcp-remote never logged ${pattern}${exited ? ' (it exited)' : ''}:\n${stderr}`),
              );
          }
        };
        const deadline = Date.now() + timeoutMs;
        const timer = setTimeout(check, timeoutMs + 10);
        waiters.add(check);
        check();
      });
    },
    request(method, params = {}) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`no answer to ${method} from mcp-remote:\n${stderr}`));
        }, 20_000);
        pending.set(id, (msg) => {
          clearTimeout(timer);
          resolve(msg);
        });
        send({ id, method, params });
      });
    },
    notify(method, params = {}) {
      send({ method, params });
    },
    async close() {
      if (exited) return;
      const gone = new Promise<void>((r) => child.once('exit', () => r()));
      child.stdin.end();
      child.kill('SIGTERM');
      await gone;
    },
  };
}
