/** What other features (order) use of the receipt feature: queueing a receipt to send. */

/** Messages to the guest about their order's progress (the kitchen decides them: issue 44). */
export { type GuestMessageKind, queueGuestMessage } from "./queue-guest-message";
export type { OrderProgress } from "./render-guest-message";
export { insertReceiptMessages } from "./repository";
/** One run of the guest-message outbox with given senders: tests of the features that decide messages drive it. */
export { deliverDueReceipts, type ReceiptDeps } from "./send-receipts";
export type { SmsMessage } from "./senders";
/** The email sender (SMTP or the .eml outbox), for the back office's links and notices (staff). */
export { createEmailSender, type EmailMessage, type EmailSender } from "./senders";
