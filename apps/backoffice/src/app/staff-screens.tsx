/**
 * The staff screens (the order queue, the kitchen display) with sold out and pause beside them, and a link from
 * each to the other: the features put together here, as they do not import each other.
 */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { KitchenPage } from "../features/kitchen";
import { OrdersPage, ordersPath } from "../features/orders";
import { availabilitySlots, refreshAvailabilityOn } from "./availability-slots";

const kitchenPath = (restaurantId: number) => `/restaurants/${restaurantId}/kitchen`;

function withLink(to: (restaurantId: number) => string, label: string) {
  return (restaurant: { id: number; timeZone: string }) => {
    const { button, banner } = availabilitySlots(restaurant);
    return {
      button: (
        <>
          {button}
          <Link className="button" to={to(restaurant.id)}>
            {label}
          </Link>
        </>
      ),
      banner,
    };
  };
}

export function KitchenRoute() {
  const { t } = useTranslation();
  return (
    <KitchenPage availability={withLink(ordersPath, t("orders.title"))} onAvailabilityEvent={refreshAvailabilityOn} />
  );
}

export function OrdersRoute() {
  const { t } = useTranslation();
  return (
    <OrdersPage availability={withLink(kitchenPath, t("kitchen.title"))} onAvailabilityEvent={refreshAvailabilityOn} />
  );
}
