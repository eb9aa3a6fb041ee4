import type { Db } from "@app/db";
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { PaymentProviders } from "./modules/payment/providers/provider";
import type { RefundService } from "./modules/payment/refunds";
import type { ReceiptService } from "./modules/receipt/service";
import type { TokenService } from "./plugins/auth";

/** What route modules receive: the database, configuration, services, and a clock tests can move. */
export type Deps = {
  db: Db;
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
   * Places the order of a paid checkout (order/finalize.ts). Payments call it as soon as nothing is
   * left to wait for; it reaches them through here because features do not import each other.
   */
  orders: OrderService;
  log: FastifyBaseLogger;
};

export type OrderService = {
  /** Idempotent: the one order of the checkout, created now or earlier. Throws AppError when it cannot be placed. */
  finalize: (input: { checkoutId: string; productionUnitId: number }) => Promise<{ orderId: string; created: boolean }>;
};

export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A feature's routes: registered inside the /api scope. */
export type RouteModule = (api: Api, deps: Deps) => void;
