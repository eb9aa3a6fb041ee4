import type { Executor } from "@app/db";
import { getModuleSettings } from "../settings";
import { insertGuestMessage } from "./repository";

export type GuestMessageKind = "ready-time-changed" | "ready" | "rejected" | "refunded";

export type GuestMessageInput = {
  orderId: string;
  moduleId: number;
  guestEmail: string | null;
  guestPhone: string | null;
  kind: GuestMessageKind;
  /** Tells apart two messages of one kind for one order (the kitchen order's version for a moved time). */
  dedupeKey: string;
  now: Date;
};

/**
 * Decides a message to the guest about their order (issue 44), in the transaction of the change it tells about:
 * on the channel the restaurant sends receipts on, to the guest's address. The outbox's unique key makes a
 * decision count once however often it is made; sending happens after the commit, like the receipt's.
 * Answers whether a message was queued (false: the restaurant sends none, the guest left no address, or it was
 * queued before).
 */
export async function queueGuestMessage(tx: Executor, input: GuestMessageInput): Promise<boolean> {
  const { receiptType } = await getModuleSettings(tx, input.moduleId);
  const recipient = receiptType === "email" ? input.guestEmail : receiptType === "sms" ? input.guestPhone : null;
  if (!recipient || receiptType === "none") return false;
  return insertGuestMessage(tx, {
    orderId: input.orderId,
    channel: receiptType,
    recipient,
    kind: input.kind,
    dedupeKey: input.dedupeKey,
    nextAttemptAt: input.now,
    createdAt: input.now,
  });
}
