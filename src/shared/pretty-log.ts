/*
 * Pino's JSON lines made readable in a terminal (LOG_FORMAT=pretty, the default on a TTY):
 * `12:04:05 WARN  message key=value …`, an error's stack indented below. A few lines of our own
 * rather than pino-pretty and its dependencies: the gateway writes few lines (no per-request line
 * below debug), so parsing each one back is cheap.
 */

const LEVELS: Record<number, { name: string; color: string }> = {
  10: { name: 'TRACE', color: '90' },
  20: { name: 'DEBUG', color: '90' },
  30: { name: 'INFO', color: '32' },
  40: { name: 'WARN', color: '33' },
  50: { name: 'ERROR', color: '31' },
  60: { name: 'FATAL', color: '35' },
};

/** Fields every line has, or that the line itself shows. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'v']);

function renderValue(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  if (value && typeof value === 'object') {
    // A request binding reads as `GET /path`.
    const req = value as { method?: unknown; url?: unknown };
    if (typeof req.method === 'string' && typeof req.url === 'string') return `"${req.method} ${req.url}"`;
    return JSON.stringify(value);
  }
  return String(value);
}

function renderError(err: unknown): string {
  if (!err || typeof err !== 'object') return '';
  const { stack, message } = err as { stack?: unknown; message?: unknown };
  const text =
    typeof stack === 'string' ? stack : typeof message === 'string' ? message : JSON.stringify(err);
  return `\n${text
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n')}`;
}

/** One pino JSON line as a terminal line (with ANSI colours when `color`); other text is kept as is. */
export function formatLogLine(line: string, color: boolean): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  if (!entry || typeof entry !== 'object') return `${line}\n`;
  const level = LEVELS[Number(entry.level)] ?? { name: String(entry.level ?? 'LOG'), color: '0' };
  const time = typeof entry.time === 'number' ? new Date(entry.time) : new Date();
  const clock = `${String(time.getHours()).padStart(2, '0')}:${String(time.getMinutes()).padStart(2, '0')}:${String(time.getSeconds()).padStart(2, '0')}`;
  const name = level.name.padEnd(5);
  const tag = color ? `\x1b[${level.color}m${name}\x1b[0m` : name;
  const message = typeof entry.msg === 'string' ? entry.msg : '';
  // A value the message already says (`GET /x 200 4 ms` and its method, url, status, ms) is not repeated.
  const said = new Set(message.split(/\s+/));
  const fields = Object.entries(entry)
    .filter(([key, value]) => !SHOWN.has(key) && value !== undefined)
    .filter(
      ([, value]) => !((typeof value === 'string' || typeof value === 'number') && said.has(String(value))),
    )
    .map(([key, value]) => `${key}=${renderValue(value)}`);
  const extra = fields.length ? ` ${color ? `\x1b[2m${fields.join(' ')}\x1b[0m` : fields.join(' ')}` : '';
  return `${color ? `\x1b[2m${clock}\x1b[0m` : clock} ${tag} ${message}${extra}${renderError(entry.err)}\n`;
}

/** A pino destination that writes each line formatted to `out` (colours when it is a terminal and NO_COLOR is unset). */
export function createPrettyStream(
  out: { write(text: string): unknown; isTTY?: boolean } = process.stdout,
  env: NodeJS.ProcessEnv = process.env,
): { write(line: string): void } {
  const color = Boolean(out.isTTY) && !env.NO_COLOR;
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line) out.write(formatLogLine(line, color));
    },
  };
}
