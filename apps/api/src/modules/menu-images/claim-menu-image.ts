/**
 * The menu editor saves a product's or category's image URL: inside the save's transaction the image is claimed, so
 * a retention sweep running at the same moment cannot delete it (repository.ts, claimImage). A URL that names an
 * image of ours no longer stored (collected after UNREFERENCED_MENU_IMAGE_DAYS unused, e.g. put back by an editor
 * open for weeks) is refused, so nothing ever names a missing image.
 */
import type { Executor } from "@app/db";
import { menuImageHashIn } from "./image-references";
import { claimImage } from "./repository";

/** Answers false when `url` names an image of ours that is not stored; true for a stored one or a URL not ours. */
export async function claimMenuImage(tx: Executor, url: string): Promise<boolean> {
  const hash = menuImageHashIn(url);
  return hash === null || claimImage(tx, hash);
}
