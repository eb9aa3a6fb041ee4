import type { KitchenConflict } from "@app/contracts";
import type { FastifyReply } from "fastify";
import type { KitchenOutcome } from "./change-kitchen-status";

const CONFLICT_MESSAGE = "Another screen changed this order first; it is shown as it is now";

/** Answers the changed order, or 409 KitchenConflict with the order as it now is. */
export function answer(reply: FastifyReply, outcome: KitchenOutcome) {
  if (!("refused" in outcome)) return reply.send(outcome.order);
  const conflict: KitchenConflict = {
    code: "KITCHEN_STATUS_CHANGED",
    message: CONFLICT_MESSAGE,
    order: outcome.order,
    errors: [{ code: "KITCHEN_STATUS_CHANGED", message: CONFLICT_MESSAGE }],
  };
  return reply.status(409).send(conflict);
}
