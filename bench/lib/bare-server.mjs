// The baseline of the catalogue reads: a bare node:http server, as fast as Node answers at all, sending the bytes
// our server answered. Started as a process of its own on the product's core by startBareServer(); reads its
// routes as JSON on stdin, prints its port.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { createInterface } from "node:readline";
import { nodeOnCore, SERVER_CORE } from "./cpu.mjs";
import { stopChild } from "./product.mjs";

/** routes: [{ method, path, status, headers: [[name, value]…], body: Buffer }], the answers captured from our server. */
export async function startBareServer(routes) {
  const [command, args] = nodeOnCore(SERVER_CORE, [import.meta.filename, "--serve"]);
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
  child.stdin.end(JSON.stringify(routes.map((route) => ({ ...route, body: route.body.toString("base64") }))));
  const { value: line } = await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next();
  if (!line) throw new Error("the bare server did not start");
  return { url: `http://127.0.0.1:${line.trim()}`, pid: child.pid, stop: () => stopChild(child) };
}

function serve(routes) {
  const answers = new Map(routes.map((route) => [`${route.method} ${route.path}`, answerOf(route)]));
  const server = createServer((req, res) => {
    const answer = answers.get(`${req.method} ${req.url}`);
    // Read the request body (POST /api/context) as our server must before it answers.
    req.resume();
    req.once("end", () => (answer ? answer(res) : res.writeHead(404).end()));
  });
  server.keepAliveTimeout = 72_000;
  server.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
}

function answerOf(route) {
  // Node writes date, connection and keep-alive itself; the length is the body's here.
  const skip = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);
  const headers = route.headers.filter(([name]) => !skip.has(name.toLowerCase()));
  const body = Buffer.from(route.body, "base64");
  const all = [...headers, ["content-length", String(body.length)]].flat();
  return (res) => res.writeHead(route.status, all).end(body);
}

if (process.argv[2] === "--serve") {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  serve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
}
