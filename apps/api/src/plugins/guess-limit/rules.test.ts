import { describe, expect, test } from "vitest";
import { decideTry, type GuessCounts, guessLimits, reservationOf, settlementOf } from "./rules";

const limits = guessLimits(10);
const none: GuessCounts = { tokenWrong: 0, tokenInFlight: 0, addressWrong: 0, addressInFlight: 0, tokenAtAddress: 0 };

describe("decideTry (limit 10, a token's share of its address 5)", () => {
  test.each([
    ["nothing counted yet", {}, { verdict: "look-up", chargedToAddress: true }],
    [
      "the token has 9 wrong tries",
      { tokenWrong: 9, tokenAtAddress: 5 },
      { verdict: "look-up", chargedToAddress: false },
    ],
    ["the token has 10 wrong tries", { tokenWrong: 10 }, { verdict: "refuse" }],
    ["the address has 10 wrong tries", { addressWrong: 10 }, { verdict: "refuse" }],
    ["the token's share is used and the address full", { addressWrong: 10, tokenAtAddress: 5 }, { verdict: "refuse" }],
    ["the token has 6 wrong and 4 in flight", { tokenWrong: 6, tokenInFlight: 4 }, { verdict: "wait" }],
    ["the address has 9 wrong and 1 in flight", { addressWrong: 9, addressInFlight: 1 }, { verdict: "wait" }],
    ["the address has 10 in flight", { addressInFlight: 10 }, { verdict: "wait" }],
    ["the address has 9 wrong", { addressWrong: 9, tokenAtAddress: 4 }, { verdict: "look-up", chargedToAddress: true }],
  ] as const)("%s", (_case, counts, verdict) => {
    expect(decideTry({ ...none, ...counts }, limits)).toEqual(verdict);
  });

  test("a token's share is half the limit, rounded up", () => {
    expect([1, 2, 3, 10, 11].map((limit) => guessLimits(limit).tokenShareOfAddress)).toEqual([1, 1, 2, 5, 6]);
  });
});

describe("reservation and settlement", () => {
  test("a right try gives back all it reserved; a wrong one turns in flight into wrong", () => {
    for (const charged of [true, false]) {
      const reserved = reservationOf(charged);
      const right = settlementOf(charged, true);
      const wrong = settlementOf(charged, false);
      for (const name of Object.keys(none) as (keyof GuessCounts)[]) {
        expect((reserved[name] ?? 0) + (right[name] ?? 0), `${name} after a right try`).toBe(0);
      }
      expect({ ...none, ...sum(reserved, wrong) }).toEqual({
        ...none,
        tokenWrong: 1,
        addressWrong: charged ? 1 : 0,
        tokenAtAddress: charged ? 1 : 0,
      });
    }
  });
});

function sum(a: Partial<GuessCounts>, b: Partial<GuessCounts>): Partial<GuessCounts> {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof GuessCounts>;
  return Object.fromEntries([...names].map((name) => [name, (a[name] ?? 0) + (b[name] ?? 0)]));
}
