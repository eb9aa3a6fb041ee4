/**
 * The back office's hours and ordering editors (issue 45 point 4): GET/PUT
 * /api/admin/restaurants/{restaurantId}/hours and …/ordering. Each section is replaced whole by a save. These
 * rows have no version column: `version` is a number the server derives from the section's current contents
 * (the same contents give the same number); a save based on other contents than the current is 409
 * EditConflict.
 */
import { z } from "zod";
import { HhMm, LocalDate } from "./common";
import { EditVersion } from "./editing";

export const HoursKind = z.enum(["opening", "delivery"]).describe("Opening hours (pickup) or delivery hours");
const Weekday = z.number().int().min(1).max(7).describe("ISO weekday: 1 = Monday … 7 = Sunday");

export const WeeklyRange = z.object({
  kind: HoursKind,
  weekday: Weekday,
  opens: HhMm.describe("HH:MM local"),
  closes: HhMm.describe("HH:MM local; 24:00 = midnight; at or before opens = runs past midnight into the next day"),
});
export type WeeklyRange = z.infer<typeof WeeklyRange>;

export const SpecialHoursEntry = z.object({
  kind: HoursKind,
  date: LocalDate,
  opens: HhMm,
  closes: HhMm,
});
export type SpecialHoursEntry = z.infer<typeof SpecialHoursEntry>;

export const ClosedDateEntry = z.object({
  date: LocalDate,
  reason: z.string().max(200).default("").describe("Why (shown in the back office)"),
});
export type ClosedDateEntry = z.infer<typeof ClosedDateEntry>;

const HoursSections = {
  weekly: z.array(WeeklyRange).max(200).describe("Several ranges a weekday and kind"),
  special: z.array(SpecialHoursEntry).max(500).describe("Hours on a date, replacing that weekday's of the kind"),
  closed: z.array(ClosedDateEntry).max(500).describe("Dates closed all day (wins over special hours)"),
};

export const RestaurantHours = z
  .object({ ...HoursSections, timeZone: z.string(), version: EditVersion })
  .meta({ id: "RestaurantHours" });
export type RestaurantHours = z.infer<typeof RestaurantHours>;

export const UpdateRestaurantHoursRequest = z.object({ ...HoursSections, version: EditVersion });
export type UpdateRestaurantHoursRequest = z.infer<typeof UpdateRestaurantHoursRequest>;

const Minutes = (max: number) => z.number().int().min(0).max(max);

/** DKK typed in a form: what is not a number at all is "an amount", not "a whole number". */
const Amount = z
  .number({ error: (issue) => (issue.code === "invalid_type" ? "Input.Amount" : undefined) })
  .describe("Amount in DKK (kroner), at most two decimals");

export const DeliveryZoneEntry = z.object({
  zipCode: z.string().max(20).describe("4 digits"),
  fee: Amount.min(0).max(10_000),
  minimumOrder: Amount.min(0).max(100_000).describe("The smallest basket (before fees) delivered here"),
});
export type DeliveryZoneEntry = z.infer<typeof DeliveryZoneEntry>;

export const CapacityRuleEntry = z.object({
  weekday: Weekday,
  starts: HhMm,
  ends: HhMm.describe("At or before starts = runs past midnight"),
  itemsPerSlot: z.number().int().min(0).max(100_000),
});
export type CapacityRuleEntry = z.infer<typeof CapacityRuleEntry>;

const OrderingSections = {
  pickup: z.object({
    intervalMinutes: Minutes(240).min(1).describe("Minutes between pickup slots (orderTimeInterval)"),
    leadMinutes: Minutes(1440).describe("Minutes the kitchen needs before the first slot (preparation)"),
    futureDays: z.number().int().min(0).max(60).describe("Days ahead a guest may order (guestFutureOrderDates)"),
  }),
  delivery: z
    .object({
      intervalMinutes: Minutes(240).min(1),
      leadMinutes: Minutes(1440),
      zones: z.array(DeliveryZoneEntry).max(500),
    })
    .nullable()
    .describe("null: the restaurant has no delivery set up"),
  capacity: z.object({
    itemsPerSlot: z.number().int().min(0).max(100_000).describe("Where no rule says otherwise"),
    rules: z.array(CapacityRuleEntry).max(200),
  }),
};

export const RestaurantOrdering = z
  .object({ ...OrderingSections, timeZone: z.string(), version: EditVersion })
  .meta({ id: "RestaurantOrdering" });
export type RestaurantOrdering = z.infer<typeof RestaurantOrdering>;

export const UpdateRestaurantOrderingRequest = z.object({ ...OrderingSections, version: EditVersion });
export type UpdateRestaurantOrderingRequest = z.infer<typeof UpdateRestaurantOrderingRequest>;
