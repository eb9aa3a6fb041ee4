/**
 * What a change changed, for people: the audit entry's before and after (any JSON) as a list of the leaves that
 * differ, each with its dotted path. Lists count as one value (a list of host names reads best whole).
 */
import { dateTimeText } from "../../lib/clock";

export type Change = { path: string; before: unknown; after: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function changesBetween(before: unknown, after: unknown, path = ""): Change[] {
  if (isRecord(before) || isRecord(after)) {
    const from = isRecord(before) ? before : {};
    const to = isRecord(after) ? after : {};
    const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
    return keys.flatMap((key) => changesBetween(from[key], to[key], path ? `${path}.${key}` : key));
  }
  // Missing and null are both "nothing": a created thing's empty logo did not change.
  if (JSON.stringify(before ?? null) === JSON.stringify(after ?? null)) return [];
  return [{ path: path || "value", before, after }];
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A value as text for people: an instant the server stored ("2026-11-29T12:56:38.573Z", a ready time, when a sold-out
 * item comes back) in the language's date and time, as the entry's own time is shown; anything else unchanged.
 */
export function valueText(value: string | number, language: string, timeZone?: string): string {
  if (typeof value !== "string" || !INSTANT.test(value)) return String(value);
  return dateTimeText(value, timeZone, language);
}

/**
 * An amount the server keeps in øre, shown as money: a field named …Minor (a gift card's balance, a code's minimum
 * order), or a discount code's value when the code takes an amount off (`state`, the side the value is from, says
 * which kind; a percentage is a plain number).
 */
export function isAmountInOre(path: string, action: string, state: unknown): boolean {
  if (path.endsWith("Minor")) return true;
  return path === "value" && action.startsWith("discount-code.") && isRecord(state) && state.kind === "amount";
}

/** Where the words for a stored code are ("product", "live", "picked-up"): the screen that shows it, or the audit's own. */
const CODE_WORDS: Record<string, string> = { kitchenStatus: "orders.status" };

export function codeKey(path: string, code: string): string {
  const field = path.split(".").at(-1) ?? path;
  return `${CODE_WORDS[field] ?? `audit.values.${field}`}.${code}`;
}
