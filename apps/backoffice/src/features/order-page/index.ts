export { OrderPage } from "./order-page";

/** The path of an order's page, for links from other pages. */
export const orderPagePath = (restaurantId: number, orderId: string) =>
  `/restaurants/${restaurantId}/orders/${orderId}`;
