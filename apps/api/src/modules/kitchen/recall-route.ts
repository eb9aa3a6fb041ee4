/**
 * POST /api/admin/orders/{orderId}/recall: the kitchen display's *Recall* — a ready order (bumped by mistake, or
 * sent back to the pass) goes back to accepted, with the same conditional update, event (order.recalled) and
 * audit entry as every other change. The guest is not messaged: their ready time has not moved.
 */
import { AdminOrder, AdminOrderParams, ErrorBody, KitchenConflict } from "@app/contracts";
import { type Api, type Deps, requestDeps } from "../../deps";
import { ADMIN_TAGS, signedInStaff } from "../staff";
import { answer } from "./answer-change";
import { changeKitchenStatus } from "./change-kitchen-status";

export function recallRoute(admin: Api, deps: Deps) {
  admin.post(
    "/orders/:orderId/recall",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Recall a ready order back to in progress (accepted): the kitchen display's Recall",
        description: "409 KITCHEN_STATUS_CHANGED unless the order is ready (a picked-up order stays picked up).",
        params: AdminOrderParams,
        response: {
          200: AdminOrder,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: KitchenConflict,
        },
      },
    },
    async (request, reply) =>
      answer(
        reply,
        await changeKitchenStatus(requestDeps(deps, request), signedInStaff(request), request.params.orderId, {
          action: "recall",
        }),
      ),
  );
}
