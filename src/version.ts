import { readFileSync } from 'node:fs';

/** The product version from package.json (reported by health and MCP serverInfo). */
export const PRODUCT_VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;
