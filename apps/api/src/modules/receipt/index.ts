/** What other features (order) use of the receipt feature: queueing a receipt to send. */
export { insertReceiptMessages } from "./repository";
/** The email sender (SMTP or the .eml outbox), for the back office's links and notices (staff). */
export { createEmailSender, type EmailMessage, type EmailSender } from "./senders";
