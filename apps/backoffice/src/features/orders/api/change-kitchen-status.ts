import { type AdminOrder, KitchenConflict, type RejectRequest } from "@app/contracts";
import { ApiError, apiSend } from "../../../lib/api";
import { putOrder } from "../live/queue-cache";

export type KitchenChange =
  | { action: "open" }
  | { action: "accept"; readyTime?: string }
  | { action: "time"; readyTime: string }
  | { action: "ready" }
  | { action: "picked-up" }
  | { action: "reject"; reason: RejectRequest["reason"]; text?: string };

/** Another screen changed the order first (409): the order as it now is, which the screen then shows. */
export class ChangedElsewhere extends Error {
  readonly order: AdminOrder;
  constructor(order: AdminOrder) {
    super("Kitchen.ChangedElsewhere");
    this.order = order;
  }
}

/**
 * POST /api/admin/orders/{orderId}/{action}. The answer (or, on 409, the order as another screen left it) goes
 * into every cached queue at once, so this screen does not wait for its own event to show the change.
 */
export async function changeKitchenStatus(order: AdminOrder, change: KitchenChange): Promise<AdminOrder> {
  const { action, ...details } = change;
  // The version this screen shows: if another screen changed the order since, the server refuses (409).
  const body = action === "open" ? {} : { ...details, version: order.version };
  try {
    const changed = await apiSend<AdminOrder>("POST", `/orders/${order.id}/${action}`, body);
    putOrder(changed);
    return changed;
  } catch (error) {
    const conflict = error instanceof ApiError && error.status === 409 ? KitchenConflict.safeParse(error.body) : null;
    if (conflict?.success) {
      putOrder(conflict.data.order);
      throw new ChangedElsewhere(conflict.data.order);
    }
    throw error;
  }
}
