/**
 * The hours and ordering as the forms hold them: every typed value stays text until it is checked, and each
 * list row has a key of its own (React keeps focus and typed text on the right row when one above is removed).
 * The conversions to the request are pure, so the same text always gives the same request.
 */
import type { RestaurantHours, RestaurantOrdering } from "@app/contracts";

let nextKey = 0;
export const newKey = () => ++nextKey;

export type Kind = "opening" | "delivery";
export type WeeklyRow = { key: number; kind: Kind; weekday: number; opens: string; closes: string };
export type SpecialRow = { key: number; kind: Kind; date: string; opens: string; closes: string };
export type ClosedRow = { key: number; date: string; reason: string };
export type HoursValues = { weekly: WeeklyRow[]; special: SpecialRow[]; closed: ClosedRow[]; version: number };

export function toHoursValues(hours: RestaurantHours): HoursValues {
  return {
    weekly: hours.weekly.map((row) => ({ key: newKey(), ...row })),
    special: hours.special.map((row) => ({ key: newKey(), ...row })),
    closed: hours.closed.map((row) => ({ key: newKey(), ...row })),
    version: hours.version,
  };
}

const withoutKey = <R extends { key: number }>({ key: _key, ...row }: R) => row;

/** Times are trimmed; "9:30" becomes "09:30" (what people type), anything else is handed on for the schema to refuse. */
export function toHoursInput(values: HoursValues): unknown {
  const time = <R extends { opens: string; closes: string }>(row: R) => ({
    ...row,
    opens: normaliseTime(row.opens),
    closes: normaliseTime(row.closes),
  });
  return {
    weekly: values.weekly.map((row) => time(withoutKey(row))),
    special: values.special.map((row) => time(withoutKey(row))),
    closed: values.closed.map((row) => ({ date: row.date.trim(), reason: row.reason })),
    version: values.version,
  };
}

export function normaliseTime(text: string): string {
  const match = /^(\d{1,2})[:.](\d{2})$/.exec(text.trim());
  return match ? `${match[1]!.padStart(2, "0")}:${match[2]}` : text.trim();
}

/** "Closes the next day": a range that closes at or before it opens runs past midnight (both times valid). */
export function closesNextDay(opens: string, closes: string): boolean {
  const [a, b] = [normaliseTime(opens), normaliseTime(closes)];
  const valid = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
  return valid.test(a) && valid.test(b) && b <= a;
}

export type ZoneRow = { key: number; zipCode: string; fee: string; minimumOrder: string };
export type RuleRow = { key: number; weekday: string; starts: string; ends: string; itemsPerSlot: string };
export type OrderingValues = {
  pickup: { intervalMinutes: string; leadMinutes: string; futureDays: string };
  delivery: { intervalMinutes: string; leadMinutes: string; zones: ZoneRow[] } | null;
  capacity: { itemsPerSlot: string; rules: RuleRow[] };
  version: number;
};

/** Amounts as a Dane writes them: a decimal comma. */
const amountText = (amount: number) => String(amount).replace(".", ",");

export function toOrderingValues(ordering: RestaurantOrdering): OrderingValues {
  const { pickup, delivery, capacity } = ordering;
  return {
    pickup: {
      intervalMinutes: String(pickup.intervalMinutes),
      leadMinutes: String(pickup.leadMinutes),
      futureDays: String(pickup.futureDays),
    },
    delivery: delivery && {
      intervalMinutes: String(delivery.intervalMinutes),
      leadMinutes: String(delivery.leadMinutes),
      zones: delivery.zones.map((zone) => ({
        key: newKey(),
        zipCode: zone.zipCode,
        fee: amountText(zone.fee),
        minimumOrder: amountText(zone.minimumOrder),
      })),
    },
    capacity: {
      itemsPerSlot: String(capacity.itemsPerSlot),
      rules: capacity.rules.map((rule) => ({
        key: newKey(),
        weekday: String(rule.weekday),
        starts: rule.starts,
        ends: rule.ends,
        itemsPerSlot: String(rule.itemsPerSlot),
      })),
    },
    version: ordering.version,
  };
}

/**
 * Whole numbers become numbers; anything else is handed on as typed, for the schema to refuse on its field. A minus
 * makes a number too, so "-5" is refused as "at least 0" rather than as "not a whole number".
 */
export const wholeNumber = (text: string): unknown => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text);
/** "39", "39,50" and "39.5" become 39 and 39.5 ("-49" becomes -49, for the schema's "at least 0"); anything else is handed on as typed. */
export const amount = (text: string): unknown =>
  /^-?\d+([.,]\d{1,2})?$/.test(text.trim()) ? Number(text.trim().replace(",", ".")) : text;

export function toOrderingInput(values: OrderingValues): unknown {
  const { pickup, delivery, capacity } = values;
  return {
    pickup: {
      intervalMinutes: wholeNumber(pickup.intervalMinutes),
      leadMinutes: wholeNumber(pickup.leadMinutes),
      futureDays: wholeNumber(pickup.futureDays),
    },
    delivery: delivery && {
      intervalMinutes: wholeNumber(delivery.intervalMinutes),
      leadMinutes: wholeNumber(delivery.leadMinutes),
      zones: delivery.zones.map((zone) => ({
        zipCode: zone.zipCode.trim(),
        fee: amount(zone.fee),
        minimumOrder: amount(zone.minimumOrder),
      })),
    },
    capacity: {
      itemsPerSlot: wholeNumber(capacity.itemsPerSlot),
      rules: capacity.rules.map((rule) => ({
        weekday: Number(rule.weekday),
        starts: normaliseTime(rule.starts),
        ends: normaliseTime(rule.ends),
        itemsPerSlot: wholeNumber(rule.itemsPerSlot),
      })),
    },
    version: values.version,
  };
}
