import type { FastifyBaseLogger } from "fastify";
import Fastify, { LogController } from "fastify";
import { expect, test } from "vitest";
import { lazyChildLogger } from "./lazy-child-logger";

/** A parent logger that records the children it makes and the lines they write. */
function recordingParent(level = "info") {
  const children: { bindings: object; options: object }[] = [];
  const lines: { method: string; bindings: object; args: unknown[] }[] = [];
  const logger = (bindings: object): FastifyBaseLogger => {
    const write =
      (method: string) =>
      (...args: unknown[]) =>
        lines.push({ method, bindings, args });
    return {
      level,
      trace: write("trace"),
      debug: write("debug"),
      info: write("info"),
      warn: write("warn"),
      error: write("error"),
      fatal: write("fatal"),
      silent: () => {},
      child: (more: object, options: object = {}) => {
        children.push({ bindings: more, options });
        return logger({ ...bindings, ...more });
      },
    } as unknown as FastifyBaseLogger;
  };
  return { parent: logger({}), children, lines };
}

test("a request that writes nothing its level lets through never makes pino's child", () => {
  const { parent, children, lines } = recordingParent();
  const log = lazyChildLogger(parent, { traceId: "t1" }, { level: "warn" });
  log.info("request");
  log.debug("details");
  expect(children).toEqual([]);
  expect(lines).toEqual([]);
  expect(log.level).toBe("warn");
});

test("the first line at or above the level makes the child once, with the request's bindings and level", () => {
  const { parent, children, lines } = recordingParent();
  const log = lazyChildLogger(parent, { traceId: "t2" }, { level: "warn" });
  log.warn({ code: "X" }, "slow");
  log.error("failed");
  expect(children).toEqual([{ bindings: { traceId: "t2" }, options: { level: "warn" } }]);
  expect(lines).toEqual([
    { method: "warn", bindings: { traceId: "t2" }, args: [{ code: "X" }, "slow"] },
    { method: "error", bindings: { traceId: "t2" }, args: ["failed"] },
  ]);
});

test("without a route level the parent's level decides", () => {
  const { parent, lines } = recordingParent("info");
  const log = lazyChildLogger(parent, { traceId: "t3" }, {});
  log.debug("hidden");
  log.info("shown");
  expect(lines.map((line) => line.args[0])).toEqual(["shown"]);
});

test("a child of the request's logger carries the request's bindings too", () => {
  const { parent, lines } = recordingParent();
  const log = lazyChildLogger(parent, { traceId: "t4" }, {});
  log.child({ job: "receipt" }).info("sent");
  expect(lines).toEqual([{ method: "info", bindings: { traceId: "t4", job: "receipt" }, args: ["sent"] }]);
});

test("Fastify writes a route's lines through it with the trace id, and takes it as a valid logger", async () => {
  const written: string[] = [];
  const app = Fastify({
    logger: { level: "info", stream: { write: (line: string) => written.push(line) } },
    childLoggerFactory: lazyChildLogger,
    genReqId: () => "trace-1",
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: "traceId" }),
  });
  app.get("/quiet", { logLevel: "warn" }, async (request) => {
    request.log.info("not written at warn");
    request.log.warn("written");
    return {};
  });
  expect((await app.inject("/quiet")).statusCode).toBe(200);
  await app.close();
  const parsed = written.map((line) => JSON.parse(line) as { msg: string; traceId: string });
  expect(parsed.map(({ msg, traceId }) => ({ msg, traceId }))).toEqual([{ msg: "written", traceId: "trace-1" }]);
});
