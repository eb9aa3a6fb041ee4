import type { Socket } from "node:net";
import Fastify, { type ConnectionError, type FastifyInstance } from "fastify";
import { describe, expect, test } from "vitest";
import { answerError, clientErrorHandler } from "./error-handler";

/** The part of a socket the handler uses, recording what was written. */
function fakeSocket(options: { destroyed?: boolean; headersSent?: boolean } = {}) {
  const socket = {
    written: [] as string[],
    destroyed: options.destroyed ?? false,
    writable: true,
    _httpMessage: options.headersSent === undefined ? undefined : { headersSent: options.headersSent },
    write(text: string) {
      socket.written.push(text);
      return true;
    },
    destroy() {
      socket.destroyed = true;
    },
  };
  return socket;
}

const app = { log: { debug: () => {} } } as unknown as FastifyInstance;

function answer(nodeCode: string, socket = fakeSocket()) {
  const error = Object.assign(new Error(nodeCode), { code: nodeCode }) as ConnectionError;
  clientErrorHandler.call(app, error, socket as unknown as Socket);
  return socket;
}

function parse(raw: string) {
  const [head = "", body = ""] = raw.split("\r\n\r\n");
  return { statusLine: head.split("\r\n")[0], headers: head, body: JSON.parse(body) };
}

describe("clientErrorHandler", () => {
  test.each([
    { nodeCode: "HPE_INVALID_URL", statusLine: "HTTP/1.1 400 Bad Request", code: "BAD_URL" },
    { nodeCode: "HPE_INVALID_CONSTANT", statusLine: "HTTP/1.1 400 Bad Request", code: "BAD_REQUEST" },
    {
      nodeCode: "HPE_HEADER_OVERFLOW",
      statusLine: "HTTP/1.1 431 Request Header Fields Too Large",
      code: "HEADERS_TOO_LARGE",
    },
    { nodeCode: "ERR_HTTP_REQUEST_TIMEOUT", statusLine: "HTTP/1.1 408 Request Timeout", code: "REQUEST_TIMEOUT" },
  ])("answers $nodeCode with $code in the errors shape and closes the connection", ({ nodeCode, statusLine, code }) => {
    const socket = answer(nodeCode);
    expect(socket.written).toHaveLength(1);
    const response = parse(socket.written[0]!);
    expect(response.statusLine).toBe(statusLine);
    expect(response.headers).toContain("Content-Type: application/json; charset=utf-8");
    expect(response.headers).toContain("Connection: close");
    expect(response.body).toEqual({ errors: [{ code, message: expect.any(String) }] });
    expect(socket.destroyed).toBe(true);
  });

  test("the Content-Length counts bytes", () => {
    const raw = answer("HPE_INVALID_URL").written[0]!;
    const body = raw.slice(raw.indexOf("\r\n\r\n") + 4);
    expect(raw).toContain(`Content-Length: ${Buffer.byteLength(body)}\r\n`);
  });

  test("writes nothing to a connection that was reset or already destroyed", () => {
    expect(answer("ECONNRESET").written).toEqual([]);
    expect(answer("HPE_INVALID_URL", fakeSocket({ destroyed: true })).written).toEqual([]);
  });

  test("never writes into a response that has already begun on the connection", () => {
    const socket = answer("HPE_INVALID_CONSTANT", fakeSocket({ headersSent: true }));
    expect(socket.written).toEqual([]);
    expect(socket.destroyed).toBe(true);
  });
});

describe("answerError", () => {
  /** A route that fails with `error`, answered by the API's error mapping. */
  async function failWith(error: Error) {
    const server = Fastify({ logger: false });
    server.setErrorHandler(answerError);
    server.get("/fails", async () => {
      throw error;
    });
    const res = await server.inject({ method: "GET", url: "/fails" });
    await server.close();
    return res;
  }

  test("a database that cannot be reached is 503 DATABASE_UNAVAILABLE with Retry-After, no driver detail", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const res = await failWith(new Error("Failed query: select * from basket", { cause: refused }));
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json()).toEqual({
      errors: [{ code: "DATABASE_UNAVAILABLE", message: "The service is briefly unavailable; please try again" }],
      traceId: expect.any(String),
    });
    expect(res.body).not.toContain("5432");
  });

  test("any other fault stays a 500 INTERNAL that tells nothing", async () => {
    const res = await failWith(Object.assign(new Error("duplicate key value violates"), { code: "23505" }));
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      errors: [{ code: "INTERNAL", message: "Sorry, an error has occurred" }],
      traceId: expect.any(String),
    });
  });
});
