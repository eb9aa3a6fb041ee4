/**
 * The restaurant's discount codes (manager, owner): each with what it gives, its limits, its validity and its uses
 * so far; switch one off or on, change it, or delete it (a code an order used is switched off instead, and the
 * page says so). The form for a new code is below the list; changing a code opens the same form with its values.
 */
import type { DiscountCodeView } from "@app/contracts";
import { localParts } from "@app/domain";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { LoadFailed, Loading } from "../../components/page-heading";
import { dateText } from "../../lib/date-in-words";
import { errorMessageKey } from "../../lib/form-errors";
import type { Language } from "../../lib/i18n";
import { deleteDiscountCode, discountCodesQuery, setDiscountCodeActive } from "./api";
import { codeState } from "./code-state";
import { ConfirmDialog } from "./confirm-dialog";
import { DiscountCodeForm } from "./discount-code-form";
import { moneyText } from "./money-text";

export function DiscountCodesPage() {
  const { t } = useTranslation();
  const restaurantId = Number(useParams().restaurantId);
  const codes = useQuery(discountCodesQuery(restaurantId));
  const [editing, setEditing] = useState<DiscountCodeView | null>(null);
  /** The form is keyed by what it edits, so choosing another code starts from that code's values. */
  const [formKey, setFormKey] = useState(0);
  const [status, setStatus] = useState("");
  const formRef = useRef<HTMLDivElement>(null);
  const edit = (code: DiscountCodeView | null) => {
    setEditing(code);
    setFormKey((key) => key + 1);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>("input")?.focus());
  };
  return (
    <>
      <section aria-labelledby="codes-title" className="card">
        <h2 id="codes-title">{t("codes.title")}</h2>
        <p className="saved-note" role="status">
          {status}
        </p>
        {codes.isPending ? (
          <Loading />
        ) : codes.isError ? (
          <LoadFailed />
        ) : codes.data.codes.length === 0 ? (
          <p>{t("codes.none")}</p>
        ) : (
          <ul className="code-list">
            {codes.data.codes.map((code) => (
              <li key={code.id}>
                <CodeEntry
                  code={code}
                  restaurantId={restaurantId}
                  today={localParts(new Date(), codes.data.timeZone).date}
                  onEdit={() => edit(code)}
                  onStatus={setStatus}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <div ref={formRef}>
        {codes.data && (
          <DiscountCodeForm
            key={formKey}
            restaurantId={restaurantId}
            timeZone={codes.data.timeZone}
            editing={editing && (codes.data.codes.find((code) => code.id === editing.id) ?? editing)}
            onDone={() => edit(null)}
          />
        )}
      </div>
    </>
  );
}

function CodeEntry(props: {
  code: DiscountCodeView;
  restaurantId: number;
  today: string;
  onEdit: () => void;
  onStatus: (text: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { code, restaurantId, onStatus } = props;
  const language = i18n.language as Language;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<string>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      onStatus(await action());
    } catch (failure) {
      setError(t(`errors.${errorMessageKey(failure)}`, { defaultValue: t("errors.Unknown") }));
    } finally {
      setBusy(false);
    }
  };
  const toggle = () =>
    run(async () => {
      await setDiscountCodeActive(restaurantId, code, !code.isActive);
      return t(code.isActive ? "codes.switchedOff" : "codes.switchedOn", { code: code.code });
    });
  const [confirming, setConfirming] = useState(false);
  const remove = () => {
    setConfirming(false);
    void run(async () => {
      const result = await deleteDiscountCode(restaurantId, code);
      return t(result.outcome === "deleted" ? "codes.deleted" : "codes.deactivatedInstead", { code: code.code });
    });
  };
  const worth =
    code.kind === "percentage"
      ? t("codes.percentOff", { value: code.value })
      : t("codes.amountOff", { amount: moneyText(code.value, language) });
  const limited = code.categoryIds.length + code.productIds.length;
  const from = code.validFrom && dateText(code.validFrom, language);
  const until = code.validUntil && dateText(code.validUntil, language);
  const validity =
    from && until
      ? t("codes.validBetween", { from, until })
      : from
        ? t("codes.validFromText", { from })
        : until
          ? t("codes.validUntilText", { until })
          : null;
  return (
    <article className="code-entry" aria-labelledby={`code-${code.id}`}>
      <div className="code-head">
        <h3 id={`code-${code.id}`} className="code-name">
          {code.code}
        </h3>
        <CodeBadge code={code} today={props.today} />
      </div>
      <p className="muted">
        {worth}
        {code.minimumBasket > 0 && ` · ${t("codes.from", { amount: moneyText(code.minimumBasket, language) })}`}
        {limited > 0 && ` · ${t("codes.limitedTo", { count: limited })}`}
        {validity && ` · ${validity}`}
      </p>
      <p>
        {code.usageLimit === null
          ? t("codes.usedUnlimited", { count: code.usageCount })
          : t("codes.usedOf", { count: code.usageCount, limit: code.usageLimit })}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button" onClick={props.onEdit}>
          {t("codes.edit")}
          <span className="visually-hidden"> {code.code}</span>
        </button>
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void toggle()}>
          {code.isActive ? t("codes.switchOff") : t("codes.switchOn")}
          <span className="visually-hidden"> {code.code}</span>
        </button>
        <button
          type="button"
          className="button quiet"
          aria-disabled={busy || undefined}
          onClick={() => setConfirming(true)}
        >
          {t("codes.delete")}
          <span className="visually-hidden"> {code.code}</span>
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("codes.confirmDeleteTitle", { code: code.code })}
        confirmLabel={t("codes.delete")}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      >
        <p>{t("codes.confirmDeleteText")}</p>
      </ConfirmDialog>
    </article>
  );
}

function CodeBadge({ code, today }: { code: DiscountCodeView; today: string }) {
  const { t } = useTranslation();
  const state = codeState(code, today);
  return <span className={state === "on" ? "badge" : "badge warn"}>{t(`codes.state.${state}`)}</span>;
}
