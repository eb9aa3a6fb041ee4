/**
 * The restaurant's gift cards (manager, owner): issue one with an amount (its code is shown in full at once, with
 * a copy button, and stays in the list: the restaurant hands it to the buyer), find a card by part of its code,
 * read its balance and ledger, and switch it off (after a confirmation) or on again.
 */
import { type GiftcardView, IssueGiftcard } from "@app/contracts";
import { localParts } from "@app/domain";
import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ErrorSummary, SubmitButton, TextField } from "../../components/form";
import { LoadFailed, Loading } from "../../components/page-heading";
import { dateTimeText } from "../../lib/clock";
import { dateText } from "../../lib/date-in-words";
import { errorMessageKey } from "../../lib/form-errors";
import type { Language } from "../../lib/i18n";
import { useSchemaForm } from "../../lib/use-schema-form";
import { giftcardQuery, giftcardsQuery, issueGiftcard, setGiftcardActive } from "./api";
import { giftcardState } from "./code-state";
import { ConfirmDialog } from "./confirm-dialog";
import { moneyText, parseMoneyText } from "./money-text";

export function GiftcardsPage() {
  const { t } = useTranslation();
  const restaurantId = Number(useParams().restaurantId);
  const [search, setSearch] = useState("");
  const deferredSearch = useDeferredValue(search.trim());
  const cards = useQuery(giftcardsQuery(restaurantId, deferredSearch));
  const [issued, setIssued] = useState<GiftcardView | null>(null);
  return (
    <>
      <IssueForm restaurantId={restaurantId} onIssued={setIssued} />
      <IssuedDialog card={issued} onClose={() => setIssued(null)} />
      <section aria-labelledby="cards-title" className="card">
        <h2 id="cards-title">{t("giftcards.title")}</h2>
        <TextField
          path="giftcard-search"
          label={t("giftcards.search")}
          hint={t("giftcards.searchHint")}
          value={search}
          autoComplete="off"
          onChange={setSearch}
        />
        {cards.isPending ? (
          <Loading />
        ) : cards.isError ? (
          <LoadFailed />
        ) : cards.data.giftcards.length === 0 ? (
          <p>{deferredSearch ? t("giftcards.noneFound") : t("giftcards.none")}</p>
        ) : (
          <ul className="code-list">
            {cards.data.giftcards.map((card) => (
              <li key={card.id}>
                <CardEntry card={card} restaurantId={restaurantId} timeZone={cards.data.timeZone} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function IssueForm(props: { restaurantId: number; onIssued: (card: GiftcardView) => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const initial = { amount: "", validUntil: "" };
  const form = useSchemaForm({
    schema: IssueGiftcard,
    initial,
    toInput: (values) => ({
      amount: parseMoneyText(values.amount, language),
      validUntil: values.validUntil || null,
    }),
    onValid: async (input) => {
      const card = await issueGiftcard(props.restaurantId, input);
      form.setValues(initial);
      props.onIssued(card);
    },
  });
  const labels = { amount: t("giftcards.amount"), validUntil: t("giftcards.validUntil") };
  return (
    <section aria-labelledby="issue-title" className="card">
      <h2 id="issue-title">{t("giftcards.issueTitle")}</h2>
      <form noValidate onSubmit={form.submit} className="form">
        <ErrorSummary errors={form.errors} labels={labels} attempt={form.attempt} />
        <TextField
          path="amount"
          label={labels.amount}
          hint={t("codes.moneyHint")}
          value={form.values.amount}
          error={form.errors.amount}
          onChange={(amount) => form.update({ amount })}
        />
        <TextField
          path="validUntil"
          label={labels.validUntil}
          hint={t("giftcards.validUntilHint")}
          type="date"
          value={form.values.validUntil}
          error={form.errors.validUntil}
          onChange={(validUntil) => form.update({ validUntil })}
        />
        <div className="actions">
          <SubmitButton busy={form.busy}>{t("giftcards.issue")}</SubmitButton>
        </div>
      </form>
    </section>
  );
}

/** The new card's code, large and in full, with a copy button: the moment the restaurant hands it out. */
function IssuedDialog({ card, onClose }: { card: GiftcardView | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  useEffect(() => {
    const element = dialog.current;
    if (card && element && !element.open) {
      setCopied(null);
      element.showModal();
    }
  }, [card]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(card!.code);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <dialog ref={dialog} className="codes-dialog" aria-labelledby="issued-title" onClose={onClose}>
      {card && (
        <div className="codes-dialog-body">
          <h2 id="issued-title">{t("giftcards.issuedTitle")}</h2>
          <p>{t("giftcards.issuedText", { amount: moneyText(card.balance, i18n.language as Language) })}</p>
          <p className="giftcard-code">{card.code}</p>
          <p className="saved-note" role="status">
            {copied === "yes" ? t("giftcards.copied") : copied === "failed" ? t("giftcards.copyFailed") : ""}
          </p>
          <div className="button-row">
            <button type="button" className="button" onClick={() => void copy()}>
              {t("giftcards.copy")}
            </button>
            <button type="button" className="button primary" onClick={() => dialog.current?.close()}>
              {t("giftcards.done")}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}

function CardEntry(props: { card: GiftcardView; restaurantId: number; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const { card, restaurantId } = props;
  const language = i18n.language as Language;
  const [showLedger, setShowLedger] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const switchTo = async (isActive: boolean) => {
    setConfirming(false);
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await setGiftcardActive(restaurantId, card, isActive);
    } catch (failure) {
      setError(t(`errors.${errorMessageKey(failure)}`, { defaultValue: t("errors.Unknown") }));
    } finally {
      setBusy(false);
    }
  };
  const ledgerId = `ledger-${card.id}`;
  return (
    <article className="code-entry" aria-labelledby={`card-${card.id}`}>
      <div className="code-head">
        <h3 id={`card-${card.id}`} className="code-name giftcard-code-small">
          {card.code}
        </h3>
        <GiftcardBadge card={card} timeZone={props.timeZone} />
      </div>
      <p>
        {t("giftcards.balance", {
          balance: moneyText(card.balance, language),
          initial: moneyText(card.initialAmount, language),
        })}
      </p>
      <p className="muted">
        {card.validUntil
          ? t("giftcards.validUntilText", { date: dateText(card.validUntil, language) })
          : t("giftcards.noEnd")}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="button-row">
        <button
          type="button"
          className="button"
          aria-expanded={showLedger}
          aria-controls={ledgerId}
          onClick={() => setShowLedger((shown) => !shown)}
        >
          {showLedger ? t("giftcards.hideLedger") : t("giftcards.showLedger")}
          <span className="visually-hidden"> {card.code}</span>
        </button>
        <button
          type="button"
          className="button"
          aria-disabled={busy || undefined}
          onClick={() => (card.isActive ? setConfirming(true) : void switchTo(true))}
        >
          {card.isActive ? t("giftcards.deactivate") : t("giftcards.reactivate")}
          <span className="visually-hidden"> {card.code}</span>
        </button>
      </div>
      <div id={ledgerId} className="ledger-scroll">
        {showLedger && <Ledger {...props} />}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("giftcards.confirmTitle", { code: card.code })}
        confirmLabel={t("giftcards.deactivate")}
        onConfirm={() => void switchTo(false)}
        onCancel={() => setConfirming(false)}
      >
        <p>{t("giftcards.confirmText", { balance: moneyText(card.balance, language) })}</p>
      </ConfirmDialog>
    </article>
  );
}

function GiftcardBadge({ card, timeZone }: { card: GiftcardView; timeZone: string }) {
  const { t } = useTranslation();
  const state = giftcardState(card, localParts(new Date(), timeZone).date);
  return <span className={state === "on" ? "badge" : "badge warn"}>{t(`codes.state.${state}`)}</span>;
}

/** A card's history; a card with none yet (one the seed or an import made) says so instead of bare headings. */
export function Ledger({
  card,
  restaurantId,
  timeZone,
}: {
  card: GiftcardView;
  restaurantId: number;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const detail = useQuery(giftcardQuery(restaurantId, card.id));
  const language = i18n.language as Language;
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <LoadFailed />;
  if (detail.data.ledger.length === 0) return <p className="muted">{t("giftcards.noActivity")}</p>;
  const when = (iso: string) => dateTimeText(iso, timeZone, language, "short");
  return (
    <table className="ledger">
      <caption className="visually-hidden">{t("giftcards.ledgerCaption", { code: card.code })}</caption>
      <thead>
        <tr>
          <th scope="col">{t("giftcards.when")}</th>
          <th scope="col">{t("giftcards.what")}</th>
          <th scope="col" className="amount">
            {t("giftcards.amountColumn")}
          </th>
          <th scope="col">{t("giftcards.receipt")}</th>
        </tr>
      </thead>
      <tbody>
        {detail.data.ledger.map((entry) => (
          <tr key={entry.id}>
            <td>{when(entry.at)}</td>
            <td>
              {t(`giftcards.kind.${entry.kind}`)}
              {entry.by && <span className="muted"> · {entry.by}</span>}
            </td>
            <td className="amount">
              {entry.amount > 0 ? "+" : entry.amount < 0 ? "−" : ""}
              {moneyText(Math.abs(entry.amount), language)}
            </td>
            <td>{entry.receiptNumber === null ? "–" : `#${entry.receiptNumber}`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
