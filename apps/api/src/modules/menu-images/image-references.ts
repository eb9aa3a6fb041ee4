/**
 * What names a menu image, so the retention sweep keeps it: the imageUrl of a live product, and of a live category
 * of a live menu (the storefront's menu, its tiles and link previews, and the back office's menu editor show only
 * those). Read here, never written: the catalogue tables stay the catalogue's.
 *
 * Not references, on purpose:
 * - archived products and categories (deleted in the editor, kept only for past orders and codes): no guest sees
 *   them again, and there is no undelete. The grace period covers an editor who changes their mind.
 * - basket lines (basket_item.image_url): a copy of the product's URL made when the line was added, while the
 *   product named the image; a basket answers 410 after BASKET_EXPIRY_MINUTES (120), long before an image the
 *   product let go can be collected (UNREFERENCED_MENU_IMAGE_DAYS later).
 * - orders, receipts and kitchen tickets: they keep names and prices (order_line), no image.
 * - the logo: a brand image (brand_image, the settings module's), never a menu image.
 * - the audit log: it keeps URLs as text of what was saved, and shows no image.
 * image-references.test.ts fails when a column of the schema that may hold an image URL is in neither list.
 */
import { type Executor, schema } from "@app/db";
import { and, type Column, eq, isNotNull, isNull, notExists, type SQL, sql } from "@app/db/orm";

const { product, category, menu, menuImage } = schema;

/**
 * The hash in a URL of ours, relative (what an upload answers) or absolute (one pasted from the storefront). The
 * same pattern in SQL and here, so what the sweep counts as a reference is what a save claims.
 */
const HASH_IN_URL = "/api/menu-images/([0-9a-f]{64})/";
const hashInUrlPattern = new RegExp(HASH_IN_URL);

/** The menu image a URL names, or null when it names none of ours (empty, /images/…, another site's). */
export function menuImageHashIn(url: string): string | null {
  return hashInUrlPattern.exec(url)?.[1] ?? null;
}

function hashIn(url: Column): SQL<string | null> {
  return sql<string | null>`substring(${url} from ${HASH_IN_URL})`;
}

/**
 * The hashes of every menu image something names now, as a subquery (for `inArray`: a semi-join, one scan of each
 * table however many images are asked about).
 */
export function referencedImageHashes(db: Executor) {
  const ofProducts = db
    .select({ hash: hashIn(product.imageUrl).as("hash") })
    .from(product)
    .where(and(isNull(product.archivedAt), isNotNull(hashIn(product.imageUrl))));
  const ofCategories = db
    .select({ hash: hashIn(category.imageUrl).as("hash") })
    .from(category)
    .innerJoin(menu, eq(menu.id, category.menuId))
    .where(and(isNull(category.archivedAt), isNull(menu.archivedAt), isNotNull(hashIn(category.imageUrl))));
  return ofProducts.union(ofCategories);
}

/**
 * The condition that nothing names the menu_image row at hand. NOT EXISTS, not NOT IN over the hashes above:
 * PostgreSQL turns each into an anti-join (one scan of each table, spilling to disk if large), where NOT IN falls
 * back to comparing every image with every product once the hashes do not fit in work_mem.
 */
export function namedByNothing(db: Executor): SQL {
  const products = db
    .select({ one: sql`1` })
    .from(product)
    .where(and(isNull(product.archivedAt), eq(hashIn(product.imageUrl), menuImage.hash)));
  const categories = db
    .select({ one: sql`1` })
    .from(category)
    .innerJoin(menu, eq(menu.id, category.menuId))
    .where(and(isNull(category.archivedAt), isNull(menu.archivedAt), eq(hashIn(category.imageUrl), menuImage.hash)));
  return and(notExists(products), notExists(categories))!;
}
