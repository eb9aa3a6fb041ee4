import { z } from "zod";
import { HhMm, IntId, LocalDate } from "./common";

export const Module = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z
      .number()
      .int()
      .describe(
        "CLICKANDCOLLECT 0, TAKEAWAY 1, ORDERATTABLE 2, OPERATIONS 3, KIOSK 4, LANDINGPAGE 5, FASTTRACK 6, ROOMSERVICE 7, EVENT 10",
      ),
    productionUnitId: z.number().int(),
    isActive: z.boolean(),
    isVisible: z.boolean(),
    menuInstanceId: z.number().int(),
    productInstanceId: z.number().int(),
    checkoutInstanceId: z.number().int(),
    capacityInstanceId: z.number().int(),
    deliveryInstanceId: z.number().int().nullable(),
    discountInstanceId: z.number().int().nullable(),
    giftcardInstanceId: z.number().int().nullable(),
    paymentInstanceId: z.number().int(),
    lavuInstanceId: z.number().int().nullable(),
    placeholderInstanceId: z.number().int().nullable(),
    posSettingInstanceId: z.number().int().nullable(),
  })
  .meta({ id: "Module" });
export type Module = z.infer<typeof Module>;

export const DomainParams = z.object({
  domain: z
    .string()
    .min(1)
    .max(253)
    .describe("Host name the storefront is served on, e.g. localhost; a port is ignored"),
});

export const TokenParams = z.object({ productionUnitId: IntId });
export const Token = z
  .object({
    token: z.string().describe("Bearer token for the Authorization header, scoped to one production unit"),
    expiresAt: z.iso.datetime().describe("When the token stops working (ISO 8601 UTC)"),
  })
  .meta({ id: "Token" });
export type Token = z.infer<typeof Token>;

export const IdParams = z.object({ id: IntId });

export const ProductionUnit = z
  .object({
    id: z.number().int(),
    name: z.string(),
    address: z.string().describe("Comma-separated street, zip and city"),
    zipCode: z.string(),
    phone: z.string(),
    receiptEmail: z.string(),
    cvrNumber: z.string(),
    timeZone: z.string(),
  })
  .meta({ id: "ProductionUnit" });
export type ProductionUnit = z.infer<typeof ProductionUnit>;

export const HoursToday = z
  .object({
    date: LocalDate.describe("Today in the restaurant's time zone"),
    open: HhMm.nullable().describe("Opening time today (HH:MM local); null when closed all day"),
    close: HhMm.nullable().describe("Closing time today (HH:MM local, 24:00 = midnight); null when closed all day"),
    isOpen: z.boolean().describe("Whether it is open right now"),
    timeZone: z.string(),
    // Issue 44, additive: staff paused online orders, or the kitchen is busy (both end by themselves).
    orderingPausedUntil: z.iso
      .datetime()
      .nullable()
      .describe("Online orders are paused until then (ISO 8601 UTC): no order can be placed; null when not paused"),
    busyMinutes: z
      .number()
      .int()
      .describe("Minutes the kitchen's busy mode adds to the earliest pickup time (0: not busy)"),
  })
  .meta({ id: "HoursToday" });
export type HoursToday = z.infer<typeof HoursToday>;
