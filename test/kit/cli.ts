import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * The CLI from its TypeScript sources (through tsx), so tests never run a stale dist/; the compiled
 * bin/toolgate.js is the same module after `tsc -p tsconfig.build.json`.
 */
const CLI = ['--import', 'tsx', resolve(import.meta.dirname, '../../src/cli/main.ts')];

/** Environment without any Toolgate variable of the developer's shell leaking in. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(TOOLGATE_|DATABASE_URL$|PUBLIC_URL$|REST_PREFIX$|PORT$|HOST$|LOG_LEVEL$|REDIS_URL$)/.test(k))
      continue;
    env[k] = v;
  }
  return { ...env, LOG_LEVEL: 'warn', TOOLGATE_SCHEDULER: 'false', ...extra };
}

export interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `toolgate serve --port 0` and resolves once it prints its "listening on" line. */
export function serve(
  dataDir: string,
  env: Record<string, string> = {},
  args: string[] = ['--host', '127.0.0.1'],
  nodeArgs: string[] = [],
): Promise<Running> {
  const child = spawn(
    process.execPath,
    [...nodeArgs, ...CLI, 'serve', '--port', '0', ...args, '--data-dir', dataDir],
    {
      env: cleanEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening on" line:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolvePromise({
          child,
          url: match[1]!,
          output: () => out,
          async stop(signal = 'SIGTERM') {
            child.kill(signal);
            return exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`toolgate exited with ${code} before listening:\n${out}`));
    });
  });
}

/** Runs a one-shot CLI command and returns its exit code and output. */
export function run(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...CLI, ...args], {
    env: cleanEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  return new Promise((res) => child.once('close', (code) => res({ code, stdout, stderr })));
}

export const KEY = /tgk_[A-Za-z0-9_-]{43}/;
