import { ErrorBody, MENU_IMAGE_WIDTHS, MenuImageParams } from "@app/contracts";
import { z } from "zod";
import type { Api, Deps, RouteModule } from "../../deps";
import { notFound } from "../../errors";
import { IMMUTABLE_CACHE_CONTROL } from "../../shared/immutable";
import { findVariantBytes, findVariantSizes, type VariantSize } from "./repository";

/** GET /api/menu-images/{hash}/{width}.webp: public, from the database, so every API process serves it. */
export const menuImageRoutes: RouteModule = (api, deps) => {
  variantRoute(api, deps);
};

function variantRoute(api: Api, { db }: Deps) {
  api.get(
    "/menu-images/:hash/:file",
    {
      config: { public: true },
      schema: {
        tags: ["Catalogue"],
        summary: "A menu image's WebP variant by the image's content hash and a width (immutable)",
        description:
          "Width 320, 640 or 1280 answers the widest stored variant not wider than it (an original narrower than " +
          "the width is never enlarged: its own width is stored), or the narrowest there is; a stored variant's " +
          "own width answers that variant. Anything else 404.",
        security: [],
        params: MenuImageParams,
        response: {
          200: z.unknown().describe("The image (image/webp)"),
          304: z.unknown().describe("Not modified (If-None-Match)"),
          400: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { hash, file } = request.params;
      const width = servedWidth(await findVariantSizes(db, hash), Number.parseInt(file, 10));
      if (width === undefined) throw notFound("Image");
      const etag = `"${hash.slice(0, 32)}-${width}"`;
      reply.header("cache-control", IMMUTABLE_CACHE_CONTROL).header("etag", etag);
      if (request.headers["if-none-match"] === etag) return reply.status(304).send();
      const bytes = await findVariantBytes(db, hash, width);
      if (!bytes) throw notFound("Image");
      return reply.header("x-content-type-options", "nosniff").type("image/webp").send(bytes);
    },
  );
}

/** The stored variant a width names (see the route's description); undefined when it names none. */
export function servedWidth(stored: VariantSize[], asked: number): number | undefined {
  if (stored.some((variant) => variant.width === asked)) return asked;
  if (!(MENU_IMAGE_WIDTHS as readonly number[]).includes(asked)) return undefined;
  const fitting = stored.filter((variant) => variant.width <= asked);
  return (fitting.at(-1) ?? stored[0])?.width;
}
