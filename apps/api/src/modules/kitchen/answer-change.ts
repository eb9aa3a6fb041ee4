import type { KitchenConflict } from "@app/contracts";
import type { KitchenAction } from "@app/domain";
import type { FastifyReply } from "fastify";
import type { KitchenOutcome } from "./change-kitchen-status";

const CHANGED_MESSAGE = "Another screen changed this order first; it is shown as it is now";

/** What each action does, for the refusal of one the order's status does not allow. */
const DOES: Record<KitchenAction, string> = {
  accept: "be accepted",
  time: "have its ready time moved",
  ready: "be marked ready",
  "picked-up": "be marked picked up",
  reject: "be rejected",
  recall: "be recalled",
};

/** Answers the changed order, or 409 KitchenConflict with the order as it now is and why it was refused. */
export function answer(reply: FastifyReply, outcome: KitchenOutcome) {
  if (!("refused" in outcome)) return reply.send(outcome.order);
  const message =
    outcome.refused === "changed"
      ? CHANGED_MESSAGE
      : `An order that is ${outcome.order.kitchenStatus} cannot ${DOES[outcome.action]}; it is shown as it is now`;
  const conflict: KitchenConflict = {
    code: "KITCHEN_STATUS_CHANGED",
    message,
    order: outcome.order,
    errors: [{ code: "KITCHEN_STATUS_CHANGED", message }],
  };
  return reply.status(409).send(conflict);
}
