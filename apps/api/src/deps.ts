import type { ChangeFeed, Db } from "@app/db";
import type { FastifyBaseLogger } from "fastify";
import type { BackgroundRun } from "./background-run";
import type { Config } from "./config";
import type { OrderRefundService, PaymentProviders } from "./modules/payment/providers/provider";
import type { TokenService } from "./plugins/auth";
import type { Api } from "./shared/api";

export type { Api };

/** What route modules receive: the database, configuration, services, and a clock tests can move. */
export type Deps = {
  db: Db;
  /** Tells in-memory caches when the database changed what they hold (shared/change-bound-cache.ts). */
  changes: ChangeFeed;
  config: Config;
  now: () => Date;
  tokens: TokenService;
  /** Payment provider modules by name (payment_instance.provider). */
  payments: PaymentProviders;
  /** Sends receipts from the outbox after an order commits. */
  receipts: ReceiptService;
  /** Works the refund outbox (payment_refund) after a refund is decided. */
  refunds: RefundService;
  /**
   * Places the order of a paid checkout (order/finalize-checkout.ts). Payments call it as soon as nothing is
   * left to wait for; it reaches them through here because features do not import each other.
   */
  orders: OrderService;
  /** Refunds the provider made by itself (Stripe's dashboard), taken over as the order's refunds. */
  orderRefunds: OrderRefundService;
  /**
   * The app's logger; in a request's deps (`requestDeps`) the request's own, whose lines carry its `traceId`.
   * Background loops log through the app's, with the ids of what they work on.
   */
  log: FastifyBaseLogger;
};

/**
 * The deps a route hands its use case: logging through the request's logger, so every line the use case
 * writes carries the request's trace id. Passed explicitly rather than found in an async context: Node 20's
 * AsyncLocalStorage runs a hook for every async resource of every request, cached reads too.
 */
export function requestDeps(deps: Deps, request: { log: FastifyBaseLogger }): Deps {
  return { ...deps, log: request.log };
}

/**
 * The API's handle on receipts (receipt/send-receipts.ts): `kick()` after an order commits starts a send in
 * the background (the answer never waits for it); `drain()` waits for the running send (on close, in tests).
 */
export type ReceiptService = BackgroundRun & {
  deliverDue: () => Promise<{ sent: number; failed: number }>;
};

/**
 * The API's handle on refunds (payment/refunds.ts): `kick()` after a transaction queued one starts
 * working the outbox in the background (the answer never waits for the provider); `drain()` waits for
 * that run (on close, in tests).
 */
export type RefundService = BackgroundRun & {
  deliverDue: () => Promise<{ refunded: number; failed: number }>;
};

export type OrderService = {
  /** Idempotent: the one order of the checkout, created now or earlier. Throws AppError when it cannot be placed. */
  finalize: (
    input: { checkoutId: string; productionUnitId: number },
    /** The caller's logger (a request's, or a sweep's), for the lines finalize writes. */
    log: FastifyBaseLogger,
  ) => Promise<{ orderId: string; created: boolean }>;
};

/** A feature's routes: registered inside the /api scope. */
export type RouteModule = (api: Api, deps: Deps) => void;
