/** The middle value (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** One result row of the bench: a figure, its unit, the target as text and whether it is met. */
export function row(name, value, unit, target, pass) {
  return { name, value, unit, target, pass };
}
