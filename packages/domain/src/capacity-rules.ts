/**
 * Kitchen capacity per pickup slot: a default number of items, and rules for a weekday and a time range that
 * say otherwise (a quiet Monday lunch, a busy Friday evening). A rule matches a slot by the wall clock where
 * the restaurant is: on 2026-10-25 a Sunday 02:00–03:00 rule in Copenhagen covers both runs of that hour; on
 * 2026-03-29 there is no 02:00, so it covers no slot. A rule whose end is at or before its start runs past
 * midnight into the next weekday, like opening hours.
 */
import { localParts, parseHhMm } from "./local-time";

/** weekday: ISO 1 = Monday … 7 = Sunday; starts/ends "HH:MM" local, ends "24:00" = midnight. */
export type CapacityRule = { weekday: number; starts: string; ends: string; itemsPerSlot: number };

export type SlotCapacityRules = { itemsPerSlot: number; rules?: readonly CapacityRule[] };

/** The items a slot starting at `instant` takes: the first matching rule's (earliest start first), else the default. */
export function itemsPerSlotAt(instant: Date, timeZone: string, capacity: SlotCapacityRules): number {
  const { isoWeekday, minutesOfDay } = localParts(instant, timeZone);
  const rules = [...(capacity.rules ?? [])].sort((a, b) => parseHhMm(a.starts) - parseHhMm(b.starts));
  const rule = rules.find((candidate) => ruleCovers(candidate, isoWeekday, minutesOfDay));
  return rule ? rule.itemsPerSlot : capacity.itemsPerSlot;
}

function ruleCovers(rule: CapacityRule, isoWeekday: number, minutesOfDay: number): boolean {
  const starts = parseHhMm(rule.starts);
  const ends = parseHhMm(rule.ends);
  if (ends > starts) return rule.weekday === isoWeekday && minutesOfDay >= starts && minutesOfDay < ends;
  const nextWeekday = (rule.weekday % 7) + 1;
  return (rule.weekday === isoWeekday && minutesOfDay >= starts) || (nextWeekday === isoWeekday && minutesOfDay < ends);
}
