/**
 * The built-in payment provider "test" — TEST MODE, no money ever moves.
 *
 * It serves its own hosted payment page at GET /api/payment/test/{paymentId} (public: the
 * payment's random UUID is its only key) showing the amount, the restaurant and the method, with
 * three buttons. Each posts a plain HTML form to POST /api/payment/test/{paymentId}/{action}:
 * approve → AUTHORIZED 128, decline → FAILED 64 (both 303 to the continuation URL), cancel →
 * CANCELLED 2 (303 to the cancellation URL). A payment no longer CREATED cannot move again (409):
 * a browser gets the page again, with status 409, saying why and what became of the payment; any
 * other client the JSON error.
 *
 * Each form carries a per-payment secret in a hidden field (`formToken`, an HMAC of the payment id),
 * checked on post: only someone who loaded the page can press its buttons, so a form on another
 * site that knows a payment id cannot approve or cancel it (docs/decisions/008-security-headers.md).
 *
 * The page speaks the guest's language: the shop sends it with the payment (`language`), and the page's URL
 * carries it as an optional `?lang=en-US` (kept on the forms' posts). Without it, or with a language the shop
 * does not have, the page is in Danish, the shop's default.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { ErrorBody, LanguageCode, TestPaymentActionParams, TestPaymentParams } from "@app/contracts";
import { formatPrice, PaymentState } from "@app/domain";
import type { FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, invalid, notFound } from "../../../errors";
import type { Api } from "../../../shared/api";
import type { CreatePaymentResult, PaymentOutcomes, PaymentProvider, PaymentRow } from "./provider";

export const TEST_PROVIDER_NAME = "test";

const tags = ["Payment"];

/** The hidden field of the page's forms that proves a post came from the page. */
export const FORM_TOKEN_FIELD = "formToken";

/**
 * The secret of one payment's forms. Derived, not stored, so every process sharing the key (the
 * token secret, TOKEN_SECRET or DATA_DIR/token-secret) accepts the forms any of them rendered.
 */
export function testPaymentFormToken(formKey: Uint8Array, paymentId: string): string {
  return createHmac("sha256", formKey).update(`test-payment-form:${paymentId}`).digest("base64url");
}

/** The form's fields; a client posting JSON sends the same. Other fields are ignored. */
const ActionForm = z
  .object({ [FORM_TOKEN_FIELD]: z.string().max(200).optional().describe("the hidden field of the page's form") })
  .nullish();

/** `formKey` signs the forms' secrets (app.ts passes the token secret); a random one per process by default. */
export function testPaymentProvider(options: { formKey?: Uint8Array } = {}): PaymentProvider {
  const formKey = options.formKey ?? randomBytes(32);
  const formTokenOf = (paymentId: string) => testPaymentFormToken(formKey, paymentId);
  const pageUrl = (paymentId: string, apiBaseUrl: string, language?: LanguageCode) =>
    `${apiBaseUrl}/payment/test/${paymentId}${languageQuery(language)}`;

  return {
    name: TEST_PROVIDER_NAME,
    testMode: true,
    methods: ["card", "mobilepay"],

    async createPayment({ payment, apiBaseUrl, language }): Promise<CreatePaymentResult> {
      return { providerReference: `test_${payment.id}`, hostedPageUrl: pageUrl(payment.id, apiBaseUrl, language) };
    },

    hostedPageUrl(payment, apiBaseUrl) {
      return payment.state === PaymentState.CREATED ? pageUrl(payment.id, apiBaseUrl) : null;
    },

    // Nothing exists outside this server, so there is nothing to void or pay back.
    async cancel() {},
    async refund() {},

    registerRoutes(api, outcomes) {
      registerHostedPage(api, outcomes, formTokenOf);
    },
  };
}

type FormTokenOf = (paymentId: string) => string;

/** The page's languages: the shop's own two. */
type PageLanguage = "da" | "en";

/** The page's optional query: the guest's language. Anything else (or nothing) is Danish, never an error. */
const PageQuery = z.object({
  lang: z.string().max(20).optional().describe("The guest's language (da-DK or en-US); omitted or unknown: Danish"),
});

function pageLanguage(lang: string | undefined): PageLanguage {
  return LanguageCode.safeParse(lang).data === "en-US" ? "en" : "da";
}

