/**
 * The retention sweep's pass over menu images (it runs in every API process, hourly): the images nothing names any
 * more get the time the sweep first sees that, and those unreferenced for UNREFERENCED_MENU_IMAGE_DAYS are deleted
 * with their variants; their URLs then answer 404. What names an image: image-references.ts. Why two sweeps, or a
 * sweep and a save, at the same moment are safe: repository.ts (claimImage, deleteUnreferencedImages).
 */
import type { Executor } from "@app/db";
import { deleteUnreferencedImages, markUnreferencedImages } from "./repository";

/**
 * A menu image no live product or category has named for this long is deleted. Not sooner: its URLs are served
 * immutable for a year, so browsers and CDNs may still show a menu page cached before the change; a manager may
 * put the picture back (undo, or a form left open) without uploading it again; and an upload not yet saved into a
 * product (the form still open, the save under way) counts from its upload, so it is never collected under a save
 * in progress.
 */
export const UNREFERENCED_MENU_IMAGE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Starts the grace period of images let go since the last sweep (and ends it for those named again). */
export function markUnreferencedMenuImages(db: Executor, now: Date): Promise<number> {
  return markUnreferencedImages(db, now);
}

/** Deletes up to `limit` images whose grace period is over at `now`; answers how many. */
export function deleteUnreferencedMenuImages(db: Executor, input: { now: Date; limit: number }): Promise<number> {
  const before = new Date(input.now.getTime() - UNREFERENCED_MENU_IMAGE_DAYS * DAY_MS);
  return deleteUnreferencedImages(db, { before, limit: input.limit });
}
