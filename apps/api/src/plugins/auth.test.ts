import { describe, expect, test } from "vitest";
import { createClock } from "../testing/test-app";
import { createTokenService } from "./auth";

const secret = new TextEncoder().encode("auth-test-secret-".padEnd(48, "x"));

describe("verified tokens kept in memory", () => {
  test("a kept token still expires at its exp, to the second", async () => {
    const clock = createClock("2026-11-24T10:00:00Z");
    const tokens = createTokenService(secret, 60, clock.now);
    const { token } = await tokens.issue(7);
    expect((await tokens.verify(token)).productionUnitId).toBe(7);
    expect((await tokens.verify(token)).productionUnitId).toBe(7); // from memory now
    clock.set("2026-11-24T10:59:59.999Z");
    expect((await tokens.verify(token)).productionUnitId).toBe(7);
    clock.set("2026-11-24T11:00:00Z");
    await expect(tokens.verify(token)).rejects.toThrow("The token has expired");
    await expect(tokens.verify(token)).rejects.toThrow("The token has expired");
  });

  test("a token issued here is kept as it is signed: its id and expiry are known before any call verifies it", async () => {
    const clock = createClock("2026-11-24T10:00:00Z");
    const tokens = createTokenService(secret, 60, clock.now);
    const { token, expiresAt } = await tokens.issue(7);
    const kept = tokens.peek(token);
    expect(kept).toEqual({
      productionUnitId: 7,
      tokenId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      expiresAtMs: Date.parse(expiresAt),
    });
    // Another process (same secret, nothing kept) reads the same facts from the token's signature.
    const other = createTokenService(secret, 60, clock.now);
    expect(other.peek(token)).toBeUndefined();
    expect(await other.verify(token)).toEqual(kept);
  });

  test("a token is kept only once verified or issued here: a forged one is refused every time", async () => {
    const clock = createClock("2026-11-24T10:00:00Z");
    const tokens = createTokenService(secret, 60, clock.now);
    const { token } = await tokens.issue(7);
    const forged = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    for (const _ of [1, 2]) await expect(tokens.verify(forged)).rejects.toThrow("not valid");
    expect((await tokens.verify(token)).productionUnitId).toBe(7);
  });

  test("every token has its own id, the same however often it is verified", async () => {
    const tokens = createTokenService(secret, 60, createClock("2026-11-24T10:00:00Z").now);
    const first = (await tokens.issue(7)).token;
    const second = (await tokens.issue(7)).token;
    const firstId = (await tokens.verify(first)).tokenId;
    expect(firstId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await tokens.verify(first)).tokenId).toBe(firstId);
    expect((await tokens.verify(second)).tokenId).not.toBe(firstId);
  });
});
