/**
 * PUT and DELETE …/payment-account (owners): store a new Stripe key and webhook signing secret, sealed with the
 * server's SECRETS_KEY, with the Stripe account the key belongs to (asked of Stripe first), or remove them (the organisation's restaurants go back to the built-in test provider).
 * One transaction each, holding the change and its audit entry; the audit keeps the mode and the key's hint, never
 * a secret. A save or removal based on an older version than the current is 409 and writes nothing. Versions never
 * repeat for an organisation: a new account's continues above every version its earlier accounts had
 * (payment_account_version), so a tab that read a removed account is refused rather than saving over or removing
 * the account stored after it, which may be another Stripe account. Afterwards
 * every API process reads the new account before the answer (the payment_account trigger, migration 0016), so
 * the next payment already goes to the provider the owner sees.
 */
import type { EditConflict, PaymentAccountRequest } from "@app/contracts";
import type { Executor } from "@app/db";
import type { Deps } from "../../deps";
import { AppError, conflict, notFound } from "../../errors";
import { createSecretBox } from "../../shared/secret-box";
import { recordAudit } from "../audit";
import { editConflict, type SignedInStaff } from "../staff";
import { sealingContext } from "./credentials";
import { identifyStripeAccount } from "./identify-stripe-account";
import {
  deleteAccount,
  insertAccount,
  lockAccountOfOrganisation,
  lockLastVersion,
  type PaymentAccountRow,
  recordLastVersion,
  replaceAccount,
} from "./repository";
import { hintOfKey, modeOfKey } from "./stripe-key";
import { webhookIdFor } from "./webhook-address";

export const SAVE_ACTION = "payment-account.save";
export const REMOVE_ACTION = "payment-account.remove";

/** A save or removal based on an older version: answered 409 with who saved since and when (admin-routes.ts). */
export class StaleAccount extends Error {
  constructor(readonly answer: EditConflict) {
    super(answer.message);
  }
}

export const secretsKeyMissing = () =>
  new AppError(
    "unavailable",
    "SECRETS_KEY_MISSING",
    "The server has no SECRETS_KEY, so it cannot store secrets safely. Set SECRETS_KEY in the server's " +
      "environment to a random value of at least 32 characters (for example: openssl rand -base64 32), the same " +
      "for every API process, and restart the server.",
  );

const accountRemoved = () =>
  conflict("PAYMENT_ACCOUNT_REMOVED", "The payment account was removed since you read it; reload and try again.");

/** What the audit log keeps of an account: which provider, account and mode, and the key's hint. No secret. */
const audited = (
  row: Pick<PaymentAccountRow, "provider" | "liveMode" | "secretKeyHint" | "providerAccountId"> | undefined,
) =>
  row
    ? {
        provider: row.provider,
        providerAccountId: row.providerAccountId,
        mode: row.liveMode ? "live" : "test",
        secretKeyHint: row.secretKeyHint,
      }
    : null;

export async function savePaymentAccount(
  deps: Deps,
  staff: SignedInStaff,
  organisationId: number,
  request: PaymentAccountRequest,
): Promise<void> {
  const { secretsKey } = deps.config;
  if (!secretsKey) throw secretsKeyMissing();
  const box = createSecretBox(secretsKey);
  // Asked before anything is locked or written: a key Stripe refuses is stored nowhere.
  const providerAccountId = await identifyStripeAccount(request.secretKey, {
    apiUrl: deps.config.stripeApiUrl,
    timeoutMs: 10_000,
    maxNetworkRetries: 1,
  });
  const at = deps.now();
  const account = {
    organisationId,
    provider: "stripe" as const,
    liveMode: modeOfKey(request.secretKey) === "live",
    providerAccountId,
    secretKeySealed: box.seal(request.secretKey, sealingContext(organisationId, "secret_key")),
    webhookSecretSealed: box.seal(request.webhookSecret, sealingContext(organisationId, "webhook_secret")),
    secretKeyHint: hintOfKey(request.secretKey),
    updatedAt: at,
    updatedBy: staff.account.id,
  };
  await deps.db.transaction(async (tx) => {
    const lastVersion = await lockLastVersion(tx, organisationId);
    const current = await lockAccountOfOrganisation(tx, organisationId);
    await requireVersion(tx, current, request.version);
    const version = Math.max(lastVersion, current?.version ?? 0) + 1;
    const saved = current
      ? await replaceAccount(tx, { ...account, version })
      : await insertAccount(tx, { ...account, version, webhookId: webhookIdFor(secretsKey, organisationId) });
    // An account written past this module (straight into the table) since our read: it is the newer one.
    if (!saved) throw await conflictWithCurrent(tx, organisationId);
    await recordLastVersion(tx, organisationId, version);
    await recordAudit(tx, staff, at, {
      organisationId,
      productionUnitId: null,
      action: SAVE_ACTION,
      before: audited(current),
      after: audited(saved),
    });
  });
  await deps.changes.settleEverywhere();
}

export async function removePaymentAccount(
  deps: Deps,
  staff: SignedInStaff,
  organisationId: number,
  version: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const lastVersion = await lockLastVersion(tx, organisationId);
    const current = await lockAccountOfOrganisation(tx, organisationId);
    if (!current) throw notFound("Payment account");
    await requireVersion(tx, current, version);
    await deleteAccount(tx, organisationId);
    // The removed account's version stays taken even if the account was written past this module's saves.
    await recordLastVersion(tx, organisationId, Math.max(lastVersion, current.version));
    await recordAudit(tx, staff, deps.now(), {
      organisationId,
      productionUnitId: null,
      action: REMOVE_ACTION,
      before: audited(current),
      after: null,
    });
  });
  await deps.changes.settleEverywhere();
}

/** The save's version must be the current one: null for "there was none", the row's version otherwise. */
async function requireVersion(tx: Executor, current: PaymentAccountRow | undefined, version: number | null) {
  if (!current) {
    if (version !== null) throw accountRemoved();
    return;
  }
  if (current.version !== version) throw new StaleAccount(await editConflict(tx, current));
}

async function conflictWithCurrent(tx: Executor, organisationId: number): Promise<Error> {
  const current = await lockAccountOfOrganisation(tx, organisationId);
  return current ? new StaleAccount(await editConflict(tx, current)) : accountRemoved();
}
