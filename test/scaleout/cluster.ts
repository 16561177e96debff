import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { cleanEnv, type Running, serve } from '../kit/cli.ts';

/*
 * Test support for the scale-out suite: Toolgate instances as real child processes (`toolgate
 * serve` through tsx) and HAProxy (Debian's package) in front of them, run with deploy/haproxy.cfg.
 */

export const HAPROXY_CONFIG = resolve(import.meta.dirname, '../../deploy/haproxy.cfg');

/** Whether the `haproxy` binary is installed. */
export function haproxyInstalled(): boolean {
  const probe = spawnSync('haproxy', ['-v'], { stdio: 'ignore' });
  return probe.status === 0;
}

/** A free TCP port on 127.0.0.1 (closed again at once; the caller binds it next). */
export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as { port: number };
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

/** One Toolgate instance on a fixed port (so the balancer finds it again after a restart). */
export function startInstance(dataDir: string, port: number, env: Record<string, string>): Promise<Running> {
  return serve(dataDir, env, ['--host', '127.0.0.1', '--port', String(port)]);
}

export interface Balancer {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** HAProxy in the foreground with deploy/haproxy.cfg over the given instance ports. */
export async function startHaproxy(port: number, a: number, b: number): Promise<Balancer> {
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', HAPROXY_CONFIG], {
    env: cleanEnv({
      TOOLGATE_LB_BIND: `127.0.0.1:${port}`,
      TOOLGATE_A: `127.0.0.1:${a}`,
      TOOLGATE_B: `127.0.0.1:${b}`,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://127.0.0.1:${port}`;
  // Bounded: about 10 s for the balancer to answer through one of the instances.
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${url}/api/svc/v1/health`).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`haproxy exited:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output: () => out,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
