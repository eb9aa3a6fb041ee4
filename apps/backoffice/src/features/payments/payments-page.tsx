import { PaymentAccountRequest, type PaymentSettings } from "@app/contracts";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ConfirmAction } from "../../components/confirm-action";
import { ConflictNotice } from "../../components/conflict-notice";
import { ErrorSummary, SavedNote, SubmitButton, TextField } from "../../components/form";
import { LoadFailed, Loading, PageHeading } from "../../components/page-heading";
import { ApiError } from "../../lib/api";
import { dateTimeText } from "../../lib/clock";
import { useOrganisationTimeZone } from "../../lib/restaurant-list";
import { useMe } from "../../lib/session";
import { useSchemaForm } from "../../lib/use-schema-form";
import { paymentSettingsQuery, reloadPaymentSettings, removePaymentAccount, savePaymentAccount } from "./api";
import { offeredMethods, paymentStatus, restaurantSettingsPath, takesOnlinePayments } from "./payment-status";
import "./payments.css";

/**
 * The owner's payment settings (issue 46): which provider takes the organisation's online payments and in which
 * mode, the webhook to register at Stripe, the keys (typed, never shown back), and each restaurant's methods.
 */
export function PaymentsPage() {
  const { t } = useTranslation();
  const organisationId = Number(useParams().organisationId);
  const membership = useMe().memberships.find((m) => m.organisationId === organisationId);
  const isOwner = membership?.role === "owner";
  const settings = useQuery({ ...paymentSettingsQuery(organisationId), enabled: isOwner });
  if (!membership || !isOwner) {
    return (
      <>
        <PageHeading title={t("notFound.title")} />
        <p>{t("notFound.text")}</p>
      </>
    );
  }
  return (
    <>
      <PageHeading title={t("payments.title", { organisation: membership.organisationName })} />
      <p className="payments-intro">{t("payments.intro")}</p>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <LoadFailed />
      ) : (
        <PaymentSettingsView settings={settings.data} />
      )}
    </>
  );
}

function PaymentSettingsView({ settings }: { settings: PaymentSettings }) {
  return (
    <>
      {!settings.secretsKeyConfigured && <SecretsKeyMissing />}
      <ProviderCard settings={settings} />
      {settings.webhook.url && <WebhookCard url={settings.webhook.url} events={settings.webhook.events} />}
      {settings.secretsKeyConfigured && <KeysForm settings={settings} />}
      <RestaurantsCard settings={settings} />
    </>
  );
}

function SecretsKeyMissing() {
  const { t } = useTranslation();
  return (
    <div className="notice warn payments-notice" role="note" aria-labelledby="secrets-key-title">
      <h2 id="secrets-key-title">{t("payments.secretsKeyMissing.title")}</h2>
      <p>{t("payments.secretsKeyMissing.text")}</p>
      <p>
        {t("payments.secretsKeyMissing.how")} <code>openssl rand -base64 32</code>
      </p>
    </div>
  );
}

function StatusBadge({ settings }: { settings: PaymentSettings }) {
  const { t } = useTranslation();
  const status = paymentStatus(settings);
  return <span className={`badge payment-badge ${status}`}>{t(`payments.badge.${status}`)}</span>;
}

function ProviderCard({ settings }: { settings: PaymentSettings }) {
  const { t, i18n } = useTranslation();
  const { account } = settings;
  const timeZone = useOrganisationTimeZone(settings.organisationId);
  return (
    <section className="card" aria-labelledby="provider-title">
      <div className="card-head">
        <h2 id="provider-title" tabIndex={-1}>
          {t("payments.provider.title")}
        </h2>
        <StatusBadge settings={settings} />
      </div>
      {account ? (
        <>
          <dl className="payment-facts">
            <dt>{t("payments.provider.name")}</dt>
            <dd>Stripe</dd>
            <dt>{t("payments.provider.key")}</dt>
            <dd>
              <code>{account.secretKeyHint}</code>
            </dd>
            <dt>{t("payments.provider.webhookSecret")}</dt>
            <dd>{account.webhookSecretSet ? t("payments.provider.secretSet") : t("payments.provider.secretNotSet")}</dd>
            <dt>{t("payments.provider.saved")}</dt>
            <dd>
              {t("payments.provider.savedBy", {
                who: account.edit.updatedBy?.name ?? t("payments.someone"),
                // The organisation's account: on its restaurants' clock, as the audit log reads it.
                when: dateTimeText(account.edit.updatedAt, timeZone, i18n.language, "short"),
              })}
            </dd>
          </dl>
          <p className="muted">
            {account.mode === "live" ? t("payments.provider.liveExplain") : t("payments.provider.testExplain")}
          </p>
        </>
      ) : (
        <p>{t("payments.provider.none")}</p>
      )}
    </section>
  );
}

