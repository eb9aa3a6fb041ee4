import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import { luaScript, luaString, runWrk, summaryOf, wrkAvailable } from "./wrk.mjs";

describe("luaString", () => {
  it("keeps printable ASCII and writes quotes, backslashes and other bytes as decimal escapes", () => {
    expect(luaString('[1,"a"]')).toBe('"[1,\\034a\\034]"');
    expect(luaString("a\\b\r\n")).toBe('"a\\092b\\013\\010"');
    expect(luaString("æ")).toBe('"\\195\\166"');
  });
});

describe("summaryOf", () => {
  it("turns wrk's counts into runLoad's summary, answers of 400 and above counted apart", () => {
    const stdout = `Running 5s test\nWRK-SUMMARY {"answered":1000,"micros":2000000,"status":3,"connect":1,"read":2,"write":0,"timeout":4}\n`;
    expect(summaryOf(stdout)).toEqual({
      requestsPerSecond: 500,
      answered: 1000,
      statusCounts: { "2xx or 3xx": 997, "4xx or 5xx": 3 },
      errors: 3,
      timeouts: 4,
    });
  });

  it("refuses output without the summary line", () => {
    expect(() => summaryOf("wrk: connection refused")).toThrow(/no summary/);
  });
});

describe("luaScript", () => {
  it("sends the plan's requests in turn, `pipelining` at a time, with the target's Host", () => {
    const script = luaScript(
      [
        { method: "GET", path: "/a", headers: { accept: "application/json" } },
        { method: "POST", path: "/b", headers: {}, body: "[1]" },
      ],
      10,
      "127.0.0.1:3000",
    );
    expect(script).toContain(
      'wrk.format("GET", "/a", { ["accept"] = "application/json", ["Host"] = "127.0.0.1:3000" }, nil)',
    );
    expect(script).toContain('wrk.format("POST", "/b", { ["Host"] = "127.0.0.1:3000" }, "[1]")');
    expect(script).toContain("for i = 1, 10 do");
  });
});

if (!wrkAvailable())
  console.warn("!! wrk is not installed (apt-get install -y wrk): runWrk is not tried against a server");

describe.skipIf(!wrkAvailable())("runWrk against a server (wrk installed)", () => {
  it("sends exactly the requests of the plan, pipelined, and counts what came back", async () => {
    const seen = [];
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        if (seen.length < 50)
          seen.push({
            method: req.method,
            url: req.url,
            host: req.headers.host,
            body,
            type: req.headers["content-type"],
          });
        res.writeHead(req.url === "/missing" ? 404 : 200, { "content-length": "2" }).end("ok");
      });
    });
    await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${server.address().port}`;
    try {
      const [ok] = await runWrk({
        seconds: 1,
        warmupSeconds: 0,
        targets: [
          {
            name: "ok",
            url,
            connections: 2,
            pipelining: 4,
            requests: [
              { method: "POST", path: "/context", headers: { "content-type": "application/json" }, body: '["æ",1]' },
            ],
          },
        ],
      });
      expect(ok.answered).toBeGreaterThan(100);
      expect(ok.statusCounts).toEqual({ "2xx or 3xx": ok.answered });
      expect(ok.errors + ok.timeouts).toBe(0);
      expect(seen[0]).toEqual({
        method: "POST",
        url: "/context",
        host: url.slice(7),
        body: '["æ",1]',
        type: "application/json",
      });
      const [missing] = await runWrk({
        seconds: 1,
        warmupSeconds: 0,
        targets: [
          {
            name: "missing",
            url,
            connections: 1,
            pipelining: 1,
            requests: [{ method: "GET", path: "/missing", headers: {} }],
          },
        ],
      });
      expect(missing.statusCounts["4xx or 5xx"]).toBe(missing.answered);
    } finally {
      server.close();
    }
  });
});
