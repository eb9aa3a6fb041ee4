import { useTranslation } from "react-i18next";
import { RestaurantBand, RestaurantContact, type Shop } from "../../features/shop";

/**
 * What the front page shows of the restaurant above its content: the band (today's hours, open now, the earliest
 * pickup), or, on the closed front page, how to reach it. A chunk of its own, not in the entry: /menu pages carry
 * the front page's code too, and the shared first-load budget is nearly spent. The front page's HTML preloads it
 * (@app/contracts ROUTE_CHUNKS.front), so it arrives with the entry instead of a round trip after it.
 */
export default function FrontPageBand({ shop, closed }: { shop: Shop; closed: boolean }) {
  const { t } = useTranslation();
  if (!closed) return <RestaurantBand shop={shop} />;
  return (
    <RestaurantContact
      productionUnit={shop.productionUnit}
      label={t("Brand.Contact", { name: shop.productionUnit.name })}
    />
  );
}
