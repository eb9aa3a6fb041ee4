/** How the order screen writes countdowns and sorts its board (money: lib/money; clock times: lib/clock). */
import type { AdminOrder, KitchenStatus } from "@app/contracts";

export type Countdown = { kind: "in" | "now" | "late"; minutes: number };

/** Whole minutes to the ready time: "in 12 min", "now" within half a minute either way, "5 min late". */
export function countdown(readyTime: string, now: Date): Countdown {
  const minutes = Math.round((new Date(readyTime).getTime() - now.getTime()) / 60_000);
  if (minutes > 0) return { kind: "in", minutes };
  if (minutes === 0) return { kind: "now", minutes: 0 };
  return { kind: "late", minutes: -minutes };
}

/** The instant `minutes` after `from` (ISO 8601 UTC), for +5/+10/+15/+30. */
export function later(from: string, minutes: number): string {
  return new Date(new Date(from).getTime() + minutes * 60_000).toISOString();
}

export type BoardColumn = "new" | "in-progress" | "ready";
export const BOARD_COLUMNS: BoardColumn[] = ["new", "in-progress", "ready"];

const COLUMN_OF: Record<KitchenStatus, BoardColumn | null> = {
  new: "new",
  accepted: "in-progress",
  ready: "ready",
  "picked-up": null,
  rejected: null,
};

/** The active orders by column, each by ready time (the one due first on top). */
export function boardColumns(orders: AdminOrder[]): Record<BoardColumn, AdminOrder[]> {
  const columns: Record<BoardColumn, AdminOrder[]> = { new: [], "in-progress": [], ready: [] };
  const byTime = [...orders].sort(
    (a, b) => a.readyTime.localeCompare(b.readyTime) || a.receiptNumber - b.receiptNumber,
  );
  for (const order of byTime) {
    const column = COLUMN_OF[order.kitchenStatus];
    if (column) columns[column].push(order);
  }
  return columns;
}