/** The query that keeps the guest's language on the page's URL and its forms' posts: none for Danish. */
function languageQuery(language: LanguageCode | undefined): string {
  return language === "en-US" ? "?lang=en-US" : "";
}

/** The hosted page and its buttons, in a scope of their own: only this scope reads form posts. */
function registerHostedPage(api: Api, outcomes: PaymentOutcomes, formTokenOf: FormTokenOf) {
  api.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    acceptFormPosts(scope);
    hostedPageRoute(scope, outcomes, formTokenOf);
    pageActionRoute(scope, outcomes, formTokenOf);
  });
}

function acceptFormPosts(scope: Api) {
  // The page's forms post application/x-www-form-urlencoded (no fields); only this scope reads it.
  scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}

function hostedPageRoute(scope: Api, outcomes: PaymentOutcomes, formTokenOf: FormTokenOf) {
  scope.get(
    "/payment/test/:paymentId",
    {
      config: { public: true },
      schema: {
        tags,
        summary: "TEST MODE hosted payment page (HTML) with approve, decline and cancel buttons",
        security: [],
        params: TestPaymentParams,
        querystring: PageQuery,
        response: { 200: z.string().describe("text/html page"), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const found = await outcomes.find(request.params.paymentId);
      if (!found) throw notFound("Payment");
      const language = pageLanguage(request.query.lang);
      return sendPage(reply, found.payment, renderPage(found.payment, found.restaurantName, formTokenOf, { language }));
    },
  );
}

const ACTION_DESCRIPTION =
  "approve → AUTHORIZED 128 and decline → FAILED 64 redirect to the continuation URL; cancel → CANCELLED 2 " +
  "redirects to the cancellation URL. A payment that is no longer CREATED is 409 PAYMENT_NOT_CREATED " +
  "(PAYMENT_REFUNDED for an approval of a payment already given up): the page again, saying so, when the " +
  "request accepts text/html (the page's own forms), else the JSON error. Without the page form's " +
  "`formToken` (a per-payment secret in a hidden field) the post is 400 PAYMENT_FORM_INVALID.";

function pageActionRoute(scope: Api, outcomes: PaymentOutcomes, formTokenOf: FormTokenOf) {
  scope.post(
    "/payment/test/:paymentId/:action",
    {
      config: { public: true },
      schema: {
        tags,
        summary: "TEST MODE: approve, decline or cancel the payment, then 303 to the shop",
        description: ACTION_DESCRIPTION,
        security: [],
        params: TestPaymentActionParams,
        querystring: PageQuery,
        body: ActionForm,
        response: {
          303: z.null().describe("Redirect (Location header) to the continuation or cancellation URL"),
          400: ErrorBody,
          404: ErrorBody,
          409: ErrorBody.or(z.string().describe("text/html page, for a browser")),
        },
      },
    },
    async (request, reply) => {
      const { paymentId, action } = request.params;
      if (!sameSecret(request.body?.[FORM_TOKEN_FIELD], formTokenOf(paymentId)))
        throw invalid(
          "PAYMENT_FORM_INVALID",
          "This request did not come from the payment page: open the payment page and press its button",
          FORM_TOKEN_FIELD,
        );
      const outcome = action === "approve" ? "authorized" : action === "decline" ? "failed" : "cancelled";
      try {
        const { redirectUrl } = await outcomes.report(paymentId, outcome, request.log);
        return reply.header("cache-control", "no-store").redirect(redirectUrl ?? `../${paymentId}`, 303);
      } catch (error) {
        // A guest pressing a button on a page that went stale (cancelled, expired, refunded, a second tab)
        // must see a page in the browser, not raw JSON: the payment as it is now, and why nothing changed.
        if (!(error instanceof AppError) || error.status !== 409 || !acceptsHtml(request.headers.accept)) throw error;
        const found = await outcomes.find(paymentId);
        if (!found) throw error;
        return sendPage(
          reply.status(409),
          found.payment,
          renderPage(found.payment, found.restaurantName, formTokenOf, {
            language: pageLanguage(request.query.lang),
            refusal: error.code,
          }),
        );
      }
    },
  );
}

/** Whether the client asked for HTML: a browser's form post does (`text/html,application/xhtml+xml,…`). */
function acceptsHtml(accept: string | undefined): boolean {
  return accept?.toLowerCase().includes("text/html") ?? false;
}

/** Compares in constant time, so the answer's timing tells nothing about the secret. */
function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function sendPage(reply: FastifyReply, payment: PaymentRow, html: string) {
  // The page's own policy, narrower than the API's defaults for an HTML page: its one style element
  // by hash, no script at all, its forms posting to itself (and the 303 after them going to the shop:
  // Chromium checks form-action on that redirect too), never framed, and no referrer to the shop.
  reply.helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'none'"],
        "style-src": [PAGE_STYLE_HASH],
        "form-action": ["'self'", ...redirectOrigins(payment)],
        "base-uri": ["'none'"],
        "frame-ancestors": ["'none'"],
      },
    },
    referrerPolicy: { policy: "no-referrer" },
  });
  return reply
    .header("cache-control", "no-store")
    .header("x-robots-tag", "noindex")
    .type("text/html; charset=utf-8")
    .send(html);
}

