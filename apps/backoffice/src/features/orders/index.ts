export { OrdersPage } from "./components/orders-page";

/** The path of a restaurant's live orders, for links from other pages. */
export const ordersPath = (restaurantId: number) => `/restaurants/${restaurantId}/orders`;
