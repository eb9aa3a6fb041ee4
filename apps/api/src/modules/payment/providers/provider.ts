/**
 * The payment provider interface. A real provider (Stripe, Nets Easy, MobilePay, …) is one module
 * implementing `PaymentProvider`; a module's payment instance names the provider it uses
 * (payment_instance.provider), and app.ts lists the providers the server knows. See
 * docs/payment-providers.md.
 *
 * The payment rows, gift-card reservations and checkout states are the core's business: a
 * provider only talks to the outside world (create a hosted payment, cancel, refund) and reports
 * what the outside world says through `PaymentOutcomes.report`.
 */
import type { LanguageCode } from "@app/contracts";
import type { Db } from "@app/db";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../../config";
import type { Api } from "../../../shared/api";
import type { PaymentRow } from "../repository";

/** Methods that go through a provider's hosted step (pay at pickup and gift cards do not). */
export type OnlineMethod = "card" | "mobilepay";

export type { PaymentRow };

/** What a provider's own routes may use of the app. */
export type ProviderDeps = {
  db: Db;
  config: Config;
  now: () => Date;
  log: FastifyBaseLogger;
  orderRefunds: OrderRefundService;
};

/** A refund the provider made by itself (Stripe's dashboard), to be taken over as a refund of the order. */
export type ProviderRefund = {
  payment: Pick<PaymentRow, "id" | "checkoutId" | "provider">;
  /** The provider's id of the refund ("re_…"): taken over once, however often the provider tells. */
  providerRefundId: string;
  amountMinor: number;
};

export type TakenOverRefund =
  | { kind: "recorded"; orderRefundId: string; amountMinor: number; leftOutMinor: number }
  | { kind: "already" }
  | { kind: "no-order" }
  | { kind: "nothing-left"; leftOutMinor: number };

/**
 * The refund feature's take-over of a provider's own refund (refund/record-provider-refund.ts), reaching payment's
 * routes through the app's deps because features do not import each other both ways.
 */
export type OrderRefundService = { recordProviderRefund: (refund: ProviderRefund) => Promise<TakenOverRefund> };

export type CreatePaymentInput = {
  /** The payment row, already stored in state CREATED (its id is the reference for everything). */
  payment: PaymentRow;
  /** What the provider must take (the order total minus gift cards), minor units (øre). */
  amountMinor: number;
  currency: "DKK";
  /** The method the guest chose first; `methods` lists every one the guest accepts. */
  method: OnlineMethod;
  methods: OnlineMethod[];
  /** Where to send the guest after approval or decline, and after cancelling (already checked: module hosts). */
  continueUrl: string;
  cancelUrl: string;
  restaurantName: string;
  receiptEmail: string | null;
  /** The guest's language (the checkout's request): what the provider's page calls the payment. */
  language: LanguageCode;
  /** The public base URL of this API ("https://shop.example.dk/api"), for hosted pages, webhooks and returns. */
  apiBaseUrl: string;
  /** The provider's own test mode (`PaymentProvider.testMode`); a guest cannot ask for it. */
  isTest: boolean;
};

export type CreatePaymentResult = {
  /** The provider's own id of the payment (stored in payment.provider_reference). */
  providerReference: string;
  /** The page to send the guest to, or null when the provider needs no hosted step. */
  hostedPageUrl: string | null;
  /**
   * The provider account that took it (payment.provider_account_id, provider_key_fingerprint): refunds are refused
   * once the organisation's account is another one. Omitted by a provider without accounts (the test provider).
   */
  account?: { providerAccountId: string | null; keyFingerprint: string };
};

/** What the outside world said about a payment. */
export type PaymentOutcome = "authorized" | "failed" | "cancelled";

export type ReportedOutcome = {
  payment: PaymentRow;
  /** Where the guest goes next: continueUrl after authorized/failed, cancelUrl after cancelled. */
  redirectUrl: string | null;
};

/**
 * Handed to a provider's routes: the only way a provider moves a payment. `report` moves a
 * CREATED payment (AUTHORIZED 128, FAILED 64 or CANCELLED 2) exactly once. Authorized places the
 * order right away (finalize) before answering; failed and cancelled give the attempt's gift-card
 * money back and reopen the checkout. A payment no longer CREATED is a 409: PAYMENT_REFUNDED when
 * the provider says authorized for a payment the core had already cancelled (it expired, was
 * replaced or cancelled; the core refunds it through the refund outbox), else PAYMENT_NOT_CREATED.
 * A webhook should answer its provider 2xx for both.
 */
export type PaymentOutcomes = {
  /** `log`: the provider route's `request.log`, so the lines this writes carry the request's trace id. */
  report: (paymentId: string, outcome: PaymentOutcome, log: FastifyBaseLogger) => Promise<ReportedOutcome>;
  /** The payment with its restaurant's name; undefined when it does not exist or is not this provider's. */
  find: (paymentId: string) => Promise<{ payment: PaymentRow; restaurantName: string } | undefined>;
};

export interface PaymentProvider {
  /** The name payment_instance.provider uses, e.g. "test", "stripe". */
  readonly name: string;
  /** True for a provider that never moves money (shown as TEST MODE everywhere). */
  readonly testMode: boolean;
  /** Methods it can take through its hosted step. */
  readonly methods: readonly OnlineMethod[];

  /** Creates the payment at the provider. Throwing cancels the attempt (503 PAYMENT_PROVIDER_UNAVAILABLE). */
  createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult>;

  /**
   * The hosted page of a CREATED payment; null when there is none. The guest never gets it directly:
   * `paymentUrl` is our GET /payment/{id}/open, which records the opening and redirects here.
   */
  hostedPageUrl(payment: PaymentRow, apiBaseUrl: string): string | null;

  /**
   * The guest or the shop gave up on a CREATED payment (cancel, replaced, expired): void it at the
   * provider (best effort, after commit; a failure is logged, and a late approval is refunded).
   */
  cancel(payment: PaymentRow): Promise<void>;

  /**
   * Gives an authorized payment's money back (the order failed for good, or the approval came after
   * the core had cancelled the payment). Called by the refund outbox until it resolves: throw when
   * the provider did not confirm, and it is tried again later. `refundId` is the same on every try:
   * pass it to the provider as idempotency key, so a repeated try never pays back twice.
   */
  refund(payment: PaymentRow, amountMinor: number, refundId: string): Promise<void>;

  /**
   * Routes of the provider under /api (hosted pages, return handlers, webhooks). Mark them
   * `config: { public: true }` and authenticate the caller yourself (a webhook signature, or the
   * payment's random id for a page); call `outcomes.report` (with `request.log`) to move the payment.
   */
  registerRoutes?(api: Api, outcomes: PaymentOutcomes, deps: ProviderDeps): void;
}

/** The providers this server knows, by name. */
export type PaymentProviders = {
  get: (name: string) => PaymentProvider | undefined;
  all: () => PaymentProvider[];
};

export function createPaymentProviders(providers: PaymentProvider[]): PaymentProviders {
  const byName = new Map<string, PaymentProvider>();
  for (const provider of providers) {
    if (byName.has(provider.name)) throw new Error(`Two payment providers are named "${provider.name}"`);
    byName.set(provider.name, provider);
  }
  return { get: (name) => byName.get(name), all: () => [...byName.values()] };
}
