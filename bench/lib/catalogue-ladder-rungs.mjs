// The servers between the bare one and ours on catalogue-ladder.mjs's ladder, each a process of its own (run with
// `node --import tsx`: it registers the API's own plugins from their source). Rung N has everything of rung N-1:
// a minimal Fastify 5 sending the captured bytes from an onRequest hook, then our logger, our server options,
// our security headers, our request hooks, the bearer-token hook, and last the answer
// cache itself answering from memory instead of the sending hook. Reads the captured answer as JSON on stdin,
// prints "port token" (the token its own auth hook takes). Part 1 of `npm run bench` also runs the first rung,
// a minimal Fastify, beside its bare server: the floor of any server answering through Fastify's lifecycle.
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { createInterface } from "node:readline";
import Fastify, { LogController } from "fastify";
import { nodeOnCore, SERVER_CORE } from "./cpu.mjs";
import { request } from "./http.mjs";
import { START_NODE_FLAGS, stopChild } from "./product.mjs";

const API = "../../apps/api/src/plugins";

export const RUNGS = [
  "fastify",
  "+ logger at warn",
  "+ our server options",
  "+ security headers",
  "+ request hooks",
  "+ bearer-token hook",
  "+ answer cache",
];

/**
 * Our server's answer to `wire` as a rung serves it: the bytes as sent to `wire`'s Accept-Encoding, and the
 * JSON (the answer cache's handler returns it).
 */
export async function captureAnswer(url, wire, productionUnitId) {
  const answer = await request(url, wire);
  const plain = await request(url, { ...wire, headers: { ...wire.headers, "accept-encoding": "identity" } });
  if (answer.status !== 200 || plain.status !== 200) throw new Error(`${wire.path}: ${answer.status}`);
  return {
    path: wire.path,
    status: answer.status,
    headers: answer.headers,
    body: answer.body.toString("base64"),
    json: plain.body.toString("utf8"),
    productionUnitId,
  };
}

/** A rung in a process of its own on the server core: { name, url, pid, wire (with its token), stop }. */
export async function startRung(rung, captured, wire) {
  const [command, args] = nodeOnCore(SERVER_CORE, [...START_NODE_FLAGS, "--import", "tsx", import.meta.filename, rung]);
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
  child.stdin.end(JSON.stringify(captured));
  const { value: line } = await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next();
  if (!line) throw new Error(`rung ${rung} did not start`);
  const [port, token] = line.trim().split(" ");
  return {
    name: rung,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    wire: { ...wire, headers: { ...wire.headers, authorization: `Bearer ${token}` } },
    stop: () => stopChild(child),
  };
}

/** Node writes these itself (Fastify the length too), as the bare server does. */
const SKIP = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/** answer: { path, status, headers: [[name, value]…], body (base64), json, productionUnitId }. */
async function serve(rung, answer) {
  const level = RUNGS.indexOf(rung);
  if (level < 0) throw new Error(`no rung ${rung}: one of ${RUNGS.join(", ")}`);
  const has = (name) => level >= RUNGS.indexOf(name);
  // The API's TypeScript, imported here so that catalogue-ladder.mjs (plain node) can import RUNGS.
  const { AnswerCache, CATALOGUE_CACHE } = await import(`${API}/answer-cache.ts`);
  const { createTokenService, registerAuth } = await import(`${API}/auth.ts`);
  const { registerErrorHandler } = await import(`${API}/error-handler.ts`);
  const { registerJsonBodiesOnly, registerJsonParser } = await import(`${API}/json-bodies.ts`);
  const { lazyChildLogger } = await import(`${API}/lazy-child-logger.ts`);
  const { registerRequestLog } = await import(`${API}/request-log.ts`);
  const { registerSecurityHeaders } = await import(`${API}/security-headers.ts`);
  const app = Fastify({
    logger: has("+ logger at warn") ? { level: "warn" } : false,
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: "traceId" }),
    ...(has("+ our server options") && { childLoggerFactory: lazyChildLogger, genReqId: () => randomUUID() }),
  });
  const cached = has("+ answer cache");
  if (cached) {
    const feed = { live: true, generation: 1 };
    const answers = new AnswerCache({ feed, now: () => new Date() });
    answers.register(app);
  }
  if (has("+ security headers")) await registerSecurityHeaders(app);
  if (has("+ request hooks")) {
    registerJsonBodiesOnly(app);
    registerJsonParser(app);
    registerErrorHandler(app);
    registerRequestLog(app);
  }
  const tokens = createTokenService(randomBytes(32), 60, () => new Date());
  const { token } = await tokens.issue(answer.productionUnitId);
  const body = Buffer.from(answer.body, "base64");
  const headers = Object.fromEntries(answer.headers.filter(([name]) => !SKIP.has(name.toLowerCase())));
  const etag = headers.etag ?? headers.ETag;
  const [prefix, url] = splitApiPath(answer.path);
  await app.register(
    async (scope) => {
      if (has("+ bearer-token hook")) registerAuth(scope, tokens);
      scope.route({
        method: "GET",
        url,
        // Without the cache, the kept answer is sent by this hook, as the cache's own hook sends it.
        ...(cached
          ? { config: { cache: CATALOGUE_CACHE } }
          : { onRequest: (_request, reply) => reply.code(answer.status).headers(headers).send(body) }),
        handler: (_request, reply) => {
          reply.header("etag", etag).type("application/json; charset=utf-8");
          return answer.json;
        },
      });
    },
    { prefix },
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  process.stdout.write(`${app.server.address().port} ${token}\n`);
}

/** "/api/label?instanceId=3" → ["/api", "/label"]. */
function splitApiPath(path) {
  const pathname = path.split("?", 1)[0];
  const slash = pathname.indexOf("/", 1);
  return [pathname.slice(0, slash), pathname.slice(slash)];
}

if (process.argv[1] === import.meta.filename) {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  await serve(process.argv[2], JSON.parse(Buffer.concat(chunks).toString("utf8")));
}
