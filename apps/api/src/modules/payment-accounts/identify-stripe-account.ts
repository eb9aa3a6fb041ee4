/**
 * Whose key it is: the Stripe account (GET /v1/account, "acct_…") a secret or restricted key belongs to, asked when
 * the owner saves it. Stored with the account, and by each payment with the account that took it, so a refund can
 * tell a new key of the same account (rotated: refunds go on) from another account's key (its earlier payments
 * must be refunded in the account that took them). Asking also checks the key before it is stored.
 *
 * A restricted key needs Stripe's permission `connected_account_read` for this call
 * (https://docs.stripe.com/keys/permissions-reference: GET /v1/account).
 */
import Stripe from "stripe";
import { AppError, unprocessable } from "../../errors";
import { createStripeSdk, type StripeSdkOptions } from "../../shared/stripe-sdk";

export async function identifyStripeAccount(secretKey: string, options: StripeSdkOptions): Promise<string> {
  try {
    const account = await createStripeSdk(secretKey, options).accounts.retrieveCurrent();
    return account.id;
  } catch (error) {
    // Stripe's own message may quote the key: none of it is passed on.
    throw refusal(error);
  }
}

function refusal(error: unknown): AppError {
  if (error instanceof Stripe.errors.StripeAuthenticationError) {
    return unprocessable(
      "Payment.KeyRefused",
      "Stripe does not accept this key (it may be mistyped, rolled or deleted): copy the secret key again from Stripe's dashboard",
      "secretKey",
    );
  }
  if (error instanceof Stripe.errors.StripePermissionError) {
    return unprocessable(
      "Payment.KeyCannotReadAccount",
      "This restricted key may not read the Stripe account: give it the permission to read the account (connected_account_read), or use the secret key",
      "secretKey",
    );
  }
  return new AppError(
    "unavailable",
    "Payment.StripeUnavailable",
    "Stripe could not be reached to check the key, so nothing was saved: try again in a moment",
  );
}
