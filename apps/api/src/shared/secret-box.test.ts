import { expect, test } from "vitest";
import { createSecretBox } from "./secret-box";

const box = createSecretBox(new TextEncoder().encode("a".repeat(32)));
const secret = "sk_test_51Hq2c4Xyz0123456789abcdefghijklmnopqrstuvwxyz";

test("a sealed secret opens to itself under the same key and context, and shows nothing of it", () => {
  const sealed = box.seal(secret, "payment_account:7:secret_key");
  expect(sealed).toMatch(/^v1\.[\w-]+$/);
  expect(sealed).not.toContain("sk_test");
  expect(box.open(sealed, "payment_account:7:secret_key")).toBe(secret);
});

test("sealing twice gives two different texts (a fresh nonce each time)", () => {
  expect(box.seal(secret, "c")).not.toBe(box.seal(secret, "c"));
});

test("another context, another key or one altered character does not open", () => {
  const sealed = box.seal(secret, "payment_account:7:secret_key");
  expect(() => box.open(sealed, "payment_account:8:secret_key")).toThrow();
  expect(() =>
    createSecretBox(new TextEncoder().encode("b".repeat(32))).open(sealed, "payment_account:7:secret_key"),
  ).toThrow();
  const altered = sealed.slice(0, 20) + (sealed[20] === "A" ? "B" : "A") + sealed.slice(21);
  expect(() => box.open(altered, "payment_account:7:secret_key")).toThrow();
  expect(() => box.open("plain text", "payment_account:7:secret_key")).toThrow();
});
