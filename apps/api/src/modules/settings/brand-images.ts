/**
 * Uploaded brand images (brand_image), named by the SHA-256 of their bytes: a logo's URL never changes its
 * bytes, so browsers and proxies keep it for a year, and every API process serves it from the database.
 */
import { createHash } from "node:crypto";
import { ErrorBody } from "@app/contracts";
import { type Executor, schema } from "@app/db";
import { eq } from "@app/db/orm";
import { z } from "zod";
import type { Api, Deps } from "../../deps";
import { notFound } from "../../errors";
import { IMMUTABLE_CACHE_CONTROL } from "../../shared/immutable";

const { brandImage } = schema;

export const BRAND_IMAGE_PATH = "/api/brand-images";

export type NewBrandImage = { contentType: string; bytes: Buffer; organisationId: number };

/** The image's content hash (its name). */
export function brandImageHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The URL the storefront shows the image by. */
export function brandImageUrl(hash: string): string {
  return `${BRAND_IMAGE_PATH}/${hash}`;
}

/**
 * Stores the image under its hash and answers its URL. The same bytes uploaded again (by anyone) are the
 * same image: the row that exists stays.
 */
export async function saveBrandImage(tx: Executor, image: NewBrandImage): Promise<string> {
  const hash = brandImageHash(image.bytes);
  await tx
    .insert(brandImage)
    .values({ hash, contentType: image.contentType, bytes: image.bytes, organisationId: image.organisationId })
    .onConflictDoNothing({ target: brandImage.hash });
  return brandImageUrl(hash);
}

async function findBrandImage(db: Executor, hash: string) {
  const rows = await db
    .select({ contentType: brandImage.contentType, bytes: brandImage.bytes })
    .from(brandImage)
    .where(eq(brandImage.hash, hash))
    .limit(1);
  return rows[0];
}

/** GET /api/brand-images/{hash}: public (guests' browsers load the logo without a token), cached for a year. */
export function brandImageRoute(api: Api, { db }: Deps): void {
  api.get(
    "/brand-images/:hash",
    {
      config: { public: true },
      schema: {
        tags: ["Customer settings"],
        summary: "An uploaded logo by its content hash (immutable)",
        security: [],
        params: z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/) }),
        response: {
          200: z.unknown().describe("The image (image/png, image/jpeg or image/webp)"),
          400: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const image = await findBrandImage(db, request.params.hash);
      if (!image) throw notFound("Image");
      return reply
        .header("cache-control", IMMUTABLE_CACHE_CONTROL)
        .header("x-content-type-options", "nosniff")
        .type(image.contentType)
        .send(image.bytes);
    },
  );
}