/** Where the forms' redirects go: the origins of the payment's continuation and cancellation URLs. */
function redirectOrigins(payment: PaymentRow): string[] {
  const origins = new Set<string>();
  for (const url of [payment.continueUrl, payment.cancelUrl]) {
    try {
      if (url) origins.add(new URL(url).origin);
    } catch {
      // checkRedirectUrl admits only absolute http(s) URLs; anything else adds no origin.
    }
  }
  return [...origins];
}

/** The page's only style, allowed by its hash (CSP `style-src 'sha256-…'`): no 'unsafe-inline'. */
const PAGE_STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f4f4; color: #111; line-height: 1.4; }
  .banner { background: #b00020; color: #fff; padding: 1.25rem; text-align: center; font-size: 1.6rem; font-weight: 700; }
  main { max-width: 32rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border-radius: 8px; }
  h1 { margin-top: 0; }
  .note { padding: .75rem 1rem; border-left: 4px solid #b00020; background: #fdf1f3; }
  dl { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: .5rem 1rem; font-size: 1.15rem; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
  .actions { display: grid; gap: .75rem; margin-top: 1.5rem; }
  button { width: 100%; font-size: 1.25rem; padding: 1rem; border: 2px solid #111; border-radius: 6px; cursor: pointer; }
  button:focus-visible { outline: 3px solid #005fcc; outline-offset: 3px; }
  .approve { background: #1b5e20; color: #fff; }
  .decline { background: #fff; color: #b00020; border-color: #b00020; }
  .cancel { background: #fff; color: #111; }
  @media (max-width: 36rem) { main { margin: 0; border-radius: 0; } }
  /* Under ~376 px a term as long as "Betalingsmetode" leaves its value no room beside it: each value under its term. */
  @media (max-width: 23.5rem) { dl { grid-template-columns: minmax(0, 1fr); gap: 0; } dd { margin-bottom: .5rem; } }
`;
const PAGE_STYLE_HASH = `'sha256-${createHash("sha256").update(PAGE_STYLE).digest("base64")}'`;

/** A text in both the shop's languages, in the shop's own words (storefront TestMode.Notice, TestMode.Payment). */
type Both = Record<PageLanguage, string>;

const TEXT = {
  banner: { da: "Testtilstand – der trækkes ingen penge", en: "Test mode – no money is charged" },
  title: { da: "Testbetaling", en: "Test payment" },
  note: {
    da: "Dette er en testbetaling. Butikken tager endnu ikke imod rigtige betalinger: dit kort eller din MobilePay bliver ikke trukket.",
    en: "This is a test payment. This shop does not take real payments yet: your card or MobilePay will not be charged.",
  },
  restaurant: { da: "Restaurant", en: "Restaurant" },
  amount: { da: "Beløb", en: "Amount" },
  method: { da: "Betalingsmetode", en: "Payment method" },
  approve: { da: "Godkend betaling", en: "Approve payment" },
  decline: { da: "Afvis betaling", en: "Decline payment" },
  cancel: { da: "Annuller", en: "Cancel" },
  closed: { da: "Betalingen kan ikke ændres længere. Status:", en: "The payment can no longer be changed. Status:" },
  back: { da: "Tilbage til butikken", en: "Back to the shop" },
} satisfies Record<string, Both>;

/** Why a button did nothing, by the 409's code (outcomes.ts). A test payment never took money, so none is due back. */
const REFUSAL_TEXT: Record<string, Both> = {
  PAYMENT_REFUNDED: {
    da: "Betalingen var allerede annulleret eller udløbet, så der blev ikke lavet nogen bestilling. Der er ikke trukket nogen penge.",
    en: "The payment had already been cancelled or had expired, so no order was placed. No money has been charged.",
  },
  PAYMENT_NOT_CREATED: {
    da: "Betalingen er allerede gennemført, afvist eller annulleret.",
    en: "The payment has already been completed, declined or cancelled.",
  },
};

const refusalText = (code: string) => REFUSAL_TEXT[code] ?? REFUSAL_TEXT.PAYMENT_NOT_CREATED!;

const METHOD_NAMES: Record<string, Both> = {
  card: { da: "Betalingskort", en: "Card" },
  mobilepay: { da: "MobilePay", en: "MobilePay" },
};

const STATE_TEXT: Record<number, Both> = {
  [PaymentState.CREATED]: { da: "Venter på betaling", en: "Waiting for payment" },
  [PaymentState.CANCELLED]: { da: "Annulleret", en: "Cancelled" },
  [PaymentState.FAILED]: { da: "Afvist", en: "Declined" },
  [PaymentState.AUTHORIZED]: { da: "Godkendt", en: "Approved" },
  [PaymentState.REFUNDED]: { da: "Refunderet", en: "Refunded" },
};

/** The amount as the shop writes it in each language (storefront price-text.ts: "125,50 kr." / "125.50 DKK"). */
const AMOUNT: Record<PageLanguage, (minor: number) => string> = {
  da: (minor) => `${formatPrice(minor, "da-DK")} kr.`,
  en: (minor) => `${formatPrice(minor, "en-US")} DKK`,
};

export type PageOptions = {
  /** The guest's language (the page's `?lang=`); Danish by default. */
  language?: PageLanguage;
  /** The code of a 409 a button press just got (shown above the state). */
  refusal?: string;
};

/** The hosted page, in one language: the guest's. */
export function renderPage(
  payment: PaymentRow,
  restaurantName: string,
  formTokenOf: (paymentId: string) => string,
  { language = "da", refusal }: PageOptions = {},
): string {
  const say = (text: Both) => escapeHtml(text[language]);
  const amount = AMOUNT[language](payment.amountMinor);
  const isOpen = payment.state === PaymentState.CREATED;
  const query = languageQuery(language === "en" ? "en-US" : undefined);
  const hidden = `<input type="hidden" name="${FORM_TOKEN_FIELD}" value="${escapeHtml(formTokenOf(payment.id))}">`;
  const action = (name: string, label: Both, style: string) =>
    `<form method="post" action="./${payment.id}/${name}${query}">${hidden}<button type="submit" class="${style}">${say(label)}</button></form>`;
  const method = METHOD_NAMES[payment.method];
  const state = STATE_TEXT[payment.state];
  const body = isOpen
    ? `<div class="actions">
      ${action("approve", TEXT.approve, "approve")}
      ${action("decline", TEXT.decline, "decline")}
      ${action("cancel", TEXT.cancel, "cancel")}
    </div>`
    : `${refusal ? `<p role="alert"><strong>${say(refusalText(refusal))}</strong></p>` : ""}
    <p>${say(TEXT.closed)} <strong>${state ? say(state) : escapeHtml(String(payment.state))}</strong></p>
    ${payment.continueUrl ? `<p><a href="${escapeHtml(payment.continueUrl)}">${say(TEXT.back)}</a></p>` : ""}`;

  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${say(TEXT.title)} ${escapeHtml(amount)} – ${escapeHtml(restaurantName)} – ${say(TEXT.banner)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<div class="banner" role="alert">${say(TEXT.banner)}</div>
<main>
  <h1>${say(TEXT.title)}</h1>
  <p class="note">${say(TEXT.note)}</p>
  <dl>
    <dt>${say(TEXT.restaurant)}</dt><dd>${escapeHtml(restaurantName)}</dd>
    <dt>${say(TEXT.amount)}</dt><dd><strong>${escapeHtml(amount)}</strong></dd>
    <dt>${say(TEXT.method)}</dt><dd>${method ? say(method) : escapeHtml(payment.method)}</dd>
  </dl>
  ${body}
</main>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}
