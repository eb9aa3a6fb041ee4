import {
  CancelPaymentBody,
  CreatePaymentParams,
  CreatePaymentRequestQuery,
  ErrorBody,
  NoBody,
  Payment,
  PaymentCheckoutParams,
  PaymentPageParams,
} from "@app/contracts";
import { z } from "zod";
import { type Api, type Deps, type RouteModule, requestDeps } from "../../deps";
import { notFound } from "../../errors";
import { loadOwnCheckout } from "../checkout";
import { apiBaseUrl } from "./api-base-url";
import { cancelPayment } from "./cancel-payment";
import { createPayment } from "./create-payment";
import { openPaymentPage } from "./open-payment-page";
import { paymentOutcomes } from "./outcomes";
import { findLatestAttempt } from "./repository";
import { toPaymentJson } from "./to-payment-json";

const tags = ["Payment"];

export const paymentRoutes: RouteModule = (api, deps) => {
  createPaymentRoute(api, deps);
  getPaymentRoute(api, deps);
  cancelPaymentRoute(api, deps);
  openPaymentPageRoute(api, deps);
  providerRoutes(api, deps);
};

function createPaymentRoute(api: Api, deps: Deps) {
  api.post(
    "/checkout/:id/payment",
    {
      schema: {
        tags,
        summary: "Start paying the checkout (gift cards, then online, at pickup or nothing)",
        description:
          "Validates the checkout (linked non-empty basket, required guest information, an orderReadyTime that is still " +
          "offered, else 422 DeliveryMethod.TimePicker). Then, in one transaction, the payment **holds** what the order " +
          "will need while the guest pays: the chosen slot's kitchen units (409 SLOT_FULL when the basket no longer fits) " +
          "and one use of each applied discount code (422 Discount.Invalid when the code was used up or switched off since " +
          "it was applied: never dropped, the guest is not charged more than the checkout showed). It draws the applied " +
          "gift cards and creates the payment of the rest: ONLINE 0 in state CREATED 1 with the provider's hosted page " +
          "(`paymentUrl`); UNPAID 2 for pay at pickup, created AUTHORIZED 128 (nothing to wait for, no hosted step); or " +
          "nothing more when gift cards pay everything (GIFTCARD 1, AUTHORIZED 128). Any refusal creates nothing and " +
          "charges nothing. The checkout becomes PENDING 1. The holds are given back when the payment is cancelled, " +
          "declined or expires, and become the order's when it is placed. When nothing is left to wait for, the order is " +
          "placed before the answer (checkout DONE 2, or ERROR 3 with the money given back if it can never be placed); an " +
          "online payment places it when the provider approves. So the order page only polls GET /checkout/{id}. A " +
          "waiting payment that asks for the same (method, amounts, URLs, receipt email) is answered again, also while it " +
          "is still being started: concurrent identical requests all get the same payment and hosted page. Any other " +
          "waiting payment is cancelled first (its holds given back); a settled one is 409 ALREADY_PAID. 409 " +
          "PAYMENT_REPLACED when a different, newer request replaced this one while the provider was starting it. " +
          "`isTest` is accepted and ignored: only the provider decides test mode. An online payment still to be paid " +
          "counts against the client's unpaid payments: beyond PAYMENTS_UNPAID_PER_TOKEN (2) waiting at once per token, " +
          "PAYMENTS_UNPAID_PER_ADDRESS (5) at once or PAYMENTS_PER_ADDRESS_PER_HOUR (30) started an hour per client " +
          "address it is 429 TOO_MANY_PAYMENTS with Retry-After (seconds); a replaced payment no longer counts. " +
          "`paymentUrl` is GET /payment/{id}/open; a payment whose link is not followed within " +
          "PAYMENT_PAGE_OPEN_MINUTES (3) is cancelled and its holds given back.",
        params: CreatePaymentParams,
        querystring: CreatePaymentRequestQuery,
        body: NoBody,
        response: {
          200: Payment,
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request) =>
      createPayment(requestDeps(deps, request), {
        checkoutId: request.params.id,
        productionUnitId: request.productionUnitId,
        query: request.query,
        apiBaseUrl: await apiBaseUrl(deps, request),
        client: { tokenId: request.tokenId, address: request.ip },
      }),
  );
}

function getPaymentRoute(api: Api, deps: Deps) {
  const { db } = deps;
  api.get(
    "/payment/checkout/:checkoutId",
    {
      schema: {
        tags,
        summary: "The checkout's current payment (its latest attempt)",
        params: PaymentCheckoutParams,
        response: { 200: Payment, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const checkout = await loadOwnCheckout(db, request.params.checkoutId, request.productionUnitId);
      const attempt = await findLatestAttempt(db, checkout.id);
      const main = attempt.at(-1);
      if (!main) throw notFound("Payment");
      return toPaymentJson(attempt, {
        provider: deps.payments.get(main.provider),
        apiBaseUrl: await apiBaseUrl(deps, request),
      });
    },
  );
}

function cancelPaymentRoute(api: Api, deps: Deps) {
  api.post(
    "/payment/cancel",
    {
      schema: {
        tags,
        summary: "Cancel a waiting payment; the checkout reopens and gift-card money goes back",
        description:
          "Only a waiting (CREATED) online payment can be cancelled. A cancelled payment cancelled again is answered " +
          "unchanged (200); a settled one — authorized, pay at pickup, gift cards paying everything — is 409 ALREADY_PAID; " +
          "a declined or refunded one is 409 PAYMENT_NOT_CANCELLABLE.",
        body: CancelPaymentBody,
        response: { 200: Payment, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) =>
      cancelPayment(requestDeps(deps, request), {
        paymentId: request.body.paymentId,
        productionUnitId: request.productionUnitId,
        apiBaseUrl: await apiBaseUrl(deps, request),
      }),
  );
}

function openPaymentPageRoute(api: Api, deps: Deps) {
  api.get(
    "/payment/:paymentId/open",
    {
      // A browser following the link sends no bearer token: the payment's random id is the key (as the test page's).
      config: { public: true },
      schema: {
        tags,
        summary: "The guest's link to pay: records that the payment page was opened, then 303 to the provider's page",
        description:
          "`paymentUrl` of a waiting online payment. The first visit records that the guest opened the payment (a " +
          "payment not opened within PAYMENT_PAGE_OPEN_MINUTES is cancelled and its holds given back), then every visit " +
          "redirects (303) to the provider's hosted page. A payment no longer waiting redirects to its continuation " +
          "URL (the shop's payment page, which shows how it ended).",
        security: [],
        params: PaymentPageParams,
        response: {
          303: z.null().describe("Redirect (Location header) to the provider's page, or back to the shop"),
          400: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const location = await openPaymentPage(requestDeps(deps, request), {
        paymentId: request.params.paymentId,
        request: { protocol: request.protocol, host: request.host },
      });
      return reply.header("cache-control", "no-store").header("referrer-policy", "no-referrer").redirect(location, 303);
    },
  );
}

function providerRoutes(api: Api, deps: Deps) {
  for (const provider of deps.payments.all())
    provider.registerRoutes?.(api, paymentOutcomes(deps, provider.name), deps);
}
