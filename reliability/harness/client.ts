/**
 * A client of the running product written from SPEC §3 and §7 (paths under /api, the spec's field
 * names), spreading its requests round-robin over every API process, as clients behind a load
 * balancer would. It knows the product only through HTTP: no imports from apps/api.
 */

export type Answer<T = unknown> = {
  status: number;
  body: T;
  location: string | null;
  /** The Retry-After header of a 429 or 503. */
  retryAfter: string | null;
  text: string;
};

type CallOptions = {
  token?: string;
  /** JSON body. */
  json?: unknown;
  /** application/x-www-form-urlencoded body, as a browser posts an HTML form. */
  form?: Record<string, string>;
  accept?: string;
  /** Further request headers (X-Forwarded-For, …). */
  headers?: Record<string, string>;
};

export type Client = {
  urls: string[];
  /** One request to the next process in turn. Never throws for an HTTP status; throws on a network failure. */
  call<T = unknown>(method: "GET" | "POST" | "PUT" | "DELETE", path: string, options?: CallOptions): Promise<Answer<T>>;
};

export function apiClient(urls: string[]): Client {
  let turn = 0;
  return {
    urls,
    async call(method, path, options = {}) {
      const base = urls[turn++ % urls.length]!;
      const { headers, body } = requestOf(options);
      const res = await fetch(base + path, { method, headers, body, redirect: "manual" }).catch((error: Error) => {
        // fetch's own message is only "fetch failed": say which call and why (reset, refused, timeout).
        throw new NetworkFailure(`${method} ${path} on ${base}: ${String(error.cause ?? error)}`);
      });
      const text = await res.text();
      return {
        status: res.status,
        body: parseJson(text),
        location: res.headers.get("location"),
        retryAfter: res.headers.get("retry-after"),
        text,
      };
    },
  };
}

/** The headers and body a call's options make, for either client (this one, or address-client's). */
export function requestOf(options: CallOptions): { headers: Record<string, string>; body: string | undefined } {
  const headers: Record<string, string> = { accept: options.accept ?? "application/json", ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    return { headers, body: JSON.stringify(options.json) };
  }
  if (options.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    return { headers, body: new URLSearchParams(options.form).toString() };
  }
  return { headers, body: undefined };
}

/** An answer's body as JSON, or undefined when it is not JSON. */
export function parseJson(text: string): never {
  try {
    return JSON.parse(text) as never;
  } catch {
    return undefined as never;
  }
}

/** The request got no HTTP answer at all (connection refused or cut, timeout). */
export class NetworkFailure extends Error {}

/** The first error code of an answer in the errors shape (`{ errors: [{ code }] }`). */
export function errorCode(answer: Answer): string | undefined {
  const body = answer.body as { errors?: { code?: string }[] } | undefined;
  return body?.errors?.[0]?.code;
}

/**
 * An answer that is not the success a step expects. A 4xx is the product refusing (counted by the
 * cases, often the point); a 5xx is always a failure of the product.
 */
export class StepFailed extends Error {
  constructor(
    readonly step: string,
    readonly answer: Answer,
  ) {
    super(`${step}: ${answer.status} ${errorCode(answer) ?? answer.text.slice(0, 300)}`);
  }
  get code(): string {
    return errorCode(this.answer) ?? `HTTP_${this.answer.status}`;
  }
}

/** The call's body when its status is `expected`, else StepFailed. */
export async function expectStatus<T>(step: string, answering: Promise<Answer<T>>, expected = 200): Promise<T> {
  const answer = await answering;
  if (answer.status !== expected) throw new StepFailed(step, answer);
  return answer.body;
}
