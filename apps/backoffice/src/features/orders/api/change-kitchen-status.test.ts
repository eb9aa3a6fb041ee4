import type { AdminOrder, OrderQueue } from "@app/contracts";
import { QueryObserver } from "@tanstack/react-query";
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

/**
 * The server for the tests of reads on their way: the order, accepted, as it is when each read arrives; a read is
 * held while `hold` is set (a busy network), until `release`; a POST makes it ready.
 */
function slowServer() {
  const server = {
    current: { ...shown, kitchenStatus: "accepted", version: 2 } as AdminOrder,
    hold: false,
    held: [] as (() => void)[],
    release: () => {
      for (const release of server.held) release();
    },
  };
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    if (url === "/api/admin/me") return Response.json({ csrfToken: "token" });
    if (init?.method === "POST") {
      server.current = { ...server.current, kitchenStatus: "ready", version: 3 };
      return Response.json(server.current);
    }
    const answer = Response.json({ orders: [server.current], lastEventId: "1:4" });
    if (server.hold) await new Promise<void>((release) => server.held.push(release));
    return answer;
  });
  return server;
}

test("a queue read that left before a change and answers after it does not move the order back", async () => {
  const server = slowServer();
  const query = orderQueueQuery(1, "active");
  const screen = new QueryObserver(queryClient, query).subscribe(() => undefined);
  await vi.waitFor(() =>
    expect(queryClient.getQueryData<OrderQueue>(query.queryKey)?.orders).toEqual([server.current]),
  );
  const accepted = server.current;

  // An event's refetch leaves with the order accepted; the kitchen presses Ready before it answers.
  server.hold = true;
  void queryClient.invalidateQueries({ queryKey: query.queryKey });
  await vi.waitFor(() => expect(server.held).toHaveLength(1));
  server.hold = false;
  const ready = await changeKitchenStatus(accepted, { action: "ready" });
  server.release();

  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
  // The ready event, arriving after the answer, is old news and moves nothing: the queue must show ready by itself.
  expect(queryClient.getQueryData<OrderQueue>(query.queryKey)?.orders).toEqual([ready]);
  screen();
});

test("a screen's first read of the queue, on its way during a change, is made again after it", async () => {
  const server = slowServer();
  server.hold = true;
  const query = orderQueueQuery(1, "active");
  const screen = new QueryObserver(queryClient, query).subscribe(() => undefined);
  await vi.waitFor(() => expect(server.held).toHaveLength(1));
  server.hold = false;
  const ready = await changeKitchenStatus(server.current, { action: "ready" });
  server.release();

  await vi.waitFor(() => expect(queryClient.getQueryState(query.queryKey)?.status).toBe("success"));
  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
  expect(queryClient.getQueryData<OrderQueue>(query.queryKey)?.orders).toEqual([ready]);
  screen();
});
