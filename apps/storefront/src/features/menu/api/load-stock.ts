import type { BlockedChoice, BlockedProduct } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

/** What is sold out at the production unit right now (SPEC §2: shown as blocked). */
export type Stock = {
  blockedProductIds: ReadonlySet<number>;
  blockedChoiceIds: ReadonlySet<number>;
};

/**
 * The sold-out lists as the server embeds them in a menu page (apps/api/src/plugins/storefront-boot-data.ts):
 * the raw answers of the two calls below, read when the page was served.
 */
export type EmbeddedStock = {
  productionUnitId: number;
  blockedProducts: BlockedProduct[];
  blockedChoices: BlockedChoice[];
};

/**
 * The warehouse's sold-out lists, read on each menu visit (not memoised: sold-out changes during the
 * day). `embedded`, the page's own lists, stands for the read on arrival (as fresh: the page is built anew
 * when they change); the caller passes it only once. SPEC §8: a failed read is an empty list, so the guest
 * can still order.
 */
export async function loadStock(
  productionUnitId: number,
  client: ApiClient = api,
  embedded?: EmbeddedStock,
): Promise<Stock> {
  const [products, choices] =
    embedded?.productionUnitId === productionUnitId
      ? [embedded.blockedProducts, embedded.blockedChoices]
      : await Promise.all([
          client.request<BlockedProduct[]>("GET", `/blockedProduct?productionUnitId=${productionUnitId}`),
          client.request<BlockedChoice[]>("GET", `/blockedChoice?productionUnitId=${productionUnitId}`),
        ]).then(([read, readChoices]) => [read.ok ? read.data : [], readChoices.ok ? readChoices.data : []] as const);
  return {
    blockedProductIds: new Set(products.map((blocked) => blocked.productId)),
    blockedChoiceIds: new Set(choices.map((blocked) => blocked.choiceId)),
  };
}
