/**
 * Reverse proxies in front of the API processes that do what nginx does with the usual
 * `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;` (README: Behind a proxy): pass the request
 * on, with the address the proxy saw appended to whatever X-Forwarded-For the client wrote. A case points its
 * client at the proxies to see what the product makes of a client's own X-Forwarded-For behind a real proxy.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type ForwardingProxies = { urls: string[]; close(): Promise<void> };

/** One proxy per API process (proxy i → process i), on free ports of 127.0.0.1. */
export async function forwardingProxies(targets: string[]): Promise<ForwardingProxies> {
  const servers = await Promise.all(targets.map((target) => listen(forwardingServer(new URL(target)))));
  return {
    urls: servers.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    close: async () => {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve).closeAllConnections())));
    },
  };
}

function forwardingServer(target: URL): Server {
  return createServer((incoming, outgoing) => {
    const seen = incoming.socket.remoteAddress ?? "";
    const written = incoming.headers["x-forwarded-for"];
    // $proxy_add_x_forwarded_for: the client's header, then the address the proxy saw.
    const forwardedFor = written ? `${written}, ${seen}` : seen;
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, "x-forwarded-for": forwardedFor },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", () => {
      outgoing.writeHead(502).end();
    });
    incoming.pipe(upstream);
  });
}

function listen(server: Server): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}
