/**
 * The staff screens (the order queue, the kitchen display) with sold out and pause beside them, and a link from
 * each to the other: the features put together here, as they do not import each other.
 */
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { KitchenPage } from "../features/kitchen";
import { OrdersPage, ordersPath } from "../features/orders";
import { restaurantsQuery } from "../lib/restaurant-list";
import { availabilitySlots, refreshAvailabilityOn } from "./availability-slots";
import { NotFoundPage } from "./not-found";

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

/**
 * A restaurant outside the account's list is not found here, as the API says (404): without this the screen would
 * say the connection failed and keep reconnecting its event stream.
 */
function OwnRestaurant({ children }: { children: ReactNode }) {
  const id = Number(useParams().restaurantId);
  const list = useQuery(restaurantsQuery).data;
  if (list && !list.restaurants.some((restaurant) => restaurant.id === id)) return <NotFoundPage />;
  return children;
}

export function KitchenRoute() {
  const { t } = useTranslation();
  return (
    <OwnRestaurant>
      <KitchenPage availability={withLink(ordersPath, t("orders.title"))} onAvailabilityEvent={refreshAvailabilityOn} />
    </OwnRestaurant>
  );
}

export function OrdersRoute() {
  const { t } = useTranslation();
  return (
    <OwnRestaurant>
      <OrdersPage
        availability={withLink(kitchenPath, t("kitchen.title"))}
        onAvailabilityEvent={refreshAvailabilityOn}
      />
    </OwnRestaurant>
  );
}
