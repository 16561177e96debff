import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The admin UI: relative asset paths (served under {base_url}/admin/, any prefix), views in the
// hash, one JS and one CSS file, no inline script (the page's CSP forbids it).
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // The one bundle is ~432 KB (README): a warning past 450 KB asks whether a page earns its weight.
    chunkSizeWarningLimit: 450,
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
  },
});
