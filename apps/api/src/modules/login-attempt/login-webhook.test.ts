import type { LoginAttemptWebhookBody } from "@app/contracts";
import { expect, test, vi } from "vitest";
import { createLoginWebhook } from "./login-webhook";

const attempt = (username: string): LoginAttemptWebhookBody => ({
  url: "https://shop.example.dk/",
  passwordApproved: false,
  productionUnitId: 7,
  username,
});

/** A webhook whose answers the test releases: the posts it got, in order. */
function heldWebhook() {
  const posted: string[] = [];
  const waiting: (() => void)[] = [];
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    posted.push(JSON.parse(String(init?.body)).username);
    await new Promise<void>((resolve) => waiting.push(resolve));
    return new Response(null, { status: 204 });
  });
  const releaseAll = () => {
    for (const release of waiting.splice(0)) release();
  };
  return { fetch, posted, releaseAll };
}

test("each attempt is posted once; a flood waits in a bounded queue whose oldest are dropped and counted", async () => {
  const webhook = heldWebhook();
  const warn = vi.fn();
  const forwarder = createLoginWebhook({
    webhookUrl: "https://hook.example/x",
    fetch: webhook.fetch,
    warn,
    queueLimit: 3,
    senders: 2,
  });
  for (let i = 0; i < 10; i++) forwarder.forward(attempt(`guest${i}`));
  expect(webhook.posted).toEqual(["guest0", "guest1"]);
  for (let round = 0; round < 5; round++) {
    await Promise.resolve();
    webhook.releaseAll();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  await forwarder.drained();

  // 2 under way at once, 3 waiting: the 5 oldest waiting were dropped for the newest.
  expect(webhook.posted).toEqual(["guest0", "guest1", "guest7", "guest8", "guest9"]);
  await forwarder.close();
  expect(warn.mock.calls.reduce((sum, [summary]) => sum + summary.dropped, 0)).toBe(5);
  expect(warn.mock.calls.every(([summary]) => summary.failed === 0)).toBe(true);
});

test("a dead webhook is reported, not retried", async () => {
  const fetch = vi.fn(async () => {
    throw new Error("connect ECONNREFUSED 127.0.0.1:9");
  });
  const warn = vi.fn();
  const forwarder = createLoginWebhook({ webhookUrl: "http://127.0.0.1:9/", fetch, warn });
  for (let i = 0; i < 50; i++) forwarder.forward(attempt(`guest${i}`));
  await forwarder.drained();
  await forwarder.close();

  expect(fetch).toHaveBeenCalledTimes(50);
  expect(warn).toHaveBeenCalledTimes(2);
  expect(warn.mock.calls.map(([summary]) => summary.failed)).toEqual([1, 49]);
  expect(warn.mock.calls[0]?.[0].lastProblem).toContain("ECONNREFUSED");
});

test("without a webhook URL nothing is posted", async () => {
  const fetch = vi.fn();
  const forwarder = createLoginWebhook({ webhookUrl: undefined, fetch, warn: vi.fn() });
  forwarder.forward(attempt("anna"));
  await forwarder.drained();
  expect(fetch).not.toHaveBeenCalled();
});
