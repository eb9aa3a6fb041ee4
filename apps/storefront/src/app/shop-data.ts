import type { Catalogue, Stock } from "../features/menu";
import { restaurantHour, visibleCategories } from "../features/menu";
import type { AppState, Shop } from "../features/shop";

/** What the routes' loaders need from the outside world; injected so tests run the routes without a server. */
export type ShopDataDeps = {
  /** The app start (SPEC §4), run once and shared by every loader. */
  appState: () => Promise<AppState>;
  isLoggedIn: (productionUnitId: number) => boolean;
  catalogue: (shop: Shop) => Promise<Catalogue>;
  stock: (productionUnitId: number) => Promise<Stock>;
  /**
   * The maintenance flag as it is now (the start read it once; a flag switched on while the guest browses
   * must stop them too). Left out: only the start's reading counts.
   */
  maintenanceNow?: () => Promise<boolean>;
  /** The stored basket (SPEC §4), read once at start. */
  loadBasket: () => Promise<void>;
  now: () => Date;
};

/**
 * Whether the guest may see the shop past the front page: the restaurant has switched the login gate off
 * (`requireLogin` false), or the session login for its production unit is done (SPEC §2, §6).
 */
export function passedLoginGate(shop: Shop, deps: Pick<ShopDataDeps, "isLoggedIn">): boolean {
  return !shop.settings.requireLogin || deps.isLoggedIn(shop.module.productionUnitId);
}

/**
 * The shop for a page's loader, when the guest may see it: started and past the login gate. Otherwise null — the
 * root loader's redirect rules decide where the guest goes, so the page loads nothing.
 */
export async function shopForPage(deps: ShopDataDeps): Promise<Shop | null> {
  const state = await deps.appState();
  if (state.status !== "ready") return null;
  return passedLoginGate(state.shop, deps) ? state.shop : null;
}

/** The categories a guest sees now: priced, the lunch rule by the restaurant's clock, no precheckout category. */
export function shownCategories(shop: Shop, catalogue: Catalogue, now: Date) {
  return visibleCategories(catalogue.categories, catalogue.productsById, {
    todayOpens: shop.openingHours?.open ?? null,
    currentHour: restaurantHour(now, shop.productionUnit.timeZone),
    precheckoutCategory: shop.settings.precheckoutCategory,
  });
}
