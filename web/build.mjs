// Builds the admin UI into web/dist (`npm run build:web`, run by `prepare` on `npm ci`).
// A production install without devDependencies (`npm ci --omit=dev`) has no Vite: the build is
// skipped with a notice instead of failing the install, and /admin/ answers 503 naming this command.
import { fileURLToPath } from 'node:url';

let vite;
try {
  vite = await import('vite');
} catch {
  console.warn('toolgate: Vite is not installed (production install?): the admin UI was not built.');
  process.exit(0);
}
await vite.build({
  configFile: fileURLToPath(new URL('./vite.config.ts', import.meta.url)),
  logLevel: 'warn',
});
console.log('toolgate: admin UI built into web/dist');
