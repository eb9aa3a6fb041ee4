import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { DayHours, HoursRules } from "./opening-hours";
import { type PickupSlot, pickupSlotAt, pickupSlots, type SlotInput, slotFits, slotLimit } from "./pickup-slots";

const COPENHAGEN = "Europe/Copenhagen";
const MONDAY = "2026-11-23";
const LUNCH = { opens: "11:00", closes: "13:00" };
const ALL_DAY = { opens: "00:00", closes: "24:00" };
const CLOSED: HoursRules = { weekly: [] };
/** The same range every day of the week. */
const every = (range: DayHours): HoursRules => ({
  weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ...range })),
});

/** A Monday lunch in Copenhagen (UTC+1), asked for early in the morning, with room everywhere. */
const LUNCH_INPUT: SlotInput = {
  date: MONDAY,
  timeZone: COPENHAGEN,
  hours: every(LUNCH),
  intervalMinutes: 15,
  now: new Date("2026-11-23T06:00:00.000Z"),
  leadMinutes: 0,
  capacity: { enforce: true, itemsPerSlot: 10, usedBySlot: new Map(), basketItems: 2 },
};

const available = (...times: string[]): PickupSlot[] => times.map((time) => ({ time, isAvailable: true }));

describe("pickupSlots", () => {
  const cases: { behaviour: string; input: SlotInput; slots: PickupSlot[] }[] = [
    {
      behaviour: "slots every interval from opening up to, not including, closing",
      input: LUNCH_INPUT,
      slots: available(
        "2026-11-23T10:00:00.000Z",
        "2026-11-23T10:15:00.000Z",
        "2026-11-23T10:30:00.000Z",
        "2026-11-23T10:45:00.000Z",
        "2026-11-23T11:00:00.000Z",
        "2026-11-23T11:15:00.000Z",
        "2026-11-23T11:30:00.000Z",
        "2026-11-23T11:45:00.000Z",
      ),
    },
    {
      behaviour: "the last slot starts before closing even when the interval does not divide the hours",
      input: { ...LUNCH_INPUT, hours: every({ opens: "11:00", closes: "11:40" }) },
      slots: available("2026-11-23T10:00:00.000Z", "2026-11-23T10:15:00.000Z", "2026-11-23T10:30:00.000Z"),
    },
    {
      behaviour: "no slots on a closed day",
      input: { ...LUNCH_INPUT, hours: CLOSED },
      slots: [],
    },
    {
      behaviour: "slots before now plus the lead time are left out",
      // 11:20 local + 30 min lead = 11:50: the first slot left is 12:00 local.
      input: { ...LUNCH_INPUT, now: new Date("2026-11-23T10:20:00.000Z"), leadMinutes: 30 },
      slots: available(
        "2026-11-23T11:00:00.000Z",
        "2026-11-23T11:15:00.000Z",
        "2026-11-23T11:30:00.000Z",
        "2026-11-23T11:45:00.000Z",
      ),
    },
    {
      behaviour: "a slot exactly at now plus the lead time is kept",
      input: { ...LUNCH_INPUT, now: new Date("2026-11-23T11:15:00.000Z"), leadMinutes: 30 },
      slots: available("2026-11-23T11:45:00.000Z"),
    },
    {
      behaviour: "no slots when now plus the lead time is past the last slot",
      input: { ...LUNCH_INPUT, now: new Date("2026-11-23T11:40:00.000Z"), leadMinutes: 15 },
      slots: [],
    },
    {
      behaviour: "a slot the basket would overfill is unavailable; one it exactly fills is available",
      input: {
        ...LUNCH_INPUT,
        hours: every({ opens: "11:00", closes: "11:45" }),
        capacity: {
          enforce: true,
          itemsPerSlot: 10,
          basketItems: 3,
          usedBySlot: new Map([
            ["2026-11-23T10:00:00.000Z", 8],
            ["2026-11-23T10:15:00.000Z", 7],
          ]),
        },
      },
      slots: [
        { time: "2026-11-23T10:00:00.000Z", isAvailable: false },
        { time: "2026-11-23T10:15:00.000Z", isAvailable: true },
        { time: "2026-11-23T10:30:00.000Z", isAvailable: true },
      ],
    },
    {
      behaviour: "every slot is available when capacity is not enforced",
      input: {
        ...LUNCH_INPUT,
        hours: every({ opens: "11:00", closes: "11:30" }),
        capacity: {
          enforce: false,
          itemsPerSlot: 10,
          basketItems: 3,
          usedBySlot: new Map([["2026-11-23T10:00:00.000Z", 50]]),
        },
      },
      slots: available("2026-11-23T10:00:00.000Z", "2026-11-23T10:15:00.000Z"),
    },
  ];
  for (const { behaviour, input, slots } of cases) {
    test(behaviour, () => {
      expect(pickupSlots(input)).toEqual(slots);
    });
  }

  const allDay = [
    {
      behaviour: "a 00:00–24:00 day has 96 quarter-hour slots",
      date: MONDAY,
      count: 96,
      first: "2026-11-22T23:00:00.000Z",
      last: "2026-11-23T22:45:00.000Z",
    },
    {
      behaviour: "the spring-forward day has 92 slots, skipping the missing hour",
      date: "2026-03-29",
      count: 92,
      first: "2026-03-28T23:00:00.000Z",
      last: "2026-03-29T21:45:00.000Z",
    },
    {
      behaviour: "the fall-back day has 100 slots, covering the repeated hour",
      date: "2026-10-25",
      count: 100,
      first: "2026-10-24T22:00:00.000Z",
      last: "2026-10-25T22:45:00.000Z",
    },
  ];
  for (const { behaviour, date, count, first, last } of allDay) {
    test(behaviour, () => {
      const times = pickupSlots({
        ...LUNCH_INPUT,
        date,
        hours: every(ALL_DAY),
        now: new Date("2026-01-01T00:00:00.000Z"),
      }).map((slot) => slot.time);
      expect({ count: times.length, first: times[0], last: times.at(-1), unique: new Set(times).size }).toEqual({
        count,
        first,
        last,
        unique: count,
      });
    });
  }

  test("slots run on across the spring-forward gap without a break", () => {
    const times = pickupSlots({
      ...LUNCH_INPUT,
      date: "2026-03-29",
      hours: every({ opens: "01:30", closes: "03:30" }),
      now: new Date("2026-03-28T12:00:00.000Z"),
    }).map((slot) => slot.time);
    // 01:30, 01:45 winter time, then 03:00, 03:15 summer time.
    expect(times).toEqual([
      "2026-03-29T00:30:00.000Z",
      "2026-03-29T00:45:00.000Z",
      "2026-03-29T01:00:00.000Z",
      "2026-03-29T01:15:00.000Z",
    ]);
  });

  test("refuses an interval that is not whole minutes above 0", () => {
    expect(() => pickupSlots({ ...LUNCH_INPUT, intervalMinutes: 0 })).toThrow(RangeError);
  });
});

