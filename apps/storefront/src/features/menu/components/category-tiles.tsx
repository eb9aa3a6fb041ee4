import type { Category } from "@app/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BLANK_IMAGE } from "../../../lib/first-paint";
import { translate } from "../../../lib/i18n";
import { responsiveImage } from "../../../lib/menu-image";

/** The tiles of the first row (two on a phone, up to four on a desktop) load at once; the rest lazily. */
const EAGER_TILES = 4;
/** 4:3, as the tiles show them (styles.css, .category-tile img). */
const TILE_IMAGE = { width: 400, height: 300 } as const;
/** How wide a tile is shown (styles.css, .category-tiles): two columns on a phone, 13–18rem columns above 40rem. */
const TILE_SIZES = "(min-width: 40rem) 18rem, 50vw";

export type CategoryTile = Pick<Category, "id" | "name" | "imageUrl">;

/** The front page's category tiles (SPEC §2): image and translated name; a click goes to /menu/{id}. */
export function CategoryTiles({ categories }: { categories: readonly CategoryTile[] }) {
  const { i18n } = useTranslation();
  return (
    <ul className="category-tiles">
      {categories.map((category, index) => (
        <li key={category.id}>
          <Link to={`/menu/${category.id}`} className="category-tile">
            {/* The name beside it says what the picture shows, so the image is decoration (alt=""). */}
            <img
              // srcset before src: a browser that sees src first may start downloading it.
              {...responsiveImage(category.imageUrl, TILE_SIZES)}
              // Without a picture a blank one keeps the tile's 4:3 box (the tile's grey background shows).
              src={category.imageUrl || BLANK_IMAGE}
              alt=""
              width={TILE_IMAGE.width}
              height={TILE_IMAGE.height}
              loading={index < EAGER_TILES ? "eager" : "lazy"}
              decoding="async"
            />
            <span>{translate(category.name, i18n.language)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
