/**
 * How a tile's order stands against its ready time: on time, due soon (within 5 minutes) or late. Each state has
 * its own words and icon as well as its colour, so it reads without colour too (WCAG 1.4.1).
 */
export type Timing = { state: "on-time" | "due-soon" | "late"; minutes: number };

export const DUE_SOON_MINUTES = 5;

/** Whole minutes left (rounded up: 30 s left is "1 min"), or late by (rounded down: 30 s late is on time still). */
export function tileTiming(readyTime: string, now: Date): Timing {
  const secondsLeft = (Date.parse(readyTime) - now.getTime()) / 1000;
  if (secondsLeft < 0) return { state: "late", minutes: Math.floor(-secondsLeft / 60) };
  const minutes = Math.ceil(secondsLeft / 60);
  return { state: minutes <= DUE_SOON_MINUTES ? "due-soon" : "on-time", minutes };
}
