/**
 * A small stand-in for Stripe's API (these machines cannot reach Stripe; issue 46). It answers the calls the
 * Stripe provider makes, in the shapes of Stripe's API reference (https://docs.stripe.com/api): create,
 * retrieve and expire a Checkout Session (`checkout.session`), retrieve a PaymentIntent (`payment_intent`),
 * create and list Refunds (`refund`, `GET /v1/refunds?charge=`) and retrieve the key's own Account
 * (`GET /v1/account`); errors as `{ error: { type, code, message, param } }`. Requests are form-encoded
 * with brackets (`metadata[paymentId]=…`, `allowed_payment_method_types[0]=card`), as the SDK sends them.
 *
 * Like Stripe, every key belongs to one account and one mode (its prefix: sk_test_/rk_test_ or sk_live_/rk_live_),
 * and sees only that account's objects of that mode: another account's session is "No such checkout.session".
 * Each new key is a new account, unless made with `rollKey` (Stripe's "Roll key": a new secret key of the same
 * account). Objects and events carry `livemode` by the key's mode.
 *
 * It records every request (method, path, the form's fields, Idempotency-Key, the API key from
 * Authorization) and, like Stripe, answers a repeated Idempotency-Key with the first answer (the same key with
 * other parameters is a 400 idempotency_error). Test controls complete, fail or expire a session and sign
 * webhook events with the SDK's `generateTestHeaderString`.
 *
 * It also serves a tiny hosted page at the session's `url` (GET /pay/{sessionId}) whose Pay and Cancel buttons
 * complete the session, post the signed webhook to the configured URL and send the browser to success_url or
 * cancel_url, so a browser test can drive the whole flow; GET /__requests answers what was recorded (the requests and
 * the webhook posts with their answers' status) to a test in another process. As a program:
 *   node --import tsx apps/api/src/testing/fake-stripe.ts --port 12111 --webhook-url URL --webhook-secret whsec_…
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import Stripe from "stripe";

export type RecordedRequest = {
  method: string;
  path: string;
  /** The form's fields as sent (`line_items[0][price_data][unit_amount]` → "12900"). */
  form: Record<string, string>;
  idempotencyKey: string | undefined;
  /** The API key the request authenticated with (Authorization: Bearer …). */
  apiKey: string | undefined;
};

export type WebhookDelivery = { type: string; status: number | null };

type Json = Record<string, unknown>;
type Session = Json & { id: string; status: string; payment_status: string; payment_intent: string | null };
type Answer = { status: number; body: Json };

/** What the next matching request gets instead of its normal answer. */
export type Failure =
  /** Stripe's own trouble: 500 (with Stripe-Should-Retry: false, as Stripe sends it), nothing done. */
  | "server-error"
  /** The request is carried out (and kept for its Idempotency-Key), then the connection is cut before the answer. */
  | "hang-up-after-doing"
  /** 401 whose message quotes the API key it was sent, whole. */
  | "echo-key"
  /** 403: a restricted key without the permission the call needs, as Stripe words it. */
  | "permission-denied";

export type FakeStripeOptions = {
  /** Where the hosted page's buttons post the signed event (the restaurant's webhook URL). */
  webhookUrl?: string;
  webhookSecret?: string;
  /** The clock of sessions' `created` and of signatures (tests pass the app's). */
  now?: () => Date;
  /** Default: any free port. */
  port?: number;
};

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

