/**
 * The restaurant's live service (issue 44): the order queue, kitchen status changes, the event stream, sold
 * out and pause. All under /api/admin (a staff session). Money is DKK numbers, instants ISO 8601 UTC.
 */
import { z } from "zod";
import { BodyIntId, Dkk, IntId, Uuid } from "./common";

export const KitchenStatus = z
  .enum(["new", "accepted", "ready", "picked-up", "rejected"])
  .describe("The kitchen's status: new → accepted → ready → picked-up, or rejected");
export type KitchenStatus = z.infer<typeof KitchenStatus>;

export const RejectReason = z.enum(["sold-out", "closed", "too-busy", "other"]);
export type RejectReason = z.infer<typeof RejectReason>;

// ── The queue ──────────────────────────────────────────────────────────────────────────────

export const AdminOrderLine = z.object({
  productId: z.number().int(),
  name: z.string(),
  amount: z.number().int(),
  total: Dkk,
  choices: z.array(z.object({ name: z.string(), amount: z.number().int(), price: Dkk })),
});
export type AdminOrderLine = z.infer<typeof AdminOrderLine>;

export const AdminOrderPayment = z.object({
  method: z.enum(["card", "mobilepay", "giftcard", "pickup"]),
  amount: Dkk,
  /** true: the money is taken (or held); false: collect it at pickup. */
  paid: z.boolean(),
  /** Given back (a rejected order): refunded online or onto the gift card, or a pickup payment cancelled. */
  refunded: z.boolean(),
  isTest: z.boolean(),
});
export type AdminOrderPayment = z.infer<typeof AdminOrderPayment>;

export const AdminOrder = z
  .object({
    id: Uuid,
    productionUnitId: z.number().int(),
    receiptNumber: z.number().int(),
    externalId: z.string(),
    kitchenStatus: KitchenStatus,
    /** Moves by one with every change: the screen shows the newest it has seen. */
    version: z.number().int(),
    /** The guest's chosen pickup (or delivery) time. */
    orderReadyTime: z.iso.datetime(),
    /** When the kitchen has it ready: the guest's time, or moved by staff. */
    readyTime: z.iso.datetime(),
    openedAt: z.iso.datetime().nullable(),
    changedUtc: z.iso.datetime(),
    createdUtc: z.iso.datetime(),
    guest: z.object({ name: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() }),
    comment: z.string().nullable(),
    delivery: z.object({ address: z.string().nullable(), zipCode: z.string().nullable(), fee: Dkk }).nullable(),
    lines: z.array(AdminOrderLine),
    discounts: z.array(z.object({ code: z.string(), amount: Dkk })),
    total: Dkk,
    payments: z.array(AdminOrderPayment),
    /** What staff collect at pickup (0 when everything is paid). */
    toCollect: Dkk,
    rejection: z.object({ reason: RejectReason, text: z.string().nullable() }).nullable(),
    /**
     * Everything the guest paid was given back (a whole-order refund from the order's page, refunds adding up to
     * it, or the reject's) and nothing is left to collect: the kitchen is told plainly, whatever its status.
     */
    refundedInFull: z.boolean(),
  })
  .meta({ id: "AdminOrder" });
export type AdminOrder = z.infer<typeof AdminOrder>;

export const OrderQueueQuery = z.object({
  view: z
    .enum(["active", "finished"])
    .default("active")
    .describe("active: new, accepted and ready; finished: today's picked-up and rejected"),
  q: z.string().trim().max(100).optional().describe("Receipt number or part of the guest's name"),
});
export type OrderQueueQuery = z.infer<typeof OrderQueueQuery>;

export const OrderQueue = z
  .object({
    orders: z.array(AdminOrder),
    /** The restaurant's last event id when the queue was read: stream events after it (Last-Event-ID). */
    lastEventId: z.string().nullable(),
  })
  .meta({ id: "AdminOrderQueue" });
export type OrderQueue = z.infer<typeof OrderQueue>;

export const AdminOrderParams = z.object({ orderId: Uuid });

// ── Kitchen status changes ─────────────────────────────────────────────────────────────────
// POST /api/admin/orders/{orderId}/{accept|time|ready|picked-up|reject|recall}, each answering the AdminOrder as
// it now is (409 KitchenConflict when refused). `recall` (no body) takes a ready order back to accepted: the
// kitchen display's *Recall* of the last bumped tile; it is written as the event `order.recalled`.

/**
 * The order's version the screen showed when staff tapped. Given, the change is made only if nobody changed the
 * order since (else 409 with the order as it now is): of two tablets that saw a new order, one accepting and one
 * rejecting it, exactly one wins, even though rejecting an accepted order is allowed.
 */
const SeenVersion = z
  .number()
  .int()
  .positive()
  .optional()
  .describe("The order's version the screen showed: the change is made only if the order is still at it");

export const AcceptRequest = z
  .object({ readyTime: z.iso.datetime().optional().describe("Default: the guest's time"), version: SeenVersion })
  .nullish();
export const ReadyTimeRequest = z.object({ readyTime: z.iso.datetime(), version: SeenVersion });
/** The body of …/ready and …/picked-up (none is needed). */
export const KitchenStepRequest = z.object({ version: SeenVersion }).nullish();
export const RejectRequest = z
  .object({ reason: RejectReason, text: z.string().trim().max(500).optional(), version: SeenVersion })
  .refine((body) => body.reason !== "other" || (body.text ?? "").length > 0, {
    message: "Kitchen.RejectTextRequired",
    path: ["text"],
  });
