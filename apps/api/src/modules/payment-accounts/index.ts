/**
 * An organisation's own payment provider account (issue 46): the sealed Stripe keys its owner stores in the
 * back office, which provider a module's payments go to, and the opened secrets for the provider module.
 */
export {
  type AccountCredentials,
  createPaymentAccountCredentials,
  type PaymentAccountCredentials,
} from "./credentials";
export { findAccountOfModule, type ModuleAccount } from "./repository";
