import {
  CancelPaymentBody,
  CreatePaymentParams,
  CreatePaymentQuery,
  ErrorBody,
  NoBody,
  Payment,
  PaymentCheckoutParams,
} from "@app/contracts";
import type { RouteModule } from "../../deps";
import { notFound } from "../../errors";
import { apiBaseUrl } from "./api-base-url";
import { cancelPayment } from "./cancel-payment";
import { createPayment } from "./create-payment";
import { paymentOutcomes } from "./outcomes";
import { findCheckoutOfUnit, findLatestAttempt } from "./repository";
import { toPayment } from "./to-payment";

const tags = ["Payment"];

export const paymentRoutes: RouteModule = (api, deps) => {
  const { db, config } = deps;

  api.post(
    "/checkout/:id/payment",
    {
      schema: {
        tags,
        summary: "Start paying the checkout (gift cards, then online, at pickup or nothing)",
        description:
          "Validates the checkout (linked non-empty basket, required guest information, chosen orderReadyTime), draws the " +
          "applied gift cards, and creates the payment of the rest: ONLINE 0 with the provider's hosted page (`paymentUrl`), " +
          "UNPAID 2 for pay at pickup (no hosted step), or nothing more when gift cards pay everything. The checkout becomes " +
          "PENDING 1. A waiting payment of the checkout is cancelled first; an authorized one is 409 ALREADY_PAID.",
        params: CreatePaymentParams,
        querystring: CreatePaymentQuery,
        body: NoBody,
        response: {
          200: Payment,
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          422: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request) =>
      createPayment(deps, {
        checkoutId: request.params.id,
        productionUnitId: request.productionUnitId,
        query: request.query,
        apiBaseUrl: apiBaseUrl(config, request),
      }),
  );

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
      const checkout = await findCheckoutOfUnit(db, request.params.checkoutId, request.productionUnitId);
      if (!checkout) throw notFound("Checkout");
      const attempt = await findLatestAttempt(db, checkout.id);
      const main = attempt.at(-1);
      if (!main) throw notFound("Payment");
      return toPayment(attempt, {
        provider: deps.payments.get(main.provider),
        apiBaseUrl: apiBaseUrl(config, request),
      });
    },
  );

  api.post(
    "/payment/cancel",
    {
      schema: {
        tags,
        summary: "Cancel a waiting payment; the checkout reopens and gift-card money goes back",
        description:
          "A cancelled payment cancelled again is answered unchanged (200); an authorized one is 409 ALREADY_PAID.",
        body: CancelPaymentBody,
        response: { 200: Payment, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) =>
      cancelPayment(deps, {
        paymentId: request.body.paymentId,
        productionUnitId: request.productionUnitId,
        apiBaseUrl: apiBaseUrl(config, request),
      }),
  );

  for (const provider of deps.payments.all())
    provider.registerRoutes?.(api, paymentOutcomes(deps, provider.name), deps);
};