export type RejectRequest = z.infer<typeof RejectRequest>;

/**
 * A refused transition (409): the order as it now is, so the screen shows it. `errors` repeats code and message
 * in the shape of every other error answer, so a client's one error handling reads this one too.
 */
export const KitchenConflict = z
  .object({
    code: z.literal("KITCHEN_STATUS_CHANGED"),
    message: z.string(),
    order: AdminOrder,
    errors: z.array(z.object({ code: z.string(), message: z.string() })),
  })
  .meta({ id: "KitchenConflict" });
export type KitchenConflict = z.infer<typeof KitchenConflict>;

// ── Events (GET /api/admin/events, text/event-stream) ──────────────────────────────────────

export const RESTAURANT_EVENT_TYPES = [
  "order.placed",
  "order.opened",
  "order.accepted",
  "order.time-changed",
  "order.ready",
  "order.recalled",
  "order.picked-up",
  "order.rejected",
  // Everything paid was given back from the order's page: no kitchen status or version of its own (a refund is
  // not a kitchen step); screens read the order again and show it refunded.
  "order.refunded",
  "availability.changed",
  "ordering.paused",
  "ordering.resumed",
] as const;
export const RestaurantEventType = z.enum(RESTAURANT_EVENT_TYPES);
export type RestaurantEventType = z.infer<typeof RestaurantEventType>;

/** An event's `data:`; `id:` is `<productionUnitId>:<seq>`. */
export const RestaurantEventData = z
  .object({
    productionUnitId: z.number().int(),
    orderId: Uuid.optional(),
    receiptNumber: z.number().int().optional(),
    kitchenStatus: KitchenStatus.optional(),
    version: z.number().int().optional(),
  })
  .loose();
export type RestaurantEventData = z.infer<typeof RestaurantEventData>;

export function restaurantEventId(productionUnitId: number, seq: number): string {
  return `${productionUnitId}:${seq}`;
}

export const EventStreamQuery = z.object({
  restaurantId: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      "Stream this restaurant only (the screen's); without it every restaurant the account's memberships cover",
    ),
  lastEventId: z
    .string()
    .max(2000)
    .optional()
    .describe(
      "For clients that cannot set the Last-Event-ID header: the same value (one id, or several comma-separated)",
    ),
});
export type EventStreamQuery = z.infer<typeof EventStreamQuery>;

/**
 * Besides the restaurants' events the stream sends `resync` (`data: {productionUnitId, lastEventId}`): events of
 * that restaurant up to `lastEventId` cannot be replayed (pruned, or never known to this client), so refetch
 * the queue; and `signed-out` just before it ends because the session ended.
 */
export const EVENT_STREAM_CONTROL_TYPES = ["resync", "signed-out"] as const;

/** "<productionUnitId>:<seq>" → its parts; null for anything else. */
export function parseRestaurantEventId(id: string): { productionUnitId: number; seq: number } | null {
  const match = /^(\d{1,9}):(\d{1,15})$/.exec(id.trim());
  return match ? { productionUnitId: Number(match[1]), seq: Number(match[2]) } : null;
}

// ── Sold out and pause ─────────────────────────────────────────────────────────────────────

export const SoldOutUntil = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("end-of-day") }),
  z.object({ kind: z.literal("time"), time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/) }),
  z.object({ kind: z.literal("restored") }),
]);
export type SoldOutUntil = z.infer<typeof SoldOutUntil>;

export const SoldOutRequest = z.object({
  target: z.enum(["product", "choice"]),
  /** A product's or choice's id (int4): a larger one is a 400 here, not the database's "out of range" (a 500). */
  id: BodyIntId,
  until: SoldOutUntil.describe("When it comes back by itself, on the restaurant's clock"),
});
export type SoldOutRequest = z.infer<typeof SoldOutRequest>;

export const SoldOutItem = z.object({
  target: z.enum(["product", "choice"]),
  id: z.number().int(),
  name: z.string(),
  until: z.iso.datetime().nullable().describe("null: until restored"),
});
export const Availability = z
  .object({
    soldOut: z.array(SoldOutItem),
    pausedUntil: z.iso.datetime().nullable(),
    busyMinutes: z.number().int(),
    busyUntil: z.iso.datetime().nullable(),
  })
  .meta({ id: "AdminAvailability" });
export type Availability = z.infer<typeof Availability>;

export const PauseRequest = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("pause"), minutes: z.union([z.literal(15), z.literal(30), z.literal(60)]) }),
  z.object({ kind: z.literal("pause-today") }),
  z.object({ kind: z.literal("busy"), minutes: z.number().int().min(5).max(120) }),
  z.object({ kind: z.literal("resume") }),
]);
export type PauseRequest = z.infer<typeof PauseRequest>;

export const SoldOutParams = z.object({
  restaurantId: z.coerce.number().int().positive(),
  target: z.enum(["product", "choice"]),
  id: IntId,
});
export type SoldOutParams = z.infer<typeof SoldOutParams>;

/** The picker of "sold out": the restaurant's products (with a category) and choices (with their option group). */
export const CatalogueItems = z
  .object({
    products: z.array(z.object({ id: z.number().int(), name: z.string(), category: z.string().nullable() })),
    choices: z.array(z.object({ id: z.number().int(), name: z.string(), modifier: z.string().nullable() })),
  })
  .meta({ id: "AdminCatalogueItems" });
export type CatalogueItems = z.infer<typeof CatalogueItems>;
