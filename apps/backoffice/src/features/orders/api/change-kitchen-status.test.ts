import type { OrderQueue } from "@app/contracts";
import { afterEach, expect, test, vi } from "vitest";
import { queryClient } from "../../../lib/query-client";
import { adminOrder } from "../testing";
import { ChangedElsewhere, changeKitchenStatus } from "./change-kitchen-status";
import { orderQueueQuery } from "./get-order-queue";

const shown = adminOrder({ openedAt: "2026-11-29T11:31:00.000Z", total: 35, toCollect: 35 });

/** The server: GET /me gives the CSRF token; the POST answers `status` with `body`. */
function server(status: number, body: unknown) {
  const posts: { url: string; body: unknown; csrf: string | null }[] = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    if (url === "/api/admin/me") return Response.json({ csrfToken: "token" });
    const headers = new Headers(init?.headers);
    posts.push({ url, body: JSON.parse(String(init?.body)), csrf: headers.get("x-csrf-token") });
    return Response.json(body, { status });
  });
  return posts;
}

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

test("a change sends the version the screen shows, and the answer is in the queue at once", async () => {
  const key = orderQueueQuery(1, "active").queryKey;
  queryClient.setQueryData<OrderQueue>(key, { orders: [shown], lastEventId: "1:3" });
  const accepted = { ...shown, kitchenStatus: "accepted" as const, version: 2, readyTime: "2026-11-29T12:10:00.000Z" };
  const posts = server(200, accepted);
  await changeKitchenStatus(shown, { action: "accept", readyTime: accepted.readyTime });
  expect(posts).toEqual([
    {
      url: `/api/admin/orders/${shown.id}/accept`,
      body: { readyTime: accepted.readyTime, version: 1 },
      csrf: "token",
    },
  ]);
  expect(queryClient.getQueryData<OrderQueue>(key)?.orders).toEqual([accepted]);
});

test("409: another screen changed it first — ChangedElsewhere, and the queue shows the order as it now is", async () => {
  const key = orderQueueQuery(1, "active").queryKey;
  queryClient.setQueryData<OrderQueue>(key, { orders: [shown], lastEventId: "1:3" });
  const rejected = {
    ...shown,
    kitchenStatus: "rejected" as const,
    version: 2,
    rejection: { reason: "too-busy" as const, text: null },
  };
  const message = "Another screen changed this order first";
  server(409, {
    code: "KITCHEN_STATUS_CHANGED",
    message,
    order: rejected,
    errors: [{ code: "KITCHEN_STATUS_CHANGED", message }],
  });
  const refusal = await changeKitchenStatus(shown, { action: "accept" }).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(ChangedElsewhere);
  expect((refusal as ChangedElsewhere).order).toEqual(rejected);
  // Rejected is finished: it leaves the active queue.
  expect(queryClient.getQueryData<OrderQueue>(key)?.orders).toEqual([]);
});

test("opening sends no version: it changes no status and must not be refused", async () => {
  const posts = server(200, shown);
  await changeKitchenStatus(shown, { action: "open" });
  expect(posts[0]?.body).toEqual({});
});
