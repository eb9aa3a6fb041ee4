/**
 * GET …/payment-account: what the owner's page shows. Read fresh (never a kept copy) and never a secret: the
 * key's mode and hint, whether a webhook secret is set, the webhook URL and events to register at Stripe, and the
 * payment methods each restaurant of the organisation offers (its app settings, edited in its settings section).
 */
import { type PaymentAccount, type PaymentSettings, STRIPE_WEBHOOK_EVENTS } from "@app/contracts";
import type { Executor } from "@app/db";
import { readSettingsForEditing } from "../settings";
import { describeEdit } from "../staff";
import { findRestaurantRows } from "../tenancy";
import { findAccountOfOrganisation, type PaymentAccountRow } from "./repository";
import { webhookIdFor, webhookUrl } from "./webhook-address";

export type SettingsReader = {
  db: Executor;
  secretsKey: Uint8Array | undefined;
  /** The public origin the webhook URL is on (shared/public-origin.ts). */
  origin: string;
};

export async function readPaymentSettings(
  reader: SettingsReader,
  organisationId: number,
  /** The organisation's restaurants (an owner's membership covers them all). */
  productionUnitIds: number[],
): Promise<PaymentSettings> {
  const { db, secretsKey, origin } = reader;
  const [row, restaurants] = await Promise.all([
    findAccountOfOrganisation(db, organisationId),
    readRestaurantMethods(db, productionUnitIds),
  ]);
  const webhookId = row?.webhookId ?? (secretsKey ? webhookIdFor(secretsKey, organisationId) : null);
  return {
    organisationId,
    secretsKeyConfigured: secretsKey !== undefined,
    account: row ? await toAccount(db, row) : null,
    webhook: { url: webhookId ? webhookUrl(origin, webhookId) : null, events: [...STRIPE_WEBHOOK_EVENTS] },
    restaurants,
  };
}

async function toAccount(db: Executor, row: PaymentAccountRow): Promise<PaymentAccount> {
  return {
    provider: "stripe",
    mode: row.liveMode ? "live" : "test",
    secretKeyHint: row.secretKeyHint,
    webhookSecretSet: row.webhookSecretSealed.length > 0,
    edit: await describeEdit(db, row),
  };
}

async function readRestaurantMethods(db: Executor, productionUnitIds: number[]) {
  const rows = await findRestaurantRows(db, productionUnitIds);
  return Promise.all(
    rows.map(async (row) => {
      const settings = await readSettingsForEditing(db, row.moduleId);
      return {
        id: row.unit.id,
        name: row.unit.name,
        methods: { card: settings.onlinePayment, mobilepay: settings.mobilepay, payAtPickup: settings.payAtPickup },
      };
    }),
  );
}
