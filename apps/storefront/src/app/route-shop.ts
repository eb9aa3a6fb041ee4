import { useMatches } from "react-router";
import type { Shop } from "../features/shop";

/**
 * The started shop as the current page's routes have it: the shop's own pages under the root (its loader's
 * data), the status pages and the terms page (their loaders read it when the start succeeded). Undefined when
 * the app could not start: those pages then show unbranded.
 */
export function useRouteShop(): Shop | undefined {
  const matches = useMatches();
  for (const { data } of matches) {
    if (isShop(data)) return data;
    const nested = (data as { shop?: unknown } | null | undefined)?.shop;
    if (isShop(nested)) return nested;
  }
  return undefined;
}

function isShop(value: unknown): value is Shop {
  const shop = value as Partial<Shop> | null | undefined;
  return typeof shop?.productionUnit?.name === "string" && typeof shop.settings === "object";
}
