import { useTranslation } from "react-i18next";
import { RestaurantBand, RestaurantContact, type Shop } from "../../features/shop";

/**
 * What the front page shows of the restaurant above its content: the band (today's hours, open now, the earliest
 * pickup), or, on the closed front page, how to reach it. Loaded beside the page, not in the first load: /menu
 * pages carry the front page's code too, and the shared first-load budget is nearly spent.
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
