import type { Executor } from "@app/db";
import { findAccountOfModule } from "../payment-accounts";
import type { PaymentProvider, PaymentProviders } from "./providers/provider";
import { findProviderName } from "./repository";

export type ChosenProvider = {
  /** Undefined when the server does not know the provider named (online payment is then 503). */
  provider: PaymentProvider | undefined;
  /** No money moves: a Stripe test key, or the built-in test provider (or no provider at all). */
  testMode: boolean;
};

/**
 * The organisation's own provider account decides where a module's online payments go (issue 46); without one,
 * the module's payment instance does (the built-in test provider: test mode, no money moves). The one rule
 * for both what a payment is (create-payment.ts: payment.is_test) and what the storefront tells the guest
 * before paying (the settings' paymentTestMode): the two must never disagree.
 *
 * Both reads are kept in memory (shared/restaurant-setup.ts) and follow payment_account and payment_instance
 * through the change feed, in every process.
 */
export async function chooseProvider(
  deps: { db: Executor; payments: PaymentProviders },
  module: { id: number; paymentInstanceId: number },
): Promise<ChosenProvider> {
  const account = await findAccountOfModule(deps.db, module.id);
  if (account) return { provider: deps.payments.get(account.provider), testMode: !account.liveMode };
  const name = await findProviderName(deps.db, module.paymentInstanceId);
  const provider = name ? deps.payments.get(name) : undefined;
  return { provider, testMode: provider?.testMode ?? true };
}
