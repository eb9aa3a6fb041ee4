import { describe, expect, test } from "vitest";
import { offeredMethods, paymentStatus, restaurantSettingsPath, takesOnlinePayments } from "./payment-status";

const account = (mode: "test" | "live") => ({
  provider: "stripe" as const,
  mode,
  secretKeyHint: `sk_${mode}_…4242`,
  webhookSecretSet: true,
  edit: { version: 1, updatedAt: "2026-11-29T10:00:00.000Z", updatedBy: null },
});

describe("the payments page", () => {
  test.each([
    [null, "provider"],
    [account("test"), "test"],
    [account("live"), "live"],
  ] as const)("shows %o as the %s badge", (stored, status) => {
    expect(paymentStatus({ account: stored })).toBe(status);
  });

  test.each([
    [{ card: true, mobilepay: true, payAtPickup: true }, ["card", "mobilepay", "payAtPickup"], true],
    [{ card: false, mobilepay: true, payAtPickup: false }, ["mobilepay"], true],
    [{ card: false, mobilepay: false, payAtPickup: true }, ["payAtPickup"], false],
    [{ card: false, mobilepay: false, payAtPickup: false }, [], false],
  ])("lists the methods %o as %o (online: %s)", (methods, listed, online) => {
    expect(offeredMethods({ methods })).toEqual(listed);
    expect(takesOnlinePayments({ methods })).toBe(online);
  });

  test("links each restaurant to its settings section", () => {
    expect(restaurantSettingsPath(7)).toBe("/restaurants/7/settings");
  });
});