function WebhookCard({ url, events }: { url: string; events: string[] }) {
  const { t } = useTranslation();
  const address = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<"copied" | "selected" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("copied");
    } catch {
      // No clipboard (a page on plain http, or permission refused): the address is selected to copy by hand.
      if (address.current) window.getSelection()?.selectAllChildren(address.current);
      setCopied("selected");
    }
  };
  return (
    <section className="card" aria-labelledby="webhook-title">
      <h2 id="webhook-title">{t("payments.webhook.title")}</h2>
      <p>{t("payments.webhook.explain")}</p>
      <h3>{t("payments.webhook.url")}</h3>
      {/* Shown whole and wrapped (an input would cut it off on a phone); the button copies it. */}
      <div className="webhook-url-row">
        <code className="webhook-url" ref={address}>
          {url}
        </code>
        <button type="button" className="button" onClick={() => void copy()}>
          {t("payments.webhook.copy")}
        </button>
      </div>
      <p className="saved-note" role="status">
        {copied ? t(`payments.webhook.${copied}`) : ""}
      </p>
      <h3 id="events-title" className="webhook-events-title">
        {t("payments.webhook.events")}
      </h3>
      <ul className="webhook-events" aria-labelledby="events-title">
        {events.map((event) => (
          <li key={event}>
            <code>{event}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}

const KeysSchema = PaymentAccountRequest.omit({ version: true });
const EMPTY_KEYS = { secretKey: "", webhookSecret: "" };

/** The keys are typed, never shown: the fields start empty and are emptied again after each save. */
function KeysForm({ settings }: { settings: PaymentSettings }) {
  const { t } = useTranslation();
  const { organisationId, account } = settings;
  const timeZone = useOrganisationTimeZone(organisationId);
  const form = useSchemaForm({
    schema: KeysSchema,
    initial: EMPTY_KEYS,
    section: "body",
    onValid: async (keys) => {
      try {
        await savePaymentAccount(organisationId, { ...keys, version: account?.edit.version ?? null });
      } catch (error) {
        // Someone saved or removed the account meanwhile: show what is stored now (the typed keys stay, and the
        // form's notice says who saved and when).
        if (error instanceof ApiError && error.status === 409) await reloadPaymentSettings(organisationId);
        throw error;
      }
      form.setValues(EMPTY_KEYS);
    },
  });
  const labels = { secretKey: t("payments.keys.secretKey"), webhookSecret: t("payments.keys.webhookSecret") };
  return (
    <section className="card" aria-labelledby="keys-title">
      <h2 id="keys-title">{account ? t("payments.keys.replaceTitle") : t("payments.keys.connectTitle")}</h2>
      <p>{t("payments.keys.explain")}</p>
      <form noValidate onSubmit={form.submit} className="form payments-form" aria-labelledby="keys-title">
        <ErrorSummary errors={form.errors} labels={labels} attempt={form.attempt} />
        <ConflictNotice
          conflict={form.conflict}
          attempt={form.attempt}
          timeZone={timeZone}
          onReload={() => form.reset(EMPTY_KEYS)}
        />
        <TextField
          path="secretKey"
          label={labels.secretKey}
          hint={t("payments.keys.secretKeyHint")}
          type="password"
          autoComplete="off"
          value={form.values.secretKey}
          error={form.errors.secretKey}
          onChange={(secretKey) => form.update({ secretKey })}
        />
        <TextField
          path="webhookSecret"
          label={labels.webhookSecret}
          hint={t("payments.keys.webhookSecretHint")}
          type="password"
          autoComplete="off"
          value={form.values.webhookSecret}
          error={form.errors.webhookSecret}
          onChange={(webhookSecret) => form.update({ webhookSecret })}
        />
        <div className="actions">
          <SubmitButton busy={form.busy}>{t("payments.keys.save")}</SubmitButton>
          <SavedNote shown={form.saved} />
        </div>
      </form>
      {account && <RemoveAccount organisationId={organisationId} version={account.edit.version} />}
    </section>
  );
}

function RemoveAccount({ organisationId, version }: { organisationId: number; version: number }) {
  const { t } = useTranslation();
  return (
    <div className="payments-remove">
      <h3>{t("payments.remove.title")}</h3>
      <p className="hint">{t("payments.remove.explain")}</p>
      <ConfirmAction
        button={t("payments.remove.button")}
        question={t("payments.remove.question")}
        cancelLabel={t("payments.remove.cancel")}
        confirmLabel={t("payments.remove.confirm")}
        action={async () => {
          await removePaymentAccount(organisationId, version);
          // The form is gone with the account's keys: the provider's heading says what holds now.
          document.getElementById("provider-title")?.focus();
        }}
        onFailure={async (failure) => {
          if (failure instanceof ApiError && failure.status === 409) await reloadPaymentSettings(organisationId);
        }}
      />
    </div>
  );
}

function RestaurantsCard({ settings }: { settings: PaymentSettings }) {
  const { t } = useTranslation();
  const testOnly = paymentStatus(settings) !== "live";
  return (
    <section className="card" aria-labelledby="restaurants-title">
      <h2 id="restaurants-title">{t("payments.restaurants.title")}</h2>
      <p>{t("payments.restaurants.explain")}</p>
      {settings.restaurants.length === 0 ? (
        <p>{t("dashboard.none")}</p>
      ) : (
        <ul className="payment-restaurants">
          {settings.restaurants.map((restaurant) => {
            const methods = offeredMethods(restaurant);
            return (
              <li key={restaurant.id}>
                <h3 id={`payment-restaurant-${restaurant.id}`}>{restaurant.name}</h3>
                <p className="payment-methods">
                  {methods.length > 0
                    ? methods.map((method) => t(`payments.methods.${method}`)).join(", ")
                    : t("payments.methods.none")}
                  {testOnly && takesOnlinePayments(restaurant) && (
                    <span className="muted"> · {t("payments.restaurants.noMoney")}</span>
                  )}
                </p>
                <Link to={restaurantSettingsPath(restaurant.id)}>
                  {t("payments.restaurants.edit")}
                  <span className="visually-hidden">: {restaurant.name}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
