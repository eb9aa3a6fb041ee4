/**
 * What the menu shows (SPEC §2, §5): pure rules over the catalogue, the restaurant's clock passed in.
 */
import type { Category, Product } from "@app/contracts";
import { isLunchCategoryVisible, LUNCH_CATEGORY_INTERNAL_NAME, localParts } from "@app/domain";

export type ProductsById = ReadonlyMap<number, Product>;

export type CategoryVisibility = {
  /** Today's opening time as HH:MM in the restaurant's time zone; null when closed today. */
  todayOpens: string | null;
  /** The hour (0–23) on the restaurant's clock now: `restaurantHour(now, timeZone)`. */
  currentHour: number;
  /** The precheckout category setting: its products are offered on /precheckout, not in the menu. */
  precheckoutCategory: number | null;
};

/** SPEC §5: only products priced over 0 are on sale; a price of 0 means "not for sale here". */
export function isPriced(product: Product): boolean {
  return product.price > 0;
}

/**
 * The categories of the front page's tiles and of the sidebar, in menu order: those with at least one
 * priced product, the lunch category only while `isLunchCategoryVisible`, never the precheckout category.
 */
export function visibleCategories(
  categories: readonly Category[],
  productsById: ProductsById,
  { todayOpens, currentHour, precheckoutCategory }: CategoryVisibility,
): Category[] {
  const lunchVisible = isLunchCategoryVisible(todayOpens, currentHour);
  return categories.filter(
    (category) =>
      category.id !== precheckoutCategory &&
      (lunchVisible || category.internalName !== LUNCH_CATEGORY_INTERNAL_NAME) &&
      categoryProducts(category, productsById).length > 0,
  );
}

/**
 * A category's products priced over 0, in the category's display order. Sold-out (blocked) products are
 * kept: the menu shows them as sold out (SPEC §2), the list marks them from the blocked ids.
 */
export function categoryProducts(category: Category, productsById: ProductsById): Product[] {
  return category.products.flatMap(({ productId }) => {
    const product = productsById.get(productId);
    return product && isPriced(product) ? [product] : [];
  });
}

/** SPEC §2: a grid when the first product has no option groups, else a list. */
export function isGridLayout(products: readonly Product[]): boolean {
  const first = products[0];
  return first !== undefined && first.modifiers.length === 0;
}

/**
 * The upsell items of /precheckout (SPEC §2): the precheckout category's products without option groups,
 * priced, not sold out. Empty (or no category) means the page has nothing to offer and goes to /checkout.
 */
export function precheckoutProducts(
  category: Category | undefined,
  productsById: ProductsById,
  blockedProductIds: ReadonlySet<number>,
): Product[] {
  if (!category) return [];
  return categoryProducts(category, productsById).filter(
    (product) => product.modifiers.length === 0 && !blockedProductIds.has(product.id),
  );
}

/** The hour on the restaurant's wall clock at `now` (the lunch rule's clock, SPEC §5). */
export function restaurantHour(now: Date, timeZone: string): number {
  return localParts(now, timeZone).hour;
}
