import { describe, expect, test } from "vitest";
import { hintOfKey, modeOfKey } from "./stripe-key";

describe("a Stripe key's mode and hint", () => {
  test.each([
    ["sk_test_51Habcdefgh4242", "test", "sk_test_…4242"],
    ["rk_test_51Habcdefgh0000", "test", "rk_test_…0000"],
    ["sk_live_51HabcdefghWXYZ", "live", "sk_live_…WXYZ"],
    ["rk_live_51Habcdefgh9876", "live", "rk_live_…9876"],
  ])("%s is %s mode, shown as %s", (key, mode, hint) => {
    expect(modeOfKey(key)).toBe(mode);
    expect(hintOfKey(key)).toBe(hint);
  });

  test("the hint holds nothing of the key between its prefix and its last four characters", () => {
    const key = "sk_live_SECRETMIDDLEPART1234";
    expect(hintOfKey(key)).not.toContain("SECRET");
    expect(hintOfKey(key).length).toBe("sk_live_…1234".length);
  });

  test("anything else is not a key (the contract refuses it before)", () => {
    expect(() => modeOfKey("pk_test_51Habcdefgh4242")).toThrow();
    expect(() => hintOfKey("whsec_abcdefgh")).toThrow();
  });
});
