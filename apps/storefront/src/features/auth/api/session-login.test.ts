import { describe, expect, test } from "vitest";
import { hasPassedLoginGate, rememberLogin, SESSION_LOGIN_KEY } from "./session-login";

function memory() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
  };
}

describe("hasPassedLoginGate (SPEC §2, §6; the requireLogin setting)", () => {
  test("with the gate on, only after the session login for this production unit", () => {
    const storage = memory();
    expect(hasPassedLoginGate(true, 7, storage)).toBe(false);
    rememberLogin(8, storage);
    expect(hasPassedLoginGate(true, 7, storage)).toBe(false);
    rememberLogin(7, storage);
    expect(storage.getItem(SESSION_LOGIN_KEY)).toBe("7");
    expect(hasPassedLoginGate(true, 7, storage)).toBe(true);
  });

  test("with the gate off, at once, with nothing stored", () => {
    const storage = memory();
    expect(hasPassedLoginGate(false, 7, storage)).toBe(true);
    expect(storage.getItem(SESSION_LOGIN_KEY)).toBeNull();
  });
});
