/**
 * GET /api/admin/events: the restaurants' events as Server-Sent Events (docs/decisions/034-live-events.md).
 * Answered on the raw response (reply.hijack): the stream lives until the client goes, the session ends or the
 * server closes; the process's event hub (event-hub.ts) feeds it.
 */
import { ErrorBody, EventStreamQuery } from "@app/contracts";
import { z } from "zod";
import type { RouteModule } from "../../deps";
import { AppError } from "../../errors";
import {
  ADMIN_TAGS,
  EVERY_ROLE,
  membershipsOfLiveSession,
  requireRestaurant,
  type SignedInStaff,
  signedInStaff,
} from "../staff";
import { DEFAULT_HUB_TIMING, type HubTiming, RestaurantEventHub } from "./event-hub";
import { parseResumePoint } from "./resume-point";
import { ScreenStream } from "./screen-stream";
import { retryFrame } from "./sse-frames";

const DESCRIPTION = `A stream of the restaurants' events (text/event-stream). Each event has \`id: <productionUnitId>:<seq>\`,
\`event:\` its type and \`data:\` JSON. \`Last-Event-ID\` (or \`?lastEventId=\`) resumes after that id: that restaurant's
later events in order, none twice. Without it the stream starts at each restaurant's last event now (read the queue
first: its \`lastEventId\` is where to resume). In a stream of every restaurant resumed with one restaurant's id, the
other restaurants get \`event: resync\` (refetch them); a client that keeps one id per restaurant sends them all,
comma-separated. \`resync\` also comes when the events after the id are no longer kept. A comment \`: heartbeat\` every
15 s; \`event: signed-out\` and the end when the session ends.`;

export function restaurantEventRoutesWith(timing: HubTiming): RouteModule {
  return (admin, deps) => {
    const hub = new RestaurantEventHub(deps, timing);
    // Before the server waits for requests under way: an open stream would hold its close until the grace ends.
    admin.addHook("preClose", async () => await hub.close());

    admin.get(
      "/events",
      {
        schema: {
          tags: ADMIN_TAGS,
          summary: "The restaurants' live events (Server-Sent Events), resumable with Last-Event-ID",
          description: DESCRIPTION,
          querystring: EventStreamQuery,
          response: {
            200: { description: "The event stream", content: { "text/event-stream": { schema: z.string() } } },
            400: ErrorBody,
            401: ErrorBody,
            404: ErrorBody,
            406: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const staff = signedInStaff(request);
        if (!acceptsEventStream(request.headers.accept)) {
          throw new AppError(
            "invalid",
            "NOT_ACCEPTABLE",
            "This is an event stream: send Accept: text/event-stream",
            undefined,
            {
              status: 406,
            },
          );
        }
        const productionUnitIds = streamedRestaurants(staff, request.query.restaurantId);
        const header = request.headers["last-event-id"];
        const resumeAfter = parseResumePoint(
          request.query.lastEventId ?? (typeof header === "string" ? header : undefined),
        );
        for (const id of resumeAfter.keys()) if (!productionUnitIds.includes(id)) resumeAfter.delete(id);
        const start = await hub.startingPoint(productionUnitIds, resumeAfter);

        reply.hijack();
        const response = reply.raw;
        response.writeHead(200, {
          // What the hooks set (security headers, x-trace-id): a hijacked reply does not send them itself.
          ...definedHeaders(reply.getHeaders()),
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-store",
          connection: "keep-alive",
          // nginx buffers a proxied answer unless told not to.
          "x-accel-buffering": "no",
        });
        const stream = new ScreenStream(
          response,
          start.cursors,
          async () =>
            coversAll(await membershipsOfLiveSession(deps, staff.sessionIdHash, deps.now()), productionUnitIds),
          (drained) => hub.resume(drained),
        );
        stream.write(retryFrame());
        for (const [id, seq] of start.resyncs) stream.resync(id, seq);
        response.on("close", () => {
          stream.closed = true;
          hub.remove(stream);
        });
        response.on("error", () => response.destroy());
        if (!response.destroyed) hub.add(stream);
      },
    );
  };
}

/** The route module app.ts registers: a heartbeat every 15 s, presence every 30 s. */
export const restaurantEventRoutes: RouteModule = restaurantEventRoutesWith(DEFAULT_HUB_TIMING);

function definedHeaders(headers: Record<string, string | number | string[] | undefined>) {
  return Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)) as Record<
    string,
    string | number | string[]
  >;
}

function acceptsEventStream(accept: string | undefined): boolean {
  return accept !== undefined && /(^|,)\s*(text\/event-stream|text\/\*|\*\/\*)\s*(;|,|$)/i.test(accept);
}

/** The one restaurant asked for (404 when not covered), else every restaurant the memberships cover. */
function streamedRestaurants(staff: SignedInStaff, restaurantId: number | undefined): number[] {
  if (restaurantId !== undefined) {
    requireRestaurant(staff, restaurantId, EVERY_ROLE);
    return [restaurantId];
  }
  return [...new Set(staff.memberships.flatMap((m) => m.productionUnitIds))].sort((a, b) => a - b);
}

function coversAll(memberships: { productionUnitIds: number[] }[] | null, productionUnitIds: number[]): boolean {
  if (memberships === null) return false;
  const covered = new Set(memberships.flatMap((m) => m.productionUnitIds));
  return productionUnitIds.every((id) => covered.has(id));
}