export async function startFakeStripe(options: FakeStripeOptions = {}) {
  const now = options.now ?? (() => new Date());
  const seconds = () => Math.floor(now().getTime() / 1000);
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Session>();
  const intents = new Map<string, Json & { id: string; latest_charge: string }>();
  const charges = new Map<string, Json & { id: string; amount: number; amount_refunded: number }>();
  const refunds: (Json & { id: string; charge: string })[] = [];
  /** Which account and mode (`acct_…:live|test`) each object belongs to: a key sees only its own. */
  const owners = new Map<string, string>();
  /** The account of each key: a new key is a new account, unless rolled from another (rollKey). */
  const accounts = new Map<string, string>();
  /** payment_intent_data[metadata] of each session: the PaymentIntent made when the guest pays carries it. */
  const intentData = new Map<string, Json>();
  const answered = new Map<string, { fingerprint: string; answer: Answer }>();
  const failures: { method: string; path: RegExp; failure: Failure }[] = [];
  /** The hosted page's posts to the webhook URL and the status they were answered with (null: no answer). */
  const webhooks: WebhookDelivery[] = [];
  let baseUrl = "";

  function error(status: number, type: string, message: string, code?: string): Answer {
    return { status, body: { error: { type, message, ...(code && { code }) } } };
  }

  const isLive = (apiKey: string | undefined) => /^(sk|rk)_live_/.test(apiKey ?? "");

  function accountOf(apiKey: string | undefined): string {
    const key = apiKey ?? "";
    let account = accounts.get(key);
    if (!account) {
      account = `acct_${randomBytes(8).toString("hex")}`;
      accounts.set(key, account);
    }
    return account;
  }

  /** The account and mode a key works in: Stripe keeps test and live objects apart. */
  const scopeOf = (apiKey: string | undefined) => `${accountOf(apiKey)}:${isLive(apiKey) ? "live" : "test"}`;

  function own<T extends { id: string }>(object: T, apiKey: string | undefined): T {
    owners.set(object.id, scopeOf(apiKey));
    return object;
  }

  /** The object, if the key's account and mode hold it. */
  function ownedBy<T extends { id: string }>(object: T | undefined, apiKey: string | undefined): T | undefined {
    return object && owners.get(object.id) === scopeOf(apiKey) ? object : undefined;
  }

  /** GET /v1/account: the key's own account (https://docs.stripe.com/api/accounts/retrieve), its main fields. */
  function ownAccount(apiKey: string | undefined): Answer {
    return {
      status: 200,
      body: {
        id: accountOf(apiKey),
        object: "account",
        business_profile: { name: "Fake restaurant" },
        business_type: "company",
        charges_enabled: true,
        country: "DK",
        default_currency: "dkk",
        details_submitted: true,
        email: null,
        payouts_enabled: true,
        type: "standard",
      },
    };
  }

  function createSession(form: Record<string, string>, apiKey: string | undefined): Answer {
    const params = nestForm(form);
    const line = (params.line_items as Json[] | undefined)?.[0] as Json | undefined;
    const price = line?.price_data as Json | undefined;
    const unitAmount = Number(price?.unit_amount);
    if (!Number.isInteger(unitAmount) || unitAmount < 1)
      return error(400, "invalid_request_error", "Invalid integer: unit_amount", "parameter_invalid_integer");
    const created = seconds();
    const expiresAt = Number(params.expires_at ?? created + 24 * 3600);
    if (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600)
      return error(
        400,
        "invalid_request_error",
        "expires_at must be 30 minutes to 24 hours ahead",
        "parameter_invalid",
      );
    const sessionId = `cs_test_${randomBytes(16).toString("hex")}`;
    const session: Session = {
      id: sessionId,
      object: "checkout.session",
      amount_subtotal: unitAmount * Number(line?.quantity ?? 1),
      amount_total: unitAmount * Number(line?.quantity ?? 1),
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created,
      currency: String(price?.currency ?? "").toLowerCase(),
      customer_email: params.customer_email ?? null,
      expires_at: expiresAt,
      livemode: isLive(apiKey),
      metadata: params.metadata ?? {},
      mode: params.mode,
      payment_intent: null,
      allowed_payment_method_types: params.allowed_payment_method_types ?? null,
      payment_method_types: params.allowed_payment_method_types ?? ["card"],
      payment_status: "unpaid",
      status: "open",
      success_url: params.success_url ?? null,
      url: `${baseUrl}/pay/${sessionId}`,
    };
    sessions.set(sessionId, own(session, apiKey));
    intentData.set(sessionId, ((params.payment_intent_data as Json | undefined)?.metadata as Json) ?? {});
    return { status: 200, body: session };
  }

  function foundSession(sessionId: string, apiKey: string | undefined): Answer {
    const session = ownedBy(sessions.get(sessionId), apiKey);
    return session
      ? { status: 200, body: session }
      : error(404, "invalid_request_error", `No such checkout.session: '${sessionId}'`, "resource_missing");
  }

  function expireSession(sessionId: string, apiKey: string | undefined): Answer {
    const session = ownedBy(sessions.get(sessionId), apiKey);
    if (!session)
      return error(404, "invalid_request_error", `No such checkout.session: '${sessionId}'`, "resource_missing");
    if (session.status !== "open")
      return error(
        400,
        "invalid_request_error",
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      );
    session.status = "expired";
    return { status: 200, body: session };
  }

  function createRefund(form: Record<string, string>, apiKey: string | undefined): Answer {
    const params = nestForm(form);
    const intent = ownedBy(intents.get(String(params.payment_intent)), apiKey);
    if (!intent)
      return error(
        404,
        "invalid_request_error",
        `No such payment_intent: '${params.payment_intent}'`,
        "resource_missing",
      );
    const charge = charges.get(intent.latest_charge)!;
    const amount = params.amount === undefined ? charge.amount - charge.amount_refunded : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1 || charge.amount_refunded + amount > charge.amount)
      return error(
        400,
        "invalid_request_error",
        "Refund amount is greater than unrefunded amount on charge",
        "amount_too_large",
      );
    return { status: 200, body: refundCharge(charge, amount, (params.metadata as Json | undefined) ?? {}) };
  }

  /** A succeeded refund of part of a charge (through the API, or in the dashboard: then without our metadata). */
  function refundCharge(charge: Json & { id: string; amount_refunded: number }, amount: number, metadata: Json) {
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund = {
      id: id("re"),
      object: "refund",
      amount,
      charge: charge.id,
      created: seconds(),
      currency: "dkk",
      metadata,
      payment_intent: charge.payment_intent,
      reason: null,
      status: "succeeded",
    };
    refunds.push(refund);
    owners.set(refund.id, owners.get(charge.id)!);
    return refund;
  }

  /**
   * GET /v1/refunds?charge=…: the charge's refunds, newest first, `limit` (default 10) at a time after
   * `starting_after` (https://docs.stripe.com/api/refunds/list).
   */
  function listRefunds(query: Record<string, string>, apiKey: string | undefined): Answer {
    const limit = Number(query.limit ?? 10);
    const all = refunds
      .filter((refund) => ownedBy(refund, apiKey) && (query.charge === undefined || refund.charge === query.charge))
      .reverse();
    const after = query.starting_after ? all.findIndex((refund) => refund.id === query.starting_after) + 1 : 0;
    const page = all.slice(after, after + limit);
    return {
      status: 200,
      body: { object: "list", data: page, has_more: after + limit < all.length, url: "/v1/refunds" },
    };
  }

  function route(method: string, path: string, form: Record<string, string>, apiKey: string | undefined): Answer {
    const [, , kind, objectId, verb] = path.split("/");
    const found = (map: Map<string, Json & { id: string }>, name: string) => {
      const object = ownedBy(map.get(objectId ?? ""), apiKey);
      return object
        ? { status: 200, body: object }
        : error(404, "invalid_request_error", `No such ${name}: '${objectId}'`, "resource_missing");
    };
    if (method === "GET" && path === "/v1/account") return ownAccount(apiKey);
    if (method === "POST" && path === "/v1/checkout/sessions") return createSession(form, apiKey);
    if (path.startsWith("/v1/checkout/sessions/")) {
      const [sessionId, action] = path.slice("/v1/checkout/sessions/".length).split("/");
      if (method === "GET" && action === undefined) return foundSession(sessionId!, apiKey);
      if (method === "POST" && action === "expire") return expireSession(sessionId!, apiKey);
    }
    if (method === "GET" && kind === "payment_intents" && verb === undefined) return found(intents, "payment_intent");
    if (method === "POST" && path === "/v1/refunds") return createRefund(form, apiKey);
    if (method === "GET" && path === "/v1/refunds") return listRefunds(form, apiKey);
    return error(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path})`);
  }

  /** Idempotent like Stripe: a repeated key gets the first answer; the same key with other parameters is refused. */
  function answerOnce(recorded: RecordedRequest): Answer {
    if (recorded.method !== "POST" || !recorded.idempotencyKey)
      return route(recorded.method, recorded.path, recorded.form, recorded.apiKey);
    const key = `${recorded.apiKey}:${recorded.idempotencyKey}`;
    const fingerprint = JSON.stringify([recorded.path, recorded.form]);
    const earlier = answered.get(key);
    if (earlier) {
      if (earlier.fingerprint !== fingerprint)
        return error(
          400,
          "idempotency_error",
          "Keys for idempotent requests can only be used with the same parameters they were first used with.",
        );
      return earlier.answer;
    }
    const answer = route(recorded.method, recorded.path, recorded.form, recorded.apiKey);
    answered.set(key, { fingerprint, answer });
    return answer;
  }

  async function api(request: IncomingMessage, response: ServerResponse, body: string) {
    const url = new URL(request.url ?? "/", baseUrl);
    const recorded: RecordedRequest = {
      method: request.method ?? "GET",
      path: url.pathname,
      form: Object.fromEntries(new URLSearchParams(request.method === "GET" ? url.search : body)),
      idempotencyKey: header(request, "idempotency-key"),
      apiKey: header(request, "authorization")?.replace(/^Bearer /, ""),
    };
    requests.push(recorded);
    const failureAt = failures.findIndex((f) => f.method === recorded.method && f.path.test(recorded.path));
    const failure = failureAt >= 0 ? failures.splice(failureAt, 1)[0]!.failure : undefined;
    if (failure === "server-error") {
      response.setHeader("stripe-should-retry", "false");
      return send(response, error(500, "api_error", "Something went wrong on Stripe's end."));
    }
    if (failure === "echo-key")
      return send(response, error(401, "invalid_request_error", `Invalid API Key provided: ${recorded.apiKey}`));
    if (failure === "permission-denied")
      return send(
        response,
        error(
          403,
          "invalid_request_error",
          `The provided key '${recorded.apiKey?.slice(0, 8)}***${recorded.apiKey?.slice(-4)}' does not have the required permissions for this endpoint on account '${accountOf(recorded.apiKey)}'.`,
        ),
      );
    const answer = answerOnce(recorded);
    if (failure === "hang-up-after-doing") return response.socket?.destroy();
    send(response, answer);
  }

  /** The hosted page and its buttons: what Stripe's own page does, in a few lines of HTML. */
  async function hostedPage(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", baseUrl);
    const [, , sessionId, action] = url.pathname.split("/");
    const session = sessions.get(sessionId ?? "");
    if (!session) return send(response, error(404, "invalid_request_error", "No such session"));
    if (request.method === "GET") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return response.end(
        `<!doctype html><html lang="en"><title>Fake Stripe Checkout</title><h1>Fake Stripe: ${session.amount_total} øre</h1>` +
          `<p>Status: ${session.status}</p>` +
          `<form method="post" action="/pay/${session.id}/pay"><button>Pay</button></form>` +
          `<form method="post" action="/pay/${session.id}/cancel"><button>Cancel</button></form></html>`,
      );
    }
    const event = action === "pay" && session.status === "open" ? controls.complete(session.id) : undefined;
    if (event && options.webhookUrl && options.webhookSecret) {
      const delivered = await controls.postEvent(options.webhookUrl, event, options.webhookSecret).then(
        (answer) => answer.status,
        () => null,
      );
      webhooks.push({ type: String(event.type), status: delivered });
    }
    response.writeHead(303, { location: String(action === "pay" ? session.success_url : session.cancel_url) });
    response.end();
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      // What a test in another process (a browser test running the program) asserts: what Stripe was asked.
      if (request.method === "GET" && request.url === "/__requests")
        return send(response, { status: 200, body: { requests, webhooks } });
      const handler = request.url?.startsWith("/pay/") ? hostedPage(request, response) : api(request, response, body);
      handler.catch((caught: unknown) => send(response, error(500, "api_error", String(caught))));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function event(type: string, object: Json): Json {
    return {
      id: id("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: seconds(),
      data: { object: structuredClone(object) },
      livemode: object.livemode === true,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  function sessionOf(sessionId: string): Session {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe: no session ${sessionId}`);
    return session;
  }

  /** The guest paid on the page: a PaymentIntent and its Charge exist from now on. */
  function pay(session: Session, paid: boolean) {
    const intentId = id("pi");
    const chargeId = id("ch");
    const amount = Number(session.amount_total);
    const scope = owners.get(session.id)!;
    owners.set(intentId, scope);
    owners.set(chargeId, scope);
    intents.set(intentId, {
      id: intentId,
      object: "payment_intent",
      amount,
      currency: "dkk",
      latest_charge: chargeId,
      livemode: session.livemode,
      metadata: intentData.get(session.id) ?? {},
      status: paid ? "succeeded" : "processing",
    });
    charges.set(chargeId, {
      id: chargeId,
      object: "charge",
      amount,
      amount_refunded: 0,
      currency: "dkk",
      livemode: session.livemode,
      metadata: {},
      paid,
      payment_intent: intentId,
      refunded: false,
    });
    session.status = "complete";
    session.payment_status = paid ? "paid" : "unpaid";
    session.payment_intent = intentId;
  }

  const controls = {
    url: baseUrl,
    requests,
    refunds,
    webhooks,
    /** The session as Stripe holds it now. */
    session: (sessionId: string) => structuredClone(sessionOf(sessionId)),
    /** Requests to a path (a string: exactly; a RegExp: matching). */
    requestsTo: (path: string | RegExp, method = "POST") =>
      requests.filter((r) => r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path))),
    /** The next request of `method` to a path matching `path` gets `failure` (once per call). */
    failNext(method: string, path: RegExp, failure: Failure) {
      failures.push({ method, path, failure });
    },
    /** The guest paid (card, MobilePay): answers the checkout.session.completed event. */
    complete(sessionId: string): Json {
      const session = sessionOf(sessionId);
      pay(session, true);
      return event("checkout.session.completed", session);
    },
    /** The guest chose a method that settles later: completed but unpaid. */
    completeUnpaid(sessionId: string): Json {
      const session = sessionOf(sessionId);
      pay(session, false);
      return event("checkout.session.completed", session);
    },
    asyncSucceeded(sessionId: string): Json {
      const session = sessionOf(sessionId);
      session.payment_status = "paid";
      return event("checkout.session.async_payment_succeeded", session);
    },
    asyncFailed(sessionId: string): Json {
      return event("checkout.session.async_payment_failed", sessionOf(sessionId));
    },
    expire(sessionId: string): Json {
      const session = sessionOf(sessionId);
      session.status = "expired";
      return event("checkout.session.expired", session);
    },
    /** The charge of a session's payment as refunded so far (after refunds, ours or the dashboard's). */
    chargeRefunded(sessionId: string): Json {
      const intent = intents.get(String(sessionOf(sessionId).payment_intent))!;
      return event("charge.refunded", charges.get(intent.latest_charge)!);
    },
    /** A refund made in Stripe's dashboard, not through the API we call: a refund without our metadata. */
    refundInDashboard(sessionId: string, amount: number): Json {
      const intent = intents.get(String(sessionOf(sessionId).payment_intent))!;
      return refundCharge(charges.get(intent.latest_charge)!, amount, {});
    },
    /**
     * Stripe's "Roll key": a new secret key of the key's account, in its mode or the other one (every account has
     * test and live keys); the old one keeps working here.
     */
    rollKey(apiKey: string, mode: "test" | "live" = isLive(apiKey) ? "live" : "test"): string {
      const rolled = `sk_${mode}_${randomBytes(24).toString("hex")}`;
      accounts.set(rolled, accountOf(apiKey));
      return rolled;
    },
    /** The account id (acct_…) a key belongs to, as GET /v1/account answers it. */
    accountOf: (apiKey: string) => accountOf(apiKey),
    /** The Stripe-Signature header of a payload, as Stripe signs it (timestamp: seconds, default now). */
    sign: (payload: string, secret: string, timestamp = seconds()) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
    /** Signs and posts an event to a URL (the real route over HTTP, for a browser flow). */
    async postEvent(url: string, body: Json, secret: string): Promise<Response> {
      const payload = JSON.stringify(body);
      return fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": controls.sign(payload, secret) },
        body: payload,
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return controls;
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function send(response: ServerResponse, { status, body }: Answer) {
  response.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
  response.end(JSON.stringify(body));
}

/** `a[b][0][c]=x` → { a: { b: [{ c: "x" }] } }: Stripe's form encoding back into objects. */
export function nestForm(form: Record<string, string>): Json {
  const root: Json = {};
  for (const [key, value] of Object.entries(form)) {
    const names = key.split(/\[|\]\[|\]/).filter((name) => name !== "");
    let node: Record<string, unknown> = root;
    names.forEach((name, index) => {
      if (index === names.length - 1) {
        node[name] = value;
        return;
      }
      node[name] ??= /^\d+$/.test(names[index + 1]!) ? [] : {};
      node = node[name] as Record<string, unknown>;
    });
  }
  return root;
}

// As a program: a fake Stripe for a browser test or a manual run (STRIPE_API_URL=http://127.0.0.1:PORT).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "12111" },
      "webhook-url": { type: "string" },
      "webhook-secret": { type: "string" },
    },
  });
  const fake = await startFakeStripe({
    port: Number(values.port),
    webhookUrl: values["webhook-url"],
    webhookSecret: values["webhook-secret"],
  });
  console.log(`fake Stripe on ${fake.url} (STRIPE_API_URL=${fake.url})`);
}
