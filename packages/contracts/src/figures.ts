/**
 * The restaurant's figures (issue 45): what was sold in a range of the restaurant's local days, the end-of-day
 * report and the CSV exports. Under /api/admin (managers and owners). Money is DKK numbers, summed in øre.
 * What each figure counts: docs/decisions/037-figures.md.
 */
import { z } from "zod";
import { Dkk, LocalDate } from "./common";

/** The longest range one request may ask for: a year, leap day included. */
export const FIGURES_MAX_DAYS = 366;

export const FiguresQuery = z.object({
  from: LocalDate.optional().describe("First local day (YYYY-MM-DD, the restaurant's time zone); default today"),
  to: LocalDate.optional().describe("Last local day, included; default `from`"),
});
export type FiguresQuery = z.infer<typeof FiguresQuery>;

export const EndOfDayQuery = z.object({
  date: LocalDate.optional().describe("The local day (YYYY-MM-DD, the restaurant's time zone); default today"),
});

export const FiguresPaymentMethod = z
  .enum(["card", "mobilepay", "giftcard", "pickup", "test"])
  .describe("How it was paid: card, MobilePay, gift card, pay at pickup, or a test-mode payment");
export type FiguresPaymentMethod = z.infer<typeof FiguresPaymentMethod>;

export const FiguresHour = z.object({
  hour: z.number().int().min(0).max(23).describe("Hour of the day on the restaurant's clock (0–23)"),
  orders: z.number().int(),
  sales: Dkk,
});
export type FiguresHour = z.infer<typeof FiguresHour>;

export const FiguresProduct = z.object({
  productId: z.number().int(),
  name: z.string().describe("The name on the newest order line of the product"),
  quantity: z.number().int(),
  sales: Dkk.describe("The lines' totals (choices included, before order discounts)"),
});
export type FiguresProduct = z.infer<typeof FiguresProduct>;

export const FiguresMethod = z.object({
  method: FiguresPaymentMethod,
  orders: z.number().int().describe("Orders with a payment of this method (a split order counts under each)"),
  amount: Dkk,
});
export type FiguresMethod = z.infer<typeof FiguresMethod>;

export const Figures = z
  .object({
    restaurantId: z.number().int(),
    from: LocalDate,
    to: LocalDate,
    timeZone: z.string(),
    orders: z.number().int().describe("Placed orders, rejected ones not counted"),
    sales: Dkk.describe("What the guests of those orders paid or pay at pickup (order totals)"),
    averageOrder: Dkk.describe("sales / orders, rounded to the øre; 0 without orders"),
    discounts: Dkk.describe("Discount codes' amounts on those orders"),
    deliveryFees: Dkk,
    refunds: z.object({
      count: z.number().int(),
      amount: Dkk.describe("Money given back by staff in the range (by the day of the refund)"),
    }),
    netSales: Dkk.describe("sales − refunds"),
    rejected: z.object({ orders: z.number().int(), amount: Dkk.describe("Their order totals, given back") }),
    giftcards: z.object({
      soldCount: z.number().int().describe("Gift cards bought (quantity of gift-card products on the orders)"),
      soldAmount: Dkk,
      redeemedAmount: Dkk.describe("Paid with gift cards (the gift card method)"),
    }),
    byHour: z.array(FiguresHour).length(24),
    byMethod: z.array(FiguresMethod),
    topByQuantity: z.array(FiguresProduct).max(10),
    topBySales: z.array(FiguresProduct).max(10),
  })
  .meta({ id: "Figures" });
export type Figures = z.infer<typeof Figures>;

export const EndOfDayReport = z
  .object({
    restaurant: z.object({
      id: z.number().int(),
      name: z.string(),
      address: z.string(),
      cvrNumber: z.string(),
    }),
    date: LocalDate,
    generatedUtc: z.iso.datetime(),
    receiptNumbers: z
      .object({ first: z.number().int(), last: z.number().int() })
      .nullable()
      .describe("The first and last receipt number of the day's orders (rejected ones included); null without"),
    figures: Figures,
  })
  .meta({ id: "EndOfDayReport" });
export type EndOfDayReport = z.infer<typeof EndOfDayReport>;
