import type { Availability } from "@app/contracts";
import { QueryObserver } from "@tanstack/react-query";
import { afterEach, expect, test, vi } from "vitest";
import { availabilityQuery } from "../features/availability/api";
import { queryClient } from "../lib/query-client";
import { refreshAvailabilityOn } from "./availability-slots";

const open: Availability = { soldOut: [], pausedUntil: null, busyMinutes: 0, busyUntil: null };
const paused: Availability = { ...open, pausedUntil: "2026-11-30T13:15:00.000Z" };

/** The server's availability, now `current`; while `hold`, a read waits (with what it read) until `release`. */
function slowServer() {
  const server = {
    current: open,
    hold: false,
    held: [] as (() => void)[],
    release() {
      for (const answer of server.held.splice(0)) answer();
    },
  };
  vi.stubGlobal("fetch", async () => {
    const read = server.current;
    if (server.hold) await new Promise<void>((resolve) => server.held.push(resolve));
    return Response.json(read);
  });
  return server;
}

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

test("a screen's first read of the availability, on its way when another screen pauses, is made again", async () => {
  const server = slowServer();
  server.hold = true;
  const query = availabilityQuery(1, "en-US");
  const screen = new QueryObserver(queryClient, query).subscribe(() => undefined);
  await vi.waitFor(() => expect(server.held).toHaveLength(1));
  server.hold = false;
  server.current = paused;
  refreshAvailabilityOn("ordering.paused", 1);
  server.release();

  await vi.waitFor(() => expect(queryClient.getQueryState(query.queryKey)?.status).toBe("success"));
  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
  expect(queryClient.getQueryData(query.queryKey)).toEqual(paused);
  screen();
});
