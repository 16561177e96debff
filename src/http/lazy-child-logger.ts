import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, LevelWithSilentOrString, Logger } from 'pino';

type LogArgs = [obj: unknown, msg?: string, ...args: unknown[]];

/**
 * A request's logger that turns into a pino child only once something writes a line through it
 * (or asks it for a child). Fastify makes a child logger per request, and pino serializes its
 * bindings and builds a closure per enabled level right away: 870 bytes per request (3 % of what
 * a tools/call allocates, bench/alloc-probe.ts), on requests that at the default level never log
 * a line. The lines it writes are the child's own, bindings and all.
 */
export class LazyChildLogger {
  #child: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): LevelWithSilentOrString {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.real().level = level;
  }

  /** The pino child, made on first use. */
  real(): Logger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  isLevelEnabled(level: LevelWithSilentOrString): boolean {
    if (this.#child) return this.#child.isLevelEnabled(level);
    const own = this.options.level;
    if (own === undefined) return this.parent.isLevelEnabled(level);
    const values = this.parent.levels.values;
    return (values[level] ?? Number.POSITIVE_INFINITY) >= (values[own] ?? Number.POSITIVE_INFINITY);
  }

  fatal(...args: LogArgs): void {
    this.write('fatal', args);
  }
  error(...args: LogArgs): void {
    this.write('error', args);
  }
  warn(...args: LogArgs): void {
    this.write('warn', args);
  }
  info(...args: LogArgs): void {
    this.write('info', args);
  }
  debug(...args: LogArgs): void {
    this.write('debug', args);
  }
  trace(...args: LogArgs): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.real().child(bindings, options);
  }

  private write(level: Level, args: LogArgs): void {
    if (!this.isLevelEnabled(level)) return;
    (this.real()[level] as (...a: LogArgs) => void)(...args);
  }
}

/**
 * Fastify's `childLoggerFactory`: a LazyChildLogger per request over a pino logger; fastify's
 * own null logger (logging off) answers `child` with itself, so it is used as it is.
 */
export function createLazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (typeof (logger as Partial<Logger>).isLevelEnabled !== 'function')
    return logger.child(bindings, options);
  return new LazyChildLogger(logger as Logger, bindings, options) as unknown as FastifyBaseLogger;
}
