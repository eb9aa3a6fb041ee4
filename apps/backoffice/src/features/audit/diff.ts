/**
 * What a change changed, for people: the audit entry's before and after (any JSON) as a list of the leaves that
 * differ, each with its dotted path. Lists count as one value (a list of host names reads best whole).
 */
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
