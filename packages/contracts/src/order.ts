/**
 * Order calls of SPEC §7: validating a checkout with the restaurant before paying, finalizing it
 * into an order, and reading the order (SPEC §3 "Order"). Money is DKK numbers, instants ISO 8601 UTC.
 */
import { z } from "zod";
import { BodyIntId, Dkk, LanguageCode, Uuid } from "./common";
import { KitchenStatus, RejectReason } from "./kitchen";

// ── Requests ───────────────────────────────────────────────────────────────────────────────

export const ValidateOrderQuery = z.object({ checkoutId: Uuid.describe("The checkout about to be paid") });
export type ValidateOrderQuery = z.infer<typeof ValidateOrderQuery>;

export const ValidateOrderBody = z
  .object({ productionUnitId: BodyIntId.optional().describe("The token's production unit (any other is 404)") })
  .nullish()
  .describe("Optional: { productionUnitId }, an empty object or no body; unknown fields are dropped")
  .meta({ id: "ValidateOrderRequest" });
export type ValidateOrderBody = z.infer<typeof ValidateOrderBody>;

export const FinalizeParams = z.object({ id: Uuid.describe("The checkout to turn into an order") });
export type FinalizeParams = z.infer<typeof FinalizeParams>;

export const OrderParams = z.object({ id: Uuid.describe("The order's id (Checkout.orderId)") });
export type OrderParams = z.infer<typeof OrderParams>;

export const OrderQuery = z.object({
  language: LanguageCode.optional().describe(
    "Language of product and choice names in the answer, as the basket's; without it the names the order was " +
      "placed with (the basket's stored, Danish names)",
  ),
});
export type OrderQuery = z.infer<typeof OrderQuery>;

// ── Responses ──────────────────────────────────────────────────────────────────────────────

export const OrderValidation = z
  .object({ valid: z.literal(true).describe("The restaurant accepts the order now") })
  .meta({ id: "OrderValidation" });
export type OrderValidation = z.infer<typeof OrderValidation>;

export const OrderChoice = z
  .object({
    choiceId: z.number().int(),
    name: z.string(),
    amount: z.number().int().describe("Units of this choice per product unit"),
    price: Dkk.describe("What the choice adds to the unit price, DKK"),
  })
  .meta({ id: "OrderChoice" });
export type OrderChoice = z.infer<typeof OrderChoice>;

export const OrderProduct = z
  .object({
    productId: z.number().int(),
    name: z.string(),
    amount: z.number().int().describe("Units ordered"),
    price: Dkk.describe("Unit price with the chosen options, DKK"),
    total: Dkk.describe("What the line costs, DKK"),
    choices: z.array(OrderChoice),
  })
  .meta({ id: "OrderProduct" });
export type OrderProduct = z.infer<typeof OrderProduct>;

export const OrderDelivery = z
  .object({
    address: z.string().nullable(),
    zipCode: z.string().nullable(),
    fee: Dkk.describe("Delivery fee, DKK"),
    deliveryTime: z.iso.datetime().describe("When it is delivered (the order's ready time), ISO 8601 UTC"),
  })
  .meta({ id: "OrderDelivery" });
export type OrderDelivery = z.infer<typeof OrderDelivery>;

export const OrderPayment = z
  .object({
    paymentId: z.string(),
    amount: Dkk,
    type: z.number().int().describe("ONLINE 0, GIFTCARD 1, UNPAID 2 (pay at pickup)"),
    method: z
      .enum(["card", "mobilepay", "giftcard", "pickup"])
      .describe(
        "How it is paid: card or mobilepay (ONLINE), giftcard (GIFTCARD), pickup (UNPAID); the receipt names it",
      ),
    state: z.number().int().describe("CREATED 1 (unpaid: pay at pickup), AUTHORIZED 128, …"),
    isTest: z.boolean().describe("true when a test-mode provider (the built-in `test`) took it: no money was taken"),
  })
  .meta({ id: "OrderPayment" });
export type OrderPayment = z.infer<typeof OrderPayment>;

export const Order = z
  .object({
    id: z.string().describe("The order's id (random UUID)"),
    checkoutId: z.string(),
    products: z.array(OrderProduct),
    delivery: OrderDelivery.nullable().describe("null for pickup"),
    orderReadyTime: z.iso.datetime().describe("The pickup (or delivery) time, ISO 8601 UTC"),
    discounts: z.array(z.object({ code: z.string(), amount: Dkk })).describe("Discounts taken off, DKK"),
    basketTotal: Dkk.describe("Sum of the lines, DKK"),
    deliveryFee: Dkk.describe("0 for pickup, DKK"),
    totalAmount: Dkk.describe("basket − discounts + delivery fee, DKK"),
    payments: z.array(OrderPayment).describe("What pays the order (gift cards, online, at pickup)"),
    receipt: z.object({ number: z.number().int().describe("Receipt number, counted per production unit") }),
    externalId: z
      .string()
      .describe('Short human-friendly id, e.g. "A-1001": the unit\'s letters and the receipt number'),
    createdUtc: z.iso.datetime(),
    // The restaurant's progress (issue 44), additive to SPEC §3's Order: the confirmation page shows it live.
    kitchenStatus: KitchenStatus,
    readyTime: z.iso
      .datetime()
      .describe("When the kitchen has it ready (the guest's time, or moved by staff), ISO 8601 UTC"),
    rejectReason: RejectReason.nullable().describe(
      "Why the restaurant rejected it (the money goes back); null unless rejected",
    ),
  })
  .meta({ id: "Order" });
export type Order = z.infer<typeof Order>;