describe("pickupSlotAt", () => {
  const hhmm = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  // Ordinary days and both DST days of Copenhagen, with hours, intervals, lead times and usage of every kind.
  const day = fc.record({
    date: fc.constantFrom(MONDAY, "2026-03-29", "2026-10-25", "2026-06-30"),
    opens: fc.integer({ min: 0, max: 23 * 60 }),
    length: fc.integer({ min: 1, max: 24 * 60 }),
    intervalMinutes: fc.constantFrom(1, 5, 7, 15, 30, 45, 60),
    leadMinutes: fc.integer({ min: 0, max: 120 }),
    nowOffsetMinutes: fc.integer({ min: -36 * 60, max: 36 * 60 }),
    closed: fc.boolean(),
    itemsPerSlot: fc.integer({ min: 0, max: 5 }),
    enforce: fc.boolean(),
  });

  test("answers exactly the slot pickupSlots lists at that instant, or null where it lists none", () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -30 * 60, max: 54 * 60 }), (d, instantMinutes) => {
        const dayStartMs = new Date(`${d.date}T00:00:00.000Z`).getTime();
        const input: SlotInput = {
          date: d.date,
          timeZone: COPENHAGEN,
          hours: d.closed ? CLOSED : every({ opens: hhmm(d.opens), closes: hhmm((d.opens + d.length) % (24 * 60)) }),
          intervalMinutes: d.intervalMinutes,
          now: new Date(dayStartMs + d.nowOffsetMinutes * 60_000),
          leadMinutes: d.leadMinutes,
          capacity: { enforce: d.enforce, itemsPerSlot: d.itemsPerSlot, usedBySlot: new Map(), basketItems: 1 },
        };
        const listed = pickupSlots(input);
        // Some listed slots are full: usage on every other one.
        const usedBySlot = new Map(listed.filter((_, i) => i % 2 === 0).map((slot) => [slot.time, d.itemsPerSlot]));
        const withUsage = { ...input, capacity: { ...input.capacity, usedBySlot } };
        const expected = new Map(pickupSlots(withUsage).map((slot) => [slot.time, slot]));
        // A random instant, and every start the day would have without now and lead time, a minute either side too.
        const everyStart = pickupSlots({ ...withUsage, now: new Date(0), leadMinutes: 0 });
        const instants = [
          new Date(dayStartMs + instantMinutes * 60_000),
          ...everyStart.flatMap(({ time }) => [-60_000, 0, 60_000].map((ms) => new Date(Date.parse(time) + ms))),
        ];
        for (const instant of instants) {
          expect(pickupSlotAt(withUsage, instant)).toEqual(expected.get(instant.toISOString()) ?? null);
        }
      }),
      { numRuns: 100 },
    );
  });

  test("an instant between two slots, or off the minute, is no slot", () => {
    expect(pickupSlotAt(LUNCH_INPUT, new Date("2026-11-23T10:07:00.000Z"))).toBeNull();
    expect(pickupSlotAt(LUNCH_INPUT, new Date("2026-11-23T10:15:00.001Z"))).toBeNull();
    expect(pickupSlotAt(LUNCH_INPUT, new Date("2026-11-23T10:15:00.000Z"))).toEqual({
      time: "2026-11-23T10:15:00.000Z",
      isAvailable: true,
    });
  });
});

