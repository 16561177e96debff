import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppContext, apiBase } from '../context.ts';

/**
 * The admin UI (`web/`, built by `npm run build:web` into `web/dist`) at `{base_url}/admin/`;
 * `/` redirects there.
 *
 * Our own few lines rather than @fastify/static: Vite's output is a small fixed set of files,
 * so they are read once at start and only those names are ever served (no path from the
 * request reaches the file system, no traversal to reason about), and index.html is served
 * with the API base written into a meta tag (the page has no inline script).
 */

/** No inline script or style element, no other origin: every asset is bundled. */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

interface Asset {
  body: Buffer;
  type: string;
}

/** The nearest `web/dist` above this file (source under src/, or a compiled build under dist/). */
function findDist(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = join(dir, 'web', 'dist');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
    dir = dirname(dir);
  }
  return undefined;
}

function listFiles(root: string, dir = root): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(root, path) : [relative(root, path).split(sep).join('/')];
  });
}

/** Reads the built UI into memory; index.html learns the API base (relative to /admin/). */
export function loadAdminAssets(distDir: string, apiBasePath: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const file of listFiles(distDir)) {
    let body = readFileSync(join(distDir, file));
    if (file === 'index.html') {
      const meta = `<meta name="toolgate-api-base" content="..${apiBasePath}">`;
      body = Buffer.from(body.toString('utf8').replace('<head>', `<head>\n    ${meta}`));
    }
    assets.set(file, { body, type: TYPES[extname(file)] ?? 'application/octet-stream' });
  }
  return assets;
}

function sendAsset(reply: FastifyReply, name: string, asset: Asset): FastifyReply {
  return reply
    .header('Content-Type', asset.type)
    .header('Content-Security-Policy', ADMIN_CSP)
    .header('X-Content-Type-Options', 'nosniff')
    .header('X-Frame-Options', 'DENY')
    .header('Referrer-Policy', 'no-referrer')
    .header('Cache-Control', name.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache')
    .send(asset.body);
}

export async function adminRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  distDir: string | undefined = findDist(),
): Promise<void> {
  const assets =
    distDir && existsSync(join(distDir, 'index.html'))
      ? loadAdminAssets(distDir, apiBase(ctx.config))
      : new Map<string, Asset>();

  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect('admin/', 302));

  const serve = (req: FastifyRequest, reply: FastifyReply) => {
    // Assets are referenced relative to /admin/, so /admin itself must gain its slash.
    if (req.url.split('?')[0] === '/admin') return reply.redirect('admin/', 301);
    const name = (req.params as { '*'?: string })['*'] || 'index.html';
    const asset = assets.get(name);
    if (asset) return sendAsset(reply, name, asset);
    const index = assets.get('index.html');
    if (!index)
      return reply
        .status(503)
        .header('Content-Type', 'text/plain; charset=utf-8')
        .send('The admin UI is not built: run `npm run build:web` (npm ci runs it).');
    if (name.startsWith('assets/'))
      return reply
        .status(404)
        .send({ code: 'rest_no_route', message: 'No such asset.', data: { status: 404 } });
    // Views live in the hash (#/servers…), so any other path under /admin/ is the app itself.
    return sendAsset(reply, 'index.html', index);
  };
  // The router ignores trailing slashes: '/admin' also answers '/admin/'.
  app.get('/admin', { schema: { hide: true } }, serve);
  app.get('/admin/*', { schema: { hide: true } }, serve);
}
