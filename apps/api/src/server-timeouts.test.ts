import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openTestDatabase } from "@app/db/testing";
import { expect, test } from "vitest";
import { buildApp, REQUEST_DEADLINE_MS, SERVER_TIMEOUTS } from "./app";
import { loadConfig } from "./config";

test("the HTTP server has the request, idle-socket and keep-alive timeouts of README: Operations", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "api-timeouts-"));
  const database = await openTestDatabase("pglite");
  const app = await buildApp({
    db: database.db,
    config: loadConfig({ DATA_DIR: dataDir, TOKEN_SECRET: "test-secret-".padEnd(48, "x") }),
    logger: false,
  });
  try {
    expect(SERVER_TIMEOUTS).toEqual({ requestTimeout: 29_000, connectionTimeout: 60_000, keepAliveTimeout: 72_000 });
    expect(app.server.requestTimeout).toBe(29_000);
    expect(app.server.headersTimeout).toBe(29_000);
    expect(app.server.timeout).toBe(60_000);
    expect(app.server.keepAliveTimeout).toBe(72_000);
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("every body the API reads is bounded: a form post to the test provider's page over 64 KB is 413", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "api-timeouts-"));
  const database = await openTestDatabase("pglite");
  const app = await buildApp({
    db: database.db,
    config: loadConfig({ DATA_DIR: dataDir, TOKEN_SECRET: "test-secret-".padEnd(48, "x") }),
    logger: false,
  });
  try {
    const res = await app.inject({
      method: "POST",
      url: "/api/payment/test/00000000-0000-0000-0000-000000000000/approve",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `x=${"y".repeat(70 * 1024)}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0].code).toBe("BODY_TOO_LARGE");
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** How much later than REQUEST_DEADLINE_MS a close may come on a machine busy with other tests. */
const TOLERANCE_MS = 1_500;
/** A byte this often: far more often than the 60 s idle timeout, so only the request deadline can cut it. */
const DRIP_EVERY_MS = 2_000;

/**
 * Opens a raw connection, sends `head` at once and then one byte of `drip` every DRIP_EVERY_MS, and
 * answers how long until the server closed the connection and what it answered.
 */
function slowClient(port: number, head: string, drip: string): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("error", () => {}); // a reset after the 408 is a close too
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
    socket.on("connect", () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent >= drip.length) return reject(new Error("ran out of bytes to drip before the server closed"));
        socket.write(drip[sent++]!);
      }, DRIP_EVERY_MS);
    });
  });
}

test(`slow headers and a slow body are both cut off within ${REQUEST_DEADLINE_MS / 1000} s (README: Operations)`, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "api-timeouts-"));
  const database = await openTestDatabase("pglite");
  const app = await buildApp({
    db: database.db,
    config: loadConfig({ DATA_DIR: dataDir, TOKEN_SECRET: "test-secret-".padEnd(48, "x") }),
    logger: false,
  });
  try {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as { port: number };
    const [headers, body] = await Promise.all([
      // Headers that never end: one more byte of a header value every 2 s.
      slowClient(port, "GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ", "x".repeat(100)),
      // Whole headers at once, then a form body a byte every 2 s (a public route that reads its body).
      slowClient(
        port,
        "POST /api/payment/test/00000000-0000-0000-0000-000000000000/approve HTTP/1.1\r\nHost: localhost\r\n" +
          "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n",
        "y".repeat(1000),
      ),
    ]);
    for (const [what, slow] of Object.entries({ headers, body })) {
      expect(slow.answer, `slow ${what}: 408 REQUEST_TIMEOUT`).toMatch(/^HTTP\/1\.1 408 [\s\S]*"REQUEST_TIMEOUT"/);
      expect(slow.closedAfterMs, `slow ${what}: closed within the deadline`).toBeLessThanOrEqual(
        REQUEST_DEADLINE_MS + TOLERANCE_MS,
      );
      // Not cut off early either: only the deadline closed it.
      expect(slow.closedAfterMs, `slow ${what}: not before the deadline's check`).toBeGreaterThanOrEqual(
        SERVER_TIMEOUTS.requestTimeout - 100,
      );
    }
    console.log(`slow headers closed after ${headers.closedAfterMs} ms, slow body after ${body.closedAfterMs} ms`);
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 90_000);
