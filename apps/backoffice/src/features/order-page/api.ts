/** The order page's server state: the order (the kitchen's view), its refunds, and deciding a refund. */
import type { AdminOrder, OrderRefunds, RefundCreated, RefundRequest } from "@app/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiGet, apiSend } from "../../lib/api";

export const adminOrderQuery = (orderId: string) =>
  queryOptions({ queryKey: ["order", orderId], queryFn: () => apiGet<AdminOrder>(`/orders/${orderId}`) });

export const orderRefundsQuery = (orderId: string) =>
  queryOptions({
    queryKey: ["order", orderId, "refunds"],
    queryFn: () => apiGet<OrderRefunds>(`/orders/${orderId}/refunds`),
    retry: false,
  });

export const createRefund = (orderId: string, request: RefundRequest) =>
  apiSend<RefundCreated>("POST", `/orders/${orderId}/refunds`, request);
