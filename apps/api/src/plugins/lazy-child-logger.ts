import type { FastifyBaseLogger, FastifyServerOptions } from "fastify";

type ChildLoggerFactory = NonNullable<FastifyServerOptions["childLoggerFactory"]>;
type Bindings = Parameters<ChildLoggerFactory>[1];
type ChildOptions = Parameters<ChildLoggerFactory>[2];
type Method = "trace" | "debug" | "info" | "warn" | "error" | "fatal";

/** pino's default levels, the ones our logger uses. */
const LEVELS: Readonly<Record<string, number>> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

/**
 * A request's logger that becomes pino's child only when the request writes a line its level lets through.
 * Fastify makes a child per request (the trace id bound, the route's level set); pino's child serialises
 * the bindings and, with a level of its own, rebuilds its level methods. On a cached read, which writes
 * nothing at its route's `warn`, that was about a third of the request's CPU (docs/decisions/021). Given to
 * Fastify through its public `childLoggerFactory` option.
 */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}

class LazyChildLogger {
  private real: FastifyBaseLogger | undefined;
  readonly level: string;
  private readonly threshold: number;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {
    this.level = options.level ?? parent.level;
    this.threshold = LEVELS[this.level] ?? LEVELS.info!;
  }

  trace(...args: unknown[]): void {
    this.write("trace", args);
  }
  debug(...args: unknown[]): void {
    this.write("debug", args);
  }
  info(...args: unknown[]): void {
    this.write("info", args);
  }
  warn(...args: unknown[]): void {
    this.write("warn", args);
  }
  error(...args: unknown[]): void {
    this.write("error", args);
  }
  fatal(...args: unknown[]): void {
    this.write("fatal", args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.made().child(bindings, options);
  }

  private write(method: Method, args: unknown[]): void {
    if ((LEVELS[method] as number) < this.threshold) return;
    (this.made()[method] as (...line: unknown[]) => void)(...args);
  }

  private made(): FastifyBaseLogger {
    this.real ??= this.parent.child(this.bindings, this.options);
    return this.real;
  }
}
