/**
 * Routes that take an image's bytes as the request body (the logo, menu images): application/octet-stream or
 * image/*, read only in the scope that registers this, while every other route keeps the API's 64 KB JSON
 * bodies (plugins/json-bodies.ts). The bytes decide what the image is (read-image-header.ts), never the type
 * it was sent with, so every image/* type is read here and refused by content later.
 *
 * The size limit is kept while the body streams in: a declared Content-Length over it is refused before a
 * byte is read, and a body without one (chunked) is cut the moment it passes the limit, so at most `maxBytes`
 * are ever held.
 *
 * The refusal is answered while the client may still be sending, so the connection is closed the way RFC 9112
 * §9.6 asks: the rest of the body is read and thrown away for at most LINGER_MS after the answer, then the
 * connection is cut. Closing at once (`Connection: close`) makes the server's kernel answer the unread bytes with
 * a reset, and a reset can reach the client before it has read the 413, which it then never sees (it happened in
 * CI). Reading without a limit would hold the connection for as long as the client takes to send 20 MB.
 */
import type { IncomingMessage } from "node:http";
import type { AppError } from "../errors";
import type { Api } from "./api";

const IMAGE_BODY_TYPES = ["application/octet-stream", /^image\/[\w.+-]+$/];

export function acceptImageBodies(scope: Api, maxBytes: number, tooLarge: () => AppError): void {
  for (const type of IMAGE_BODY_TYPES) {
    scope.addContentTypeParser(type, (_request, payload, done) => {
      readLimited(payload, maxBytes).then(
        (body) => done(null, body),
        (error: unknown) => done(error === TOO_LARGE ? tooLarge() : (error as Error), undefined),
      );
    });
  }
  scope.addHook("onRequest", async (request) => {
    if (Number(request.headers["content-length"] ?? 0) > maxBytes) throw tooLarge();
  });
  // Fastify answers a body it could not parse with `Connection: close` (lib/content-type-parser.js), which is the
  // immediate close described above; the connection is closed by lingerThenClose instead.
  scope.addHook("onSend", async (_request, reply) => {
    if (reply.statusCode === 413) reply.removeHeader("connection");
  });
  scope.addHook("onResponse", async (request, reply) => {
    if (reply.statusCode === 413) lingerThenClose(request.raw);
  });
}

const LINGER_MS = 5_000;

/** Throws away what the client still sends of a refused body; cuts the connection if it has not ended by then. */
function lingerThenClose(body: IncomingMessage): void {
  if (body.complete) return;
  // Destroying the request destroys its connection (https://nodejs.org/api/http.html#messagedestroyerror).
  const cut = setTimeout(() => body.destroy(), LINGER_MS);
  cut.unref();
  const settled = () => clearTimeout(cut);
  body.once("end", settled);
  body.once("close", settled);
  body.resume();
}

const TOO_LARGE = Symbol("too large");

/** The body's bytes; rejects with TOO_LARGE as soon as more than `maxBytes` arrived (and stops reading). */
function readLimited(payload: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      payload.off("data", onData);
      payload.off("end", onEnd);
      payload.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) {
        stop();
        chunks.length = 0;
        reject(TOO_LARGE);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, received));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    payload.on("data", onData);
    payload.on("end", onEnd);
    payload.on("error", onError);
  });
}
