/**
 * The kitchen's status of an order (issue 44), kept apart from SPEC's checkout state: what the restaurant has
 * done with a placed order. new → accepted → ready → picked-up, or rejected from new or accepted. Moving the
 * ready time is allowed while accepted; a ready order can be recalled to accepted (the kitchen display's
 * *Recall*: bumped by mistake, or it goes back to the pass); nothing leaves picked-up or rejected.
 */
export const KITCHEN_STATUSES = ["new", "accepted", "ready", "picked-up", "rejected"] as const;
export type KitchenStatus = (typeof KITCHEN_STATUSES)[number];

/** What staff do to an order; each is one POST /api/admin/orders/{orderId}/{action}. */
export const KITCHEN_ACTIONS = ["accept", "time", "ready", "picked-up", "reject", "recall"] as const;
export type KitchenAction = (typeof KITCHEN_ACTIONS)[number];

export const REJECT_REASONS = ["sold-out", "closed", "too-busy", "other"] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/** The minutes staff can add to the guest's time when accepting or later (+5/+10/+15/+30). */
export const READY_TIME_STEPS = [5, 10, 15, 30] as const;

const ALLOWED: Record<KitchenAction, { from: readonly KitchenStatus[]; to: KitchenStatus }> = {
  accept: { from: ["new"], to: "accepted" },
  time: { from: ["accepted"], to: "accepted" },
  ready: { from: ["accepted"], to: "ready" },
  "picked-up": { from: ["ready"], to: "picked-up" },
  reject: { from: ["new", "accepted"], to: "rejected" },
  // Only before the guest has it: a picked-up order is finished.
  recall: { from: ["ready"], to: "accepted" },
};

/** The status `action` moves an order in `from` to, or null when the action is refused there. */
export function kitchenTransition(from: KitchenStatus, action: KitchenAction): KitchenStatus | null {
  const rule = ALLOWED[action];
  return rule.from.includes(from) ? rule.to : null;
}

/** The statuses an action may start from (the conditional update's WHERE). */
export function kitchenActionStartsFrom(action: KitchenAction): readonly KitchenStatus[] {
  return ALLOWED[action].from;
}

/** Finished: nothing more happens to the order in the kitchen. */
export function isKitchenFinished(status: KitchenStatus): boolean {
  return status === "picked-up" || status === "rejected";
}
