/**
 * Request bodies are JSON, and nothing else (docs/decisions/008-security-headers.md).
 *
 * A body in any other content type is refused with 415 UNSUPPORTED_MEDIA_TYPE before it is read:
 * an HTML form can send only application/x-www-form-urlencoded, multipart/form-data and text/plain
 * without a CORS preflight, so no page of another site can make a browser post to the API.
 * Fastify reads text/plain by default; that parser goes, and a catch-all takes every content type
 * without a parser of its own. application/*+json types are refused too: the API documents only
 * application/json (parameters such as `; charset=utf-8` are fine).
 *
 * A request without a body stays what it is whatever its content type says: no body (no
 * Content-Length, or 0 as `fetch(url, { method: "POST", body: "" })` sends it), like the JSON
 * parser's empty body in app.ts. A scope that takes another type registers its own parser, which
 * wins over the catch-all (the test provider's hosted page reads its own HTML form).
 *
 * Register on the root instance before any plugin, so every scope inherits it.
 */
import { errorCodes, type FastifyInstance } from "fastify";
import { invalid } from "../errors";

export function registerJsonBodiesOnly(app: FastifyInstance): void {
  app.removeContentTypeParser("text/plain");
  app.addContentTypeParser("*", (request, _payload, done) => {
    // Fastify calls the parser whenever a Content-Type is given, also when no body follows.
    const { "content-length": length, "transfer-encoding": chunked } = request.headers;
    if (chunked === undefined && (length === undefined || length === "0")) return done(null, undefined);
    // The error handler answers this error as 415 UNSUPPORTED_MEDIA_TYPE in the errors shape, as for any
    // content type Fastify itself does not know; the body is never read.
    return done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(), undefined);
  });
}

const NUL = String.fromCharCode(0);
/**
 * A JSON escape of NUL: `\u0000` after an even number of backslashes (none, or escaped backslashes). After an odd
 * number it is a typed backslash followed by the text "u0000", which a guest may write and must get back.
 */
const ESCAPED_NUL = /(?<!\\)(?:\\\\)*\\u0000/;

/** A raw NUL or its JSON escape. */
const hasNul = (text: string) => text.includes(NUL) || ESCAPED_NUL.test(text);

/**
 * A JSON escape of a UTF-16 surrogate (`\uD800`–`\uDFFF`) after an even number of backslashes: only through one can
 * a body carry a lone surrogate (UTF-8 has no bytes for one; the decoder turns such bytes into U+FFFD).
 */
const ESCAPED_SURROGATE = /(?<!\\)(?:\\\\)*\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;
/** A surrogate not paired with its other half: in unicode mode a pair is one code point and does not match. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Whether a parsed body has a key or string with a lone surrogate: such text is no Unicode, PostgreSQL refuses it in a
 * JSON column ("invalid input syntax for type json"). Walked without recursion: nesting is bounded only by the body
 * limit. Run only when the text has a surrogate escape, so emoji (escaped pairs) cost one walk and plain text none.
 */
function hasLoneSurrogate(body: unknown): boolean {
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (LONE_SURROGATE.test(value)) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (LONE_SURROGATE.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * Fastify's parser refuses a `__proto__` key (and `constructor.prototype`) anywhere, against prototype
 * pollution, but with the same "not valid JSON" as a syntax error: a client that sent valid JSON was told
 * something untrue. The refusal stays (400); only the message says what was refused. Runs on failures only.
 */
function prototypeKeyRefusal(text: string, error: Error): Error {
  try {
    JSON.parse(text);
  } catch {
    return error; // really not JSON
  }
  return invalid("Input.Invalid", "A body may not contain the keys __proto__ or constructor.prototype");
}

/**
 * The JSON parser: an empty body sent with `content-type: application/json` (common on DELETE)
 * means "no body"; NUL characters are refused at the edge, in the body and in the URL, because
 * PostgreSQL cannot store them in text and would otherwise fail deep inside; so is text with a lone surrogate
 * (`"\uD800"`), which PostgreSQL cannot store in a JSON column (a 500 before).
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === "") return done(null, undefined);
    if (hasNul(text)) return done(invalid("Input.Invalid", "Text may not contain NUL characters"), undefined);
    return parseJson(request, text, (error, value) => {
      if (error) return done(prototypeKeyRefusal(text, error), undefined);
      if (ESCAPED_SURROGATE.test(text) && hasLoneSurrogate(value)) {
        return done(
          invalid("Input.Invalid", "Text may not contain a lone UTF-16 surrogate (\\uD800–\\uDFFF)"),
          undefined,
        );
      }
      return done(null, value);
    });
  });
  app.addHook("onRequest", (request, _reply, done) => {
    if (request.url.includes("%00") || request.url.includes(NUL))
      return done(invalid("Input.Invalid", "The URL may not contain NUL characters"));
    done();
  });
}
