/**
 * The suite's client (client.ts) sending from a loopback address of its choice (127.0.0.2, 127.0.0.3, …):
 * several clients at different addresses, as the product sees them (`request.ip`), without a proxy or
 * X-Forwarded-For. Linux answers every 127.0.0.0/8 address on the loopback interface. Node's own fetch
 * cannot choose its source address, so this one uses node:http.
 */
import { Agent, request } from "node:http";
import { type Answer, type Client, NetworkFailure, parseJson, requestOf } from "./client";

/** A client from `localAddress`; close() ends its kept-alive connections. */
export function apiClientFrom(urls: string[], localAddress: string): Client & { close(): void } {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  let turn = 0;
  return {
    urls,
    close: () => agent.destroy(),
    call(method, path, options = {}) {
      const base = new URL(urls[turn++ % urls.length]!);
      const { headers, body } = requestOf(options);
      if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
      return new Promise<Answer<never>>((resolve, reject) => {
        const sent = request(
          { host: base.hostname, port: base.port, path, method, headers, localAddress, agent, timeout: 60_000 },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => {
              const text = Buffer.concat(chunks).toString("utf8");
              resolve({
                status: res.statusCode ?? 0,
                body: parseJson(text),
                location: header(res.headers.location),
                retryAfter: header(res.headers["retry-after"]),
                text,
              });
            });
            res.on("error", (error) => reject(new NetworkFailure(`${method} ${path} on ${base}: ${String(error)}`)));
          },
        );
        sent.on("timeout", () => sent.destroy(new Error("timeout")));
        sent.on("error", (error) => reject(new NetworkFailure(`${method} ${path} on ${base}: ${String(error)}`)));
        sent.end(body);
      });
    },
  };
}

function header(value: string | string[] | undefined): string | null {
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}
