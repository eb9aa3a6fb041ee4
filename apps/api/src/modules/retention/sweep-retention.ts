/**
 * The retention sweep: baskets and checkouts that never became an order are deleted once they are
 * RETENTION_DAYS old (README, Environment variables), in batches so a large backlog never locks the
 * tables for long. Orders, and anything of a payment that holds money or still waits, are never touched.
 * Baskets that never got a line nor a checkout go much sooner, EMPTY_BASKET_RETENTION_HOURS old: a client
 * asking for new baskets in a loop leaves nothing a guest or support could miss
 * (docs/decisions/027-rows-and-webhook-calls-bounded-per-client.md). Menu images nothing has named for
 * UNREFERENCED_MENU_IMAGE_DAYS are deleted too (docs/decisions/041-unused-menu-images-are-collected.md).
 */
import { backgroundRun, runEvery } from "../../background-run";
import type { Deps } from "../../deps";
import { deleteEmptyBaskets, deleteUnorderedBaskets } from "../basket";
import { deleteUnorderedCheckouts } from "../checkout";
import { deleteUnreferencedMenuImages, markUnreferencedMenuImages } from "../menu-images";
import { deleteOldWebhookEvents } from "../payment";
import { deleteExpiredRateLimitCounters } from "./repository";

/** Rows per delete statement. */
export const RETENTION_BATCH_SIZE = 500;
/** How often the sweep runs: rows become due by the day, empty baskets by the hour, so an empty basket goes within EMPTY_BASKET_RETENTION_HOURS + 1. */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Handled webhook events are kept this long: Stripe retries an event for up to 3 days. */
export const WEBHOOK_EVENT_RETENTION_DAYS = 30;

export type RetentionDeps = Pick<Deps, "db" | "config" | "now" | "log">;
export type RetentionResult = {
  checkouts: number;
  baskets: number;
  /** Baskets without a line or checkout, deleted EMPTY_BASKET_RETENTION_HOURS old (not counted in `baskets`). */
  emptyBaskets: number;
  rateLimitCounters: number;
  /** Payment providers' webhook events handled more than WEBHOOK_EVENT_RETENTION_DAYS ago. */
  webhookEvents: number;
  /** Menu images nothing has named for UNREFERENCED_MENU_IMAGE_DAYS (30; the menu-images module's). */
  menuImages: number;
  before: Date;
};

/**
 * Deletes every due checkout, then every due basket (those the deleted checkouts held included), then the
 * empty baskets due sooner, the rate-limit counters whose minute is over, old webhook events, and the menu images
 * unreferenced long enough (after marking those it sees unreferenced from now).
 */
export async function sweepRetention(
  deps: RetentionDeps,
  batchSize: number = RETENTION_BATCH_SIZE,
): Promise<RetentionResult> {
  const before = new Date(deps.now().getTime() - deps.config.retentionDays * DAY_MS);
  const checkouts = await inBatches(() => deleteUnorderedCheckouts(deps.db, { before, limit: batchSize }), batchSize);
  const baskets = await inBatches(() => deleteUnorderedBaskets(deps.db, { before, limit: batchSize }), batchSize);
  const emptyBefore = new Date(deps.now().getTime() - deps.config.emptyBasketRetentionHours * HOUR_MS);
  const emptyBaskets = await inBatches(
    () => deleteEmptyBaskets(deps.db, { before: emptyBefore, limit: batchSize }),
    batchSize,
  );
  const rateLimitCounters = await inBatches(
    () => deleteExpiredRateLimitCounters(deps.db, { limit: batchSize }),
    batchSize,
  );
  const eventsBefore = new Date(deps.now().getTime() - WEBHOOK_EVENT_RETENTION_DAYS * DAY_MS);
  const webhookEvents = await inBatches(
    () => deleteOldWebhookEvents(deps.db, { before: eventsBefore, limit: batchSize }),
    batchSize,
  );
  const menuImages = await sweepMenuImages(deps, batchSize);
  if (checkouts > 0 || baskets > 0 || emptyBaskets > 0 || rateLimitCounters > 0 || webhookEvents > 0 || menuImages > 0)
    deps.log.info(
      { checkouts, baskets, emptyBaskets, rateLimitCounters, webhookEvents, menuImages, before: before.toISOString() },
      "retention sweep removed unordered rows",
    );
  return { checkouts, baskets, emptyBaskets, rateLimitCounters, webhookEvents, menuImages, before };
}

/** Starts the grace period of images let go since the last sweep, then deletes those whose period is over. */
async function sweepMenuImages(deps: RetentionDeps, batchSize: number): Promise<number> {
  const now = deps.now();
  await markUnreferencedMenuImages(deps.db, now);
  return inBatches(() => deleteUnreferencedMenuImages(deps.db, { now, limit: batchSize }), batchSize);
}

/** Runs one batch after the other until a batch comes back short; answers the total deleted. */
async function inBatches(deleteBatch: () => Promise<number>, batchSize: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < batchSize) return total;
  }
}

/** Sweeps now and then hourly while the server listens; answers a stop function that waits for a sweep under way. */
export function startRetentionLoop(
  deps: RetentionDeps,
  intervalMs: number = RETENTION_INTERVAL_MS,
): () => Promise<void> {
  const sweep = backgroundRun(
    () => sweepRetention(deps),
    (error) => deps.log.error({ err: error }, "retention sweep failed"),
  );
  return runEvery(sweep, intervalMs);
}
