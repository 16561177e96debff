/**
 * Writes `web/src/api/openapi.gen.ts`: the management API's own OpenAPI reference (the document
 * served at `{api_base}/openapi.json`) as TypeScript types, so the admin UI reads the API's shapes
 * from the route schemas instead of copying them. `test/web-types.test.ts` fails when the file
 * differs from what the routes describe today.
 *
 *   npm run gen:web-types          (writes it)
 *   node --import tsx scripts/gen-web-types.ts --check   (exits 1 naming the first difference)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { buildApp } from '../src/app.ts';
import { closeContext, createContext } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';

export const WEB_TYPES_PATH = resolve(import.meta.dirname, '../web/src/api/openapi.gen.ts');

const HEADER = `/**
 * Generated from the management API's OpenAPI reference by \`npm run gen:web-types\`
 * (scripts/gen-web-types.ts). Do not edit: change the route schemas in src/ and run it again.
 */

`;

/** The reference document, read from an app over an in-memory database (nothing listens). */
export async function readReference(): Promise<OpenAPI3> {
  const dataDir = mkdtempSync(join(tmpdir(), 'toolgate-reference-'));
  const config = loadConfig(
    {},
    {
      dataDir,
      databaseUrl: 'sqlite::memory:',
      logLevel: 'silent',
      secretKey: 'a'.repeat(64),
      schedulerEnabled: false,
    },
  );
  const ctx = await createContext(config);
  try {
    const app = await buildApp(ctx);
    try {
      const res = await app.inject({ method: 'GET', url: `${config.restPrefix}/svc/v1/openapi.json` });
      if (res.statusCode !== 200) throw new Error(`the reference answered ${res.statusCode}`);
      return res.json() as OpenAPI3;
    } finally {
      await app.close();
    }
  } finally {
    await closeContext(ctx);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The text of `openapi.gen.ts` for a reference document (by default the routes' own, now). */
export async function renderWebTypes(doc?: OpenAPI3): Promise<string> {
  const ast = await openapiTS(doc ?? (await readReference()));
  return HEADER + astToString(ast);
}

/** Null when the checked-in text is the fresh one, else where they first differ and what to run. */
export function describeDrift(checkedIn: string, fresh: string): string | null {
  if (checkedIn === fresh) return null;
  const had = checkedIn.split('\n');
  const wants = fresh.split('\n');
  let line = 0;
  while (had[line] === wants[line]) line++;
  return (
    `web/src/api/openapi.gen.ts is not what the API reference gives (line ${line + 1}: ` +
    `${JSON.stringify(had[line]?.trim() ?? '')} where the reference gives ${JSON.stringify(wants[line]?.trim() ?? '')}): ` +
    'run npm run gen:web-types'
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fresh = await renderWebTypes();
  if (process.argv.includes('--check')) {
    const drift = describeDrift(readFileSync(WEB_TYPES_PATH, 'utf8'), fresh);
    if (drift) {
      console.error(drift);
      process.exit(1);
    }
  } else {
    writeFileSync(WEB_TYPES_PATH, fresh);
    console.log(`wrote ${WEB_TYPES_PATH}`);
  }
}
