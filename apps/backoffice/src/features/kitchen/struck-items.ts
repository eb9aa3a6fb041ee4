/**
 * The items struck through on this screen (a cook's own checklist, not the order's state): kept per screen in
 * local storage under the restaurant, so a reload keeps them, and only for orders still on the display.
 */
import { browserStorage, safely } from "../../lib/browser-storage";

/** Order id → the indexes of its struck lines. */
export type Struck = Record<string, number[]>;

const key = (restaurantId: number) => `kitchen.struck.${restaurantId}`;

export function readStruck(restaurantId: number): Struck {
  const text = safely(() => browserStorage()?.getItem(key(restaurantId)));
  const parsed = text ? safely(() => JSON.parse(text) as unknown) : undefined;
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (entry): entry is [string, number[]] =>
        Array.isArray(entry[1]) && entry[1].every((n) => Number.isInteger(n) && n >= 0),
    ),
  );
}

export function writeStruck(restaurantId: number, struck: Struck): void {
  safely(() => browserStorage()?.setItem(key(restaurantId), JSON.stringify(struck)));
}

/** Strikes the line, or un-strikes it when struck. */
export function toggleLine(struck: Struck, orderId: string, line: number): Struck {
  const lines = struck[orderId] ?? [];
  const next = lines.includes(line) ? lines.filter((n) => n !== line) : [...lines, line].sort((a, b) => a - b);
  const { [orderId]: _, ...rest } = struck;
  return next.length ? { ...rest, [orderId]: next } : rest;
}

/** Only the orders still shown: a finished order's marks do not pile up in storage. */
export function keepOrders(struck: Struck, orderIds: string[]): Struck {
  const shown = new Set(orderIds);
  return Object.fromEntries(Object.entries(struck).filter(([id]) => shown.has(id)));
}
