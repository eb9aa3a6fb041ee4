/** menu_image and menu_image_variant: SQL only. */
import { type Executor, schema } from "@app/db";
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from "@app/db/orm";
import { namedByNothing, referencedImageHashes } from "./image-references";
import type { Variants } from "./make-variants";

const { menuImage, menuImageVariant } = schema;

export type VariantSize = { width: number; height: number };

/** The stored variants' sizes of an image, narrowest first; empty when the image is unknown. */
export async function findVariantSizes(db: Executor, hash: string): Promise<VariantSize[]> {
  return db
    .select({ width: menuImageVariant.width, height: menuImageVariant.height })
    .from(menuImageVariant)
    .where(eq(menuImageVariant.hash, hash))
    .orderBy(asc(menuImageVariant.width));
}

export async function findVariantBytes(db: Executor, hash: string, width: number): Promise<Buffer | undefined> {
  const rows = await db
    .select({ bytes: menuImageVariant.bytes })
    .from(menuImageVariant)
    .where(and(eq(menuImageVariant.hash, hash), eq(menuImageVariant.width, width)))
    .limit(1);
  return rows[0]?.bytes;
}

/**
 * Stores the image and its variants; false when an image of these bytes was stored already (by a parallel
 * upload of the same file, or by another restaurant: the bytes, and so the variants, are the same).
 */
export async function insertImage(
  tx: Executor,
  image: { hash: string; productInstanceId: number; uploadedAt: Date } & Variants,
): Promise<boolean> {
  const inserted = await tx
    .insert(menuImage)
    .values({
      hash: image.hash,
      productInstanceId: image.productInstanceId,
      width: image.width,
      height: image.height,
      // Unreferenced until a save names it: the grace period keeps it for a save still to come.
      unreferencedSince: image.uploadedAt,
    })
    .onConflictDoNothing({ target: menuImage.hash })
    .returning({ hash: menuImage.hash });
  if (inserted.length === 0) return false;
  await tx.insert(menuImageVariant).values(image.variants.map((variant) => ({ hash: image.hash, ...variant })));
  return true;
}

// ── Collection (the retention sweep; docs/decisions/041-unused-menu-images-are-collected.md) ─────────────────────

/**
 * An upload of bytes already stored: the image's clock starts again, as for a new upload, since the manager is
 * about to attach it. Answers whether the image is stored (false when the sweep has just deleted it: upload anew).
 * Like a save's claim, an UPDATE: a sweep deleting at the same moment either goes first, and this finds no row, or
 * re-reads the row this changed and keeps it (see deleteUnreferencedImages).
 */
export async function restartImageClock(db: Executor, hash: string, now: Date): Promise<boolean> {
  const touched = await db
    .update(menuImage)
    .set({
      unreferencedSince: sql`case when ${menuImage.unreferencedSince} is null then null else ${now.toISOString()}::timestamptz end`,
    })
    .where(eq(menuImage.hash, hash))
    .returning({ hash: menuImage.hash });
  return touched.length > 0;
}

/**
 * A save is about to name the image: marks it referenced, inside the save's transaction, and answers whether it is
 * stored. An UPDATE rather than a share lock on purpose: a sweep whose snapshot predates the save cannot see the
 * save's product row, but PostgreSQL makes it re-read an image row changed since (READ COMMITTED's re-check of a
 * row locked FOR UPDATE), finds unreferenced_since null and leaves it. A mere lock taken and released before the
 * sweep reached the row would leave no trace, and the sweep would delete an image the save had just attached.
 */
export async function claimImage(tx: Executor, hash: string): Promise<boolean> {
  const claimed = await tx
    .update(menuImage)
    .set({ unreferencedSince: null })
    .where(eq(menuImage.hash, hash))
    .returning({ hash: menuImage.hash });
  return claimed.length > 0;
}

/**
 * Keeps unreferenced_since true for what the sweep sees now: set to `now` on images nothing names any more (the
 * grace period starts when the sweep first sees the last reference gone, never earlier than it went), cleared on
 * images named again. Rows another sweep or a save holds are skipped: that one marks them, or the next sweep does.
 * Answers how many became unreferenced.
 */
export async function markUnreferencedImages(db: Executor, now: Date): Promise<number> {
  const namedAgain = db
    .select({ hash: menuImage.hash })
    .from(menuImage)
    .where(and(isNotNull(menuImage.unreferencedSince), inArray(menuImage.hash, referencedImageHashes(db))))
    .for("update", { skipLocked: true });
  await db.update(menuImage).set({ unreferencedSince: null }).where(inArray(menuImage.hash, namedAgain));
  const letGo = db
    .select({ hash: menuImage.hash })
    .from(menuImage)
    .where(and(isNull(menuImage.unreferencedSince), namedByNothing(db)))
    .for("update", { skipLocked: true });
  const marked = await db
    .update(menuImage)
    .set({ unreferencedSince: now })
    .where(inArray(menuImage.hash, letGo))
    .returning({ hash: menuImage.hash });
  return marked.length;
}

/**
 * Deletes up to `limit` images (their variants go with them) unreferenced since before `before` that nothing names
 * now, in one statement. Safe against a save attaching one at that moment: the save's claim (claimImage) updates
 * the row, and the row lock decides. Either this locks first, then the claim waits and finds the row gone (the save
 * is refused, nothing names a deleted image), or the claim changed the row first, then PostgreSQL re-checks
 * `unreferenced_since < before` on the changed row (null: not due) and the image stays. Two sweeps at once skip
 * each other's locked rows: each image is deleted once, and no sweep waits or fails. Answers how many were deleted.
 */
export async function deleteUnreferencedImages(db: Executor, input: { before: Date; limit: number }): Promise<number> {
  const due = db
    .select({ hash: menuImage.hash })
    .from(menuImage)
    .where(and(lt(menuImage.unreferencedSince, input.before), namedByNothing(db)))
    .limit(input.limit)
    .for("update", { skipLocked: true });
  const deleted = await db.delete(menuImage).where(inArray(menuImage.hash, due)).returning({ hash: menuImage.hash });
  return deleted.length;
}
