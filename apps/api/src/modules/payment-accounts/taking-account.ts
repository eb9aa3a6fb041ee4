/**
 * Whether the organisation's account now stored is the one that took a payment, so a refund of it can go through
 * there. A provider account sees only its own payments, and only in its own mode: Stripe answers another account's
 * (or the other mode's) Checkout Session as "No such checkout.session". A new key of the same account (rotated)
 * is the same account: the account's id decides, not the key.
 */
export type TakenPayment = { provider: string; providerAccountId: string | null; isTest: boolean };
export type StoredAccount = { provider: string; providerAccountId: string | null; liveMode: boolean };

/** Providers whose payments are taken with an organisation's own account (payment_account.provider). */
const ACCOUNT_PROVIDERS: readonly string[] = ["stripe"];

export function isTakingAccount(payment: TakenPayment, account: StoredAccount | undefined): boolean {
  if (!ACCOUNT_PROVIDERS.includes(payment.provider)) return true;
  if (!account || account.provider !== payment.provider) return false;
  if (account.liveMode === payment.isTest) return false;
  // Stored or taken before migration 0017: nothing to tell them apart by, so it is tried as before.
  if (payment.providerAccountId === null || account.providerAccountId === null) return true;
  return payment.providerAccountId === account.providerAccountId;
}
