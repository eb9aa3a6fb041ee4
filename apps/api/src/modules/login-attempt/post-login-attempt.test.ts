import { expect, test, vi } from "vitest";
import { postLoginAttempt } from "./post-login-attempt";

const body = { url: "https://shop.example.dk/", passwordApproved: true, productionUnitId: 7, username: "anna" };

test("posts url, passwordApproved, productionUnitId and username as JSON to the webhook", async () => {
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response(null, { status: 200 }));
  expect(await postLoginAttempt({ webhookUrl: "https://hook.example/x", fetch }, body)).toBeUndefined();
  expect(fetch).toHaveBeenCalledWith("https://hook.example/x", expect.objectContaining({ method: "POST" }));
  expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual(body);
});

test("never rejects when the webhook fails: it answers what went wrong", async () => {
  const fetch = vi.fn(async () => {
    throw new Error("connect ECONNREFUSED");
  });
  expect(await postLoginAttempt({ webhookUrl: "https://hook.example/x", fetch }, body)).toContain("ECONNREFUSED");
});

test("a webhook answering an error status is a failure too", async () => {
  const fetch = vi.fn(async () => new Response("down", { status: 503 }));
  expect(await postLoginAttempt({ webhookUrl: "https://hook.example/x", fetch }, body)).toBe("answered 503");
});
