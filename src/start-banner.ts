import type { LogFormat } from './shared/logger.ts';

export interface StartFacts {
  version: string;
  /** Where the socket listens (the bind address, or 127.0.0.1 for every interface). */
  listening: string;
  /** Bound to 0.0.0.0 or `::`: reachable from other hosts. */
  everyInterface: boolean;
  store: string;
  /** `{base_url}`: PUBLIC_URL, else http://localhost:<port>. */
  publicUrl: string;
  apiBase: string;
  logLevel: string;
  logFormat: LogFormat;
  /** The first administrator key, printed this once; absent on later starts. */
  firstKey?: string;
  /** The first administrator person, on the first start; the password only when it was generated. */
  firstAdministrator?: { email: string; password?: string };
}

/**
 * What `toolgate serve` prints once it listens, for the person who started it: where the admin UI,
 * the API, MCP endpoints and the health check are, how to hear more from the logs, and, on the
 * first start only, the administrator key. Written to stdout in one piece, after the signal
 * handlers are in place (a supervisor that stops the process on the first line gets a clean stop).
 */
export function describeStart(f: StartFacts): string {
  const logs =
    f.logLevel === 'debug' || f.logLevel === 'trace'
      ? `${f.logLevel}, ${f.logFormat}: one line per request`
      : `${f.logLevel}, ${f.logFormat} (LOG_LEVEL=debug adds a line per request; LOG_FORMAT=${f.logFormat === 'json' ? 'pretty' : 'json'})`;
  const lines = [
    `Toolgate ${f.version} listening on ${f.listening} (${f.everyInterface ? 'every interface, ' : ''}store ${f.store})`,
    `  Admin UI  ${f.publicUrl}/admin/`,
    `  API       ${f.publicUrl}${f.apiBase}  (reference ${f.publicUrl}/docs)`,
    `  MCP       ${f.publicUrl}/mcp/{slug}`,
    `  Health    ${f.publicUrl}/health`,
    `  Logs      ${logs}`,
  ];
  if (f.firstAdministrator)
    lines.push(
      '',
      f.firstAdministrator.password
        ? 'First administrator (password shown once, change it after signing in):'
        : 'First administrator (password from TOOLGATE_ADMIN_PASSWORD):',
      `  e-mail    ${f.firstAdministrator.email}`,
      ...(f.firstAdministrator.password ? [`  password  ${f.firstAdministrator.password}`] : []),
      `Sign in at ${f.publicUrl}/admin/`,
    );
  if (f.firstKey)
    lines.push(
      '',
      'Administrator API key (shown once, store it now):',
      `  ${f.firstKey}`,
      `Sign in with it at ${f.publicUrl}/admin/, or send it as "Authorization: Bearer <key>" to the API.`,
    );
  return `${lines.join('\n')}\n`;
}
