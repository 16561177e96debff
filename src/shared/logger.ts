import { type Bindings, type Logger, type LoggerOptions, pino } from 'pino';
import type { Config } from '../config.ts';
import { createPrettyStream } from './pretty-log.ts';

export type LogFormat = 'pretty' | 'json';

/**
 * LOG_FORMAT: `json` (one JSON object a line, for collectors) or `pretty` (shared/pretty-log.ts);
 * `auto`, the default, is pretty on a terminal and JSON otherwise (a container, a service, a pipe),
 * as Caddy does.
 */
export function resolveLogFormat(
  config: Pick<Config, 'logFormat'>,
  stdout: { isTTY?: boolean } = process.stdout,
): LogFormat {
  if (config.logFormat !== 'auto') return config.logFormat;
  return stdout.isTTY ? 'pretty' : 'json';
}

/** Pino options of every logger of the process: LOG_LEVEL, and a pretty destination when asked. */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>): LoggerOptions & {
  stream?: { write(line: string): void };
} {
  return {
    level: config.logLevel,
    ...(resolveLogFormat(config) === 'pretty' ? { stream: createPrettyStream() } : {}),
  };
}

/** A pino logger under the process's level and format, with `bindings` on every line. */
export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>, bindings?: Bindings): Logger {
  const { stream, ...options } = loggerOptions(config);
  const logger = stream ? pino(options, stream) : pino(options);
  return bindings ? logger.child(bindings) : logger;
}
