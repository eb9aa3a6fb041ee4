import { STORAGE_KEYS } from "@app/contracts/storefront-boot";
import { describe, expect, test } from "vitest";
import { rememberDraft, storedDraft } from "./draft-storage";

/** A Map behind the storage methods the drafts use. */
function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => map.set(key, value),
  };
}

const asText = (value: unknown) => (typeof value === "string" ? value : null);
const KEY = STORAGE_KEYS.checkoutDiscountDraft;

describe("drafts", () => {
  test("a remembered draft reads back as it was typed", () => {
    const storage = memoryStorage();
    rememberDraft(KEY, " sommer ", storage);
    expect(storedDraft(KEY, asText, storage)).toBe(" sommer ");
  });

  test.each([
    ["nothing stored", {}],
    ["not JSON", { [KEY]: "{sommer" }],
    ["not what the field keeps", { [KEY]: "42" }],
  ])("%s reads as no draft", (_, entries) => {
    expect(storedDraft(KEY, asText, memoryStorage(entries))).toBeNull();
  });

  test("storage that throws (blocked, private mode) keeps and gives nothing, without an error", () => {
    const blocked = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(() => rememberDraft(KEY, "SOMMER", blocked)).not.toThrow();
    expect(storedDraft(KEY, asText, blocked)).toBeNull();
  });

  test("the drafts' keys start with the checkout prefix, so clearing the order wipes them", () => {
    expect(
      [STORAGE_KEYS.checkoutAddressDraft, STORAGE_KEYS.checkoutDiscountDraft].every((key) =>
        key.startsWith("checkout"),
      ),
    ).toBe(true);
  });
});
