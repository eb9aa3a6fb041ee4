import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";

const serverEntry = fileURLToPath(new URL("./server.ts", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "api-server-"));
const started: ChildProcess[] = [];

function startServer(): { child: ChildProcess; stdout: () => string; stderr: () => string; exit: Promise<number> } {
  const { DATABASE_URL: _postgres, ...env } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", serverEntry], {
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      SEED_DEMO_DATA: "false",
      LOG_LEVEL: "info",
      TOKEN_SECRET: "server-test-secret-".padEnd(48, "x"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk) => {
    out += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    err += chunk;
  });
  const exit = new Promise<number>((done) => child.on("exit", (code) => done(code ?? 1)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

async function until(condition: () => boolean, what: () => string, timeoutMs = 100_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/**
 * Resolves once the server has answered a request sent after everything written so far on other connections,
 * so it has read those too. A fixed 300 ms wait lost that race on a busy machine: the headers were still
 * unread at SIGTERM, and the server rightly had no request to wait for.
 */
function serverCaughtUp(port: number): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("error", fail);
    socket.on("close", () => done(answer));
    socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  });
}

afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

describe("server start", () => {
  test("a second server on the same PGlite DATA_DIR exits 1 with one line saying who holds it", async () => {
    const first = startServer();
    await until(
      () => first.stdout().includes("Server listening"),
      () => `the first server: ${first.stdout()}${first.stderr()}`,
    );

    const second = startServer();
    expect(await second.exit).toBe(1);
    expect(second.stderr().trim().split("\n")).toEqual([
      expect.stringMatching(
        new RegExp(
          `^DATA_DIR ${join(dataDir, "pglite")} is in use by process ${first.child.pid} \\(started [0-9T:.-]+Z\\); ` +
            "stop it first, or use DATABASE_URL to run several API processes on one PostgreSQL",
        ),
      ),
    ]);

    first.child.kill("SIGTERM");
    expect(await first.exit).toBe(0);
  }, 180_000);
});

describe("graceful shutdown", () => {
  test("SIGTERM lets a request under way finish, then the process exits 0", async () => {
    const server = startServer();
    await until(
      () => /Server listening at http:\/\/127\.0\.0\.1:\d+/.test(server.stdout()),
      () => `the server: ${server.stdout()}${server.stderr()}`,
    );
    const port = Number(server.stdout().match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/)?.[1]);

    // A slow client: the headers and half the body now, the rest after SIGTERM.
    const body = JSON.stringify({ name: "AppError", message: "sent slowly" });
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    const closed = new Promise<void>((done) => socket.on("close", () => done()));
    socket.write(
      "POST /api/telemetry HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await serverCaughtUp(port);

    server.child.kill("SIGTERM");
    await until(
      () => server.stdout().includes("shutting down"),
      () => `shutting down: ${server.stdout()}`,
    );
    await new Promise((done) => setTimeout(done, 300));
    expect(server.child.exitCode).toBeNull(); // still waiting for the request
    socket.write(body.slice(10));
    await closed;

    expect(answer).toMatch(/^HTTP\/1\.1 202 /);
    expect(answer).toContain('"traceId"');
    expect(await server.exit).toBe(0);
  }, 120_000);

  test("a request still running 10 s after SIGTERM has its connection cut, and the process exits 1", async () => {
    const server = startServer();
    await until(
      () => /Server listening at http:\/\/127\.0\.0\.1:\d+/.test(server.stdout()),
      () => `the server: ${server.stdout()}${server.stderr()}`,
    );
    const port = Number(server.stdout().match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/)?.[1]);
    // A client that never sends the rest of its body.
    const socket = connect(port, "127.0.0.1");
    socket.on("error", () => {});
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    const closed = new Promise<void>((done) => socket.on("close", () => done()));
    socket.write(
      "POST /api/telemetry HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    );
    await serverCaughtUp(port);

    const signalled = Date.now();
    server.child.kill("SIGTERM");
    expect(await server.exit).toBe(1);
    await closed;
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(9_500);
    expect(answer).toBe("");
    expect(server.stdout()).toContain("requests still running at shutdown");
  }, 120_000);
});
