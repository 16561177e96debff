/**
 * End-to-end harness: a real Toolgate (the CLI, SQLite in a temp folder), a local upstream API
 * and Debian's headless Chromium driven by playwright-core. Everything listens on 127.0.0.1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ADMIN_KEY = `tgk_e2e_admin_${'x'.repeat(24)}`;

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface Upstream {
  url: string;
  requests: Array<{ method: string; url: string; authorization?: string }>;
  close(): Promise<void>;
}

/** A pet API: GET /pets answers JSON and echoes what it was asked. */
export async function startUpstream(): Promise<Upstream> {
  const requests: Upstream['requests'] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    const url = new URL(req.url ?? '/', 'http://upstream');
    const limit = Number(url.searchParams.get('limit') ?? 2);
    const pets = [
      { id: 1, name: 'Rex', tag: 'dog' },
      { id: 2, name: 'Tom', tag: 'cat' },
      { id: 3, name: 'Polly', tag: 'bird' },
    ].slice(0, limit);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ pets, asked: url.pathname + url.search }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface Gateway {
  url: string;
  api<T = unknown>(method: string, path: string, body?: unknown, key?: string): Promise<T>;
  close(): Promise<void>;
}

/**
 * Starts `toolgate serve` on a fresh SQLite database with a known administrator key; `env` adds
 * settings (an identity provider's `OIDC_*`, `LOCAL_SIGN_IN`…).
 */
export async function startGateway(env: Record<string, string> = {}): Promise<Gateway> {
  const dataDir = mkdtempSync(join(tmpdir(), 'toolgate-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      join(ROOT, 'bin', 'toolgate.js'),
      'serve',
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--data-dir',
      dataDir,
      '--public-url',
      url,
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        TOOLGATE_ADMIN_KEY: ADMIN_KEY,
        TOOLGATE_SCHEDULER: 'false',
        LOG_LEVEL: 'warn',
        TOOLGATE_LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; ; i++) {
    try {
      const res = await fetch(`${url}/api/svc/v1/health`);
      if (res.status === 200 || res.status === 503) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || i > 300) throw new Error(`toolgate did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async api<T>(method: string, path: string, body?: unknown, key = ADMIN_KEY): Promise<T> {
      const res = await fetch(`${url}/api/svc/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
    async close() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Headless Chromium with a new empty profile and the flags CI needs. */
export async function startBrowser(viewport = { width: 1366, height: 900 }): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'toolgate-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    acceptDownloads: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Opens the sign-in page's "Use an API key" path (folded away when passwords are on). */
export async function openKeyPath(page: Page): Promise<void> {
  const keyPath = page.locator('details.signin-key');
  await keyPath.waitFor();
  if (!(await keyPath.evaluate((d) => (d as HTMLDetailsElement).open)))
    await page.getByText('Use an API key').click();
}

/** Signs in through the sign-in page's key path. */
export async function signInWithKey(page: Page, key: string): Promise<void> {
  await openKeyPath(page);
  await page.getByLabel('API key', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Sign in with the key' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** Signs in on the sign-in page with an e-mail and a password (a cookie session). */
export async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** Retries a check (e.g. after reloading a view) until it passes; call logs are written in batches. */
export async function eventually<T>(check: () => Promise<T>, attempts = 40): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await check();
    } catch (err) {
      if (i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
