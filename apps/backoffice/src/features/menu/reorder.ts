/**
 * Moving one entry of an ordered list (categories of a menu, products of a category, option groups, choices):
 * the same rule for a drag, a move-up/down button and its announcement, so the three always agree.
 */

/** The list with the entry at `from` moved to `to` (both clamped into the list); the input is left as it was. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  if (from < 0 || from >= items.length) return result;
  const target = Math.max(0, Math.min(items.length - 1, to));
  const [moved] = result.splice(from, 1);
  result.splice(target, 0, moved as T);
  return result;
}

export type Move = { from: number; to: number };

/** One step up (-1) or down (+1) from `index`; null at either end, where the button does nothing. */
export function stepMove(length: number, index: number, step: -1 | 1): Move | null {
  const to = index + step;
  return index < 0 || index >= length || to < 0 || to >= length ? null : { from: index, to };
}

/** The ids in their new order, as a save sends them. */
export function orderAfterMove<T extends { id: number }>(items: readonly T[], move: Move): number[] {
  return moveItem(items, move.from, move.to).map((item) => item.id);
}
