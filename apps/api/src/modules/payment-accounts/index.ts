/**
 * An organisation's own payment provider account (issue 46): the sealed Stripe keys its owner stores in the
 * back office, which provider a module's payments go to, and the opened secrets for the provider module.
 */
export {
  type AccountCredentials,
  createPaymentAccountCredentials,
  type PaymentAccountCredentials,
} from "./credentials";
export { findAccountOfModule, findStoredAccountOfUnit, type ModuleAccount } from "./repository";
/** Refunds go only to the account that took the payment (payment's refund decision and the Stripe provider). */
export { isTakingAccount, type StoredAccount, type TakenPayment } from "./taking-account";
