/**
 * The opened secrets of an organisation's provider account, for the provider module that calls the provider
 * (payment/providers/stripe-provider.ts). Opened on each use and never kept, logged or answered.
 */
import type { Db } from "@app/db";
import { createSecretBox, type SecretBox } from "../../shared/secret-box";
import { findAccountByWebhookId, findAccountOfUnit, type PaymentAccountRow } from "./repository";
import { fingerprintOfKey } from "./stripe-key";

export type AccountCredentials = {
  organisationId: number;
  provider: string;
  liveMode: boolean;
  /** The provider's id of the account (Stripe's "acct_…"); null when stored before migration 0017. */
  providerAccountId: string | null;
  secretKey: string;
  /** Names the key without revealing it (stripe-key.ts): stored on each payment the key takes. */
  keyFingerprint: string;
  webhookSecret: string;
};

export type PaymentAccountCredentials = {
  /** The account of the restaurant a payment belongs to (payment.production_unit_id). */
  forUnit: (productionUnitId: number) => Promise<AccountCredentials | undefined>;
  /** The account a webhook URL names (its path segment). */
  forWebhook: (webhookId: string) => Promise<AccountCredentials | undefined>;
};

/** The column's sealing context: a sealed value opens only in its own row and field. */
export const sealingContext = (organisationId: number, field: "secret_key" | "webhook_secret") =>
  `payment_account:${organisationId}:${field}`;

/** Without SECRETS_KEY no account can be opened: every lookup answers undefined (and none could be stored). */
export function createPaymentAccountCredentials(db: Db, secretsKey: Uint8Array | undefined): PaymentAccountCredentials {
  const box = secretsKey ? createSecretBox(secretsKey) : undefined;
  const open = (row: PaymentAccountRow | undefined) => (row && box ? openAccount(box, row) : undefined);
  return {
    forUnit: async (productionUnitId) => open(await findAccountOfUnit(db, productionUnitId)),
    forWebhook: async (webhookId) => open(await findAccountByWebhookId(db, webhookId)),
  };
}

function openAccount(box: SecretBox, row: PaymentAccountRow): AccountCredentials {
  try {
    return openedAccount(box, row);
  } catch {
    // Said plainly in the log of whatever needed the account (a payment, a refund, a webhook).
    throw new Error(
      `The payment account of organisation ${row.organisationId} cannot be opened with this server's SECRETS_KEY ` +
        "(was SECRETS_KEY changed? restore it, or have the owner store the keys again)",
    );
  }
}

function openedAccount(box: SecretBox, row: PaymentAccountRow): AccountCredentials {
  const secretKey = box.open(row.secretKeySealed, sealingContext(row.organisationId, "secret_key"));
  return {
    organisationId: row.organisationId,
    provider: row.provider,
    liveMode: row.liveMode,
    providerAccountId: row.providerAccountId,
    secretKey,
    keyFingerprint: fingerprintOfKey(secretKey),
    webhookSecret: box.open(row.webhookSecretSealed, sealingContext(row.organisationId, "webhook_secret")),
  };
}
