/**
 * What other features use of the refund feature: the kitchen's reject records its refund here, and the guest's
 * 'refunded' message reads what each refund gave back.
 */
export { type RefundNotice, readRefundNotices } from "./read-refunds";
export { recordProviderRefund } from "./record-provider-refund";
export { refundRejectedOrder } from "./refund-rejected-order";
