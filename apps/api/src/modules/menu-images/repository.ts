/** menu_image and menu_image_variant: SQL only. */
import { type Executor, schema } from "@app/db";
import { and, asc, eq } from "@app/db/orm";
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
  image: { hash: string; productInstanceId: number } & Variants,
): Promise<boolean> {
  const inserted = await tx
    .insert(menuImage)
    .values({
      hash: image.hash,
      productInstanceId: image.productInstanceId,
      width: image.width,
      height: image.height,
    })
    .onConflictDoNothing({ target: menuImage.hash })
    .returning({ hash: menuImage.hash });
  if (inserted.length === 0) return false;
  await tx.insert(menuImageVariant).values(image.variants.map((variant) => ({ hash: image.hash, ...variant })));
  return true;
}
