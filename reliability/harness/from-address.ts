/**
 * Requests from a chosen client address. Every address of 127.0.0.0/8 is this machine's loopback, so a
 * case can be several clients at once (127.0.0.2, 127.0.0.3, …) and the product sees each as its own
 * `request.ip`: per-address limits are then measured one client at a time, beside each other.
 */
import { Agent, request } from "node:http";
import type { Answer } from "./client";

export type AddressedClient = {
  address: string;
  call<T = unknown>(
    method: "GET" | "POST",
    path: string,
    options?: { token?: string; json?: unknown },
  ): Promise<Answer<T>>;
  close(): void;
};

/** Calls from `address`, round-robin over the API processes' `urls`, as the harness client does. */
export function clientFrom(address: string, urls: string[]): AddressedClient {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  let turn = 0;
  return {
    address,
    call(method, path, options = {}) {
      const url = new URL(path, urls[turn++ % urls.length]);
      const body = options.json === undefined ? undefined : JSON.stringify(options.json);
      const headers: Record<string, string> = { accept: "application/json" };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (body !== undefined) headers["content-type"] = "application/json";
      return new Promise((resolve, reject) => {
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname + url.search,
            method,
            headers,
            agent,
            localAddress: address,
          },
          (res) => {
            let text = "";
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => {
              text += chunk;
            });
            res.on("end", () =>
              resolve({
                status: res.statusCode ?? 0,
                body: parse(text),
                location: res.headers.location ?? null,
                retryAfter: (res.headers["retry-after"] as string | undefined) ?? null,
                text,
              }),
            );
            res.on("error", reject);
          },
        );
        req.on("error", (error) => reject(new Error(`${method} ${path} from ${address}: ${error.message}`)));
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

function parse(text: string): never {
  try {
    return JSON.parse(text) as never;
  } catch {
    return undefined as never;
  }
}