describe("slotFits", () => {
  const cases = [
    { behaviour: "fits with room to spare", used: 5, basketItems: 3, enforce: true, fits: true },
    { behaviour: "fits when it exactly fills the slot", used: 7, basketItems: 3, enforce: true, fits: true },
    { behaviour: "does not fit when it would overfill the slot", used: 8, basketItems: 3, enforce: true, fits: false },
    { behaviour: "always fits when capacity is not enforced", used: 80, basketItems: 3, enforce: false, fits: true },
  ];
  for (const { behaviour, used, basketItems, enforce, fits } of cases) {
    test(behaviour, () => {
      expect(slotFits({ itemsPerSlot: 10, used, basketItems, enforce })).toBe(fits);
    });
  }
});

describe("pickup slots with several ranges, past midnight and DST nights (Copenhagen)", () => {
  const EARLY = new Date("2026-01-01T00:00:00.000Z");
  const slotsOf = (date: string, hours: HoursRules, capacity: Partial<SlotInput["capacity"]> = {}) =>
    pickupSlots({
      ...LUNCH_INPUT,
      date,
      hours,
      now: EARLY,
      intervalMinutes: 30,
      capacity: { ...LUNCH_INPUT.capacity, ...capacity },
    });
  const times = (slots: PickupSlot[]) => slots.map((slot) => slot.time);
  const nightOf = (date: string): HoursRules => ({ weekly: [], special: [{ date, opens: "01:00", closes: "03:00" }] });

  test("a day with a lunch and an evening range has the slots of both and none between", () => {
    const hours: HoursRules = {
      weekly: [
        { weekday: 1, opens: "18:00", closes: "19:00" },
        { weekday: 1, opens: "11:00", closes: "12:00" },
      ],
    };
    expect(times(slotsOf(MONDAY, hours))).toEqual([
      "2026-11-23T10:00:00.000Z",
      "2026-11-23T10:30:00.000Z",
      "2026-11-23T17:00:00.000Z",
      "2026-11-23T17:30:00.000Z",
    ]);
  });

  test("Friday 23:00–01:00 lists 23:00 and 23:30 on Friday, 00:00 and 00:30 on Saturday", () => {
    const hours: HoursRules = { weekly: [{ weekday: 5, opens: "23:00", closes: "01:00" }] };
    expect(times(slotsOf("2026-11-27", hours))).toEqual(["2026-11-27T22:00:00.000Z", "2026-11-27T22:30:00.000Z"]);
    expect(times(slotsOf("2026-11-28", hours))).toEqual(["2026-11-27T23:00:00.000Z", "2026-11-27T23:30:00.000Z"]);
  });

  test("01:00–03:00 on 2026-03-29 has 01:00 and 01:30 only: 02:00–03:00 does not exist", () => {
    expect(times(slotsOf("2026-03-29", nightOf("2026-03-29")))).toEqual([
      "2026-03-29T00:00:00.000Z",
      "2026-03-29T00:30:00.000Z",
    ]);
  });

  test("01:00–03:00 on 2026-10-25 has six slots, each instant once: 02:00 and 02:30 in both runs of the hour", () => {
    const listed = times(slotsOf("2026-10-25", nightOf("2026-10-25")));
    expect(listed).toEqual([
      "2026-10-24T23:00:00.000Z", // 01:00 summer time
      "2026-10-24T23:30:00.000Z",
      "2026-10-25T00:00:00.000Z", // 02:00 summer time
      "2026-10-25T00:30:00.000Z",
      "2026-10-25T01:00:00.000Z", // 02:00 winter time
      "2026-10-25T01:30:00.000Z",
    ]);
    expect(new Set(listed).size).toBe(listed.length);
  });

  test("a Saturday 22:00–02:00 range before each DST night runs into Sunday by the clock", () => {
    const hours: HoursRules = { weekly: [{ weekday: 6, opens: "22:00", closes: "02:00" }] };
    // Spring: 00:00–02:00 CET is two hours; autumn: 00:00–02:00 CEST, then the repeated 02:00 is not in it.
    expect(slotsOf("2026-03-29", hours)).toHaveLength(4);
    expect(slotsOf("2026-10-25", hours)).toHaveLength(4);
  });

  test("a capacity rule for Sunday 02:00–03:00 covers both runs of the hour on 2026-10-25", () => {
    const rules = [{ weekday: 7, starts: "02:00", ends: "03:00", itemsPerSlot: 1 }];
    const slots = slotsOf("2026-10-25", nightOf("2026-10-25"), { itemsPerSlot: 10, basketItems: 2, rules });
    expect(slots.map((slot) => slot.isAvailable)).toEqual([true, true, false, false, false, false]);
  });

  test("a capacity rule for Sunday 02:00–03:00 covers no slot on 2026-03-29, and 01:00–02:00 covers both", () => {
    const skipped = [{ weekday: 7, starts: "02:00", ends: "03:00", itemsPerSlot: 1 }];
    const early = [{ weekday: 7, starts: "01:00", ends: "02:00", itemsPerSlot: 1 }];
    const night = nightOf("2026-03-29");
    const options = { itemsPerSlot: 10, basketItems: 2 };
    expect(slotsOf("2026-03-29", night, { ...options, rules: skipped }).map((s) => s.isAvailable)).toEqual([
      true,
      true,
    ]);
    expect(slotsOf("2026-03-29", night, { ...options, rules: early }).map((s) => s.isAvailable)).toEqual([
      false,
      false,
    ]);
  });

  test("pickupSlotAt finds the previous evening's slot after midnight, and slotLimit the rule's items", () => {
    const hours: HoursRules = { weekly: [{ weekday: 5, opens: "23:00", closes: "01:00" }] };
    const input: SlotInput = { ...LUNCH_INPUT, date: "2026-11-28", hours, now: EARLY, intervalMinutes: 30 };
    expect(pickupSlotAt(input, new Date("2026-11-27T23:30:00.000Z"))).toEqual({
      time: "2026-11-27T23:30:00.000Z",
      isAvailable: true,
    });
    expect(pickupSlotAt(input, new Date("2026-11-28T00:00:00.000Z"))).toBeNull();
    const withRule = { ...input.capacity, rules: [{ weekday: 6, starts: "00:00", ends: "01:00", itemsPerSlot: 3 }] };
    expect(slotLimit({ timeZone: COPENHAGEN, capacity: withRule }, new Date("2026-11-27T23:30:00.000Z"))).toBe(3);
    expect(slotLimit({ timeZone: COPENHAGEN, capacity: withRule }, new Date("2026-11-27T22:30:00.000Z"))).toBe(10);
  });
});
