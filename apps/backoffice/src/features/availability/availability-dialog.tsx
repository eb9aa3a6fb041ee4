/**
 * Sold out and pause, two taps from the queue: one button opens this dialog, the next tap pauses online orders or,
 * after finding a product or choice, sells it out. What is sold out is listed with when it comes back (the
 * restaurant's clock) and a Restore. A native modal <dialog>: focus stays inside, Escape closes it.
 */
import type { PauseRequest, SoldOutRequest } from "@app/contracts";
import { SoldOutRequest as SoldOutSchema } from "@app/contracts";
import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageKey } from "../../lib/form-errors";
import { useNow } from "../../lib/use-now";
import { catalogueItemsQuery, changePause, markSoldOut, restoreSoldOut } from "./api";
import { type Item, matchingItems } from "./matching-items";
import { orderingState, stillSoldOut } from "./ordering-state";
import { whenText } from "./until-text";
import { useAvailability } from "./use-availability";

type Props = { restaurantId: number; timeZone: string };

const PAUSE_MINUTES = [15, 30, 60] as const;
const BUSY_MINUTES = [10, 15, 20, 30, 45, 60] as const;
const MAX_RESULTS = 8;

/** The button that opens the dialog: put it on every staff screen (the order queue, the kitchen display). */
export function AvailabilityButton(props: Props) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button"
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal();
        }}
      >
        {t("availability.open_button")}
      </button>
      <dialog
        ref={dialog}
        className="availability-dialog"
        aria-labelledby="availability-title"
        onClose={() => setOpen(false)}
      >
        {open && <AvailabilityPanel {...props} onClose={() => dialog.current?.close()} />}
      </dialog>
    </>
  );
}

function AvailabilityPanel({ restaurantId, timeZone, onClose }: Props & { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="availability-panel">
      <div className="dialog-head">
        <h2 id="availability-title">{t("availability.title")}</h2>
        <button type="button" className="button" onClick={onClose}>
          {t("availability.close")}
        </button>
      </div>
      <PauseSection restaurantId={restaurantId} timeZone={timeZone} />
      <SoldOutPicker restaurantId={restaurantId} />
      <SoldOutList restaurantId={restaurantId} timeZone={timeZone} />
    </div>
  );
}

/** Runs one change at a time and keeps its refusal as a message key. */
function useChange() {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const run = async (change: () => Promise<void>, doneText: string) => {
    if (busy) return;
    setBusy(true);
    setFailed(null);
    setDone(null);
    try {
      await change();
      setDone(doneText);
    } catch (error) {
      setFailed(errorMessageKey(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, failed, done, run };
}

function ChangeMessages({ failed, done }: { failed: string | null; done: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="saved-note" role="status">
        {done ?? ""}
      </p>
      {failed && (
        <p className="field-error" role="alert">
          {t(`errors.${failed}`, { defaultValue: t("errors.Unknown") })}
        </p>
      )}
    </>
  );
}

function PauseSection({ restaurantId, timeZone }: Props) {
  const { t, i18n } = useTranslation();
  const now = useNow(5_000);
  const availability = useAvailability(restaurantId);
  const change = useChange();
  const [busyMinutes, setBusyMinutes] = useState<number>(20);
  const selectId = useId();
  const state = availability.data ? orderingState(availability.data, now) : { kind: "open" as const };
  const send = (request: PauseRequest, doneText: string) =>
    change.run(() => changePause(restaurantId, i18n.language, request), doneText);
  const until = state.kind === "open" ? "" : whenText(t, state.until, now, timeZone, i18n.language);
  return (
    <section className="availability-section" aria-labelledby="pause-title">
      <h3 id="pause-title">{t("availability.pauseTitle")}</h3>
      <p className={`ordering-state ${state.kind}`}>
        {state.kind === "paused"
          ? t("availability.pausedUntil", { until })
          : state.kind === "busy"
            ? t("availability.busyUntil", { minutes: state.minutes, until })
            : t("availability.open")}
      </p>
      {/* "Pause" once before the choices, each named in full for a screen reader: "Pause 15 min." four times
          over took a row each on a phone. The minutes share one row; the rest of the day fills the next. */}
      <div className="button-row pause-row">
        <span className="button-row-label" aria-hidden="true">
          {t("availability.pauseLabel")}
        </span>
        <div className="pause-steps">
          {PAUSE_MINUTES.map((minutes) => (
            <button
              key={minutes}
              type="button"
              className="button"
              aria-label={t("availability.pauseMinutes", { minutes })}
              aria-disabled={change.busy || undefined}
              onClick={() => send({ kind: "pause", minutes }, t("availability.pausedDone"))}
            >
              {t("availability.pauseStep", { minutes })}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="button pause-today"
          aria-label={t("availability.pauseToday")}
          aria-disabled={change.busy || undefined}
          onClick={() => send({ kind: "pause-today" }, t("availability.pausedDone"))}
        >
          {t("availability.pauseTodayShort")}
        </button>
      </div>
      <div className="button-row">
        <label className="button-row-label" htmlFor={selectId}>
          {t("availability.busyLabel")}
        </label>
        <select id={selectId} value={busyMinutes} onChange={(event) => setBusyMinutes(Number(event.target.value))}>
          {BUSY_MINUTES.map((minutes) => (
            <option key={minutes} value={minutes}>
              {t("availability.plusMinutes", { minutes })}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button"
          aria-disabled={change.busy || undefined}
          onClick={() => send({ kind: "busy", minutes: busyMinutes }, t("availability.busyDone"))}
        >
          {t("availability.busyButton")}
        </button>
      </div>
      {state.kind !== "open" && (
        <button
          type="button"
          className="button primary"
          aria-disabled={change.busy || undefined}
          onClick={() => send({ kind: "resume" }, t("availability.resumedDone"))}
        >
          {state.kind === "paused" ? t("availability.resume") : t("availability.endBusy")}
        </button>
      )}
      <ChangeMessages failed={change.failed} done={change.done} />
    </section>
  );
}

function SoldOutPicker({ restaurantId }: { restaurantId: number }) {
  const { t, i18n } = useTranslation();
  const items = useQuery(catalogueItemsQuery(restaurantId, i18n.language));
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState<Item | null>(null);
  const [time, setTime] = useState("");
  const [timeError, setTimeError] = useState(false);
  const change = useChange();
  const searchId = useId();
  const timeId = useId();
  const results = items.data ? matchingItems(items.data, search) : [];
  const sellOut = (until: SoldOutRequest["until"]) => {
    if (!chosen) return;
    const request = SoldOutSchema.safeParse({ target: chosen.target, id: chosen.id, until });
    setTimeError(!request.success);
    if (!request.success) return;
    void change.run(
      async () => {
        await markSoldOut(restaurantId, i18n.language, request.data);
        setChosen(null);
        setSearch("");
        setTime("");
      },
      t("availability.soldOutDone", { name: chosen.name }),
    );
  };
  return (
    <section className="availability-section" aria-labelledby="sold-out-title">
      <h3 id="sold-out-title">{t("availability.soldOutTitle")}</h3>
      <div className="field">
        <label htmlFor={searchId}>{t("availability.search")}</label>
        <input
          id={searchId}
          type="search"
          autoComplete="off"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setChosen(null);
          }}
        />
      </div>
      {items.isError && (
        <p className="field-error" role="alert">
          {t("app.loadFailed")}
        </p>
      )}
      {search.trim() !== "" && !chosen && (
        <ul className="pick-list" aria-label={t("availability.results")}>
          {/* While the list loads nothing has been looked through yet: "no match" would be untrue. */}
          {items.isPending && <li className="muted">{t("app.loading")}</li>}
          {items.isSuccess && results.length === 0 && <li className="muted">{t("availability.noMatch")}</li>}
          {results.slice(0, MAX_RESULTS).map((item) => (
            <li key={`${item.target}-${item.id}`}>
              <button type="button" className="pick" onClick={() => setChosen(item)}>
                <span className="pick-name">{item.name}</span>
                <span className="muted">
                  {t(`availability.target.${item.target}`)}
                  {item.group ? ` · ${item.group}` : ""}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen && (
        <fieldset className="group sold-out-until">
          <legend>{t("availability.untilLegend", { name: chosen.name })}</legend>
          <div className="button-row">
            <button type="button" className="button primary" onClick={() => sellOut({ kind: "end-of-day" })}>
              {t("availability.untilEndOfDay")}
            </button>
            <button type="button" className="button primary" onClick={() => sellOut({ kind: "restored" })}>
              {t("availability.untilRestored")}
            </button>
          </div>
          <div className="button-row">
            <label className="button-row-label" htmlFor={timeId}>
              {t("availability.untilTimeLabel")}
            </label>
            <input
              id={timeId}
              type="time"
              className="time-input"
              value={time}
              aria-invalid={timeError || undefined}
              aria-describedby={timeError ? `${timeId}-error` : undefined}
              onChange={(event) => setTime(event.target.value)}
            />
            <button type="button" className="button primary" onClick={() => sellOut({ kind: "time", time })}>
              {t("availability.untilTime")}
            </button>
          </div>
          {timeError && (
            <p className="field-error" id={`${timeId}-error`}>
              {t("errors.SoldOut.TimeRequired")}
            </p>
          )}
          <button type="button" className="button quiet" onClick={() => setChosen(null)}>
            {t("availability.cancel")}
          </button>
        </fieldset>
      )}
      <ChangeMessages failed={change.failed} done={change.done} />
    </section>
  );
}

function SoldOutList({ restaurantId, timeZone }: Props) {
  const { t, i18n } = useTranslation();
  const now = useNow(15_000);
  const availability = useAvailability(restaurantId);
  const change = useChange();
  const items = availability.data ? stillSoldOut(availability.data, now) : [];
  return (
    <section className="availability-section" aria-labelledby="sold-out-list-title">
      <h3 id="sold-out-list-title">{t("availability.listTitle")}</h3>
      {items.length === 0 ? (
        <p className="muted">{t("availability.noneSoldOut")}</p>
      ) : (
        <ul className="sold-out-list">
          {items.map((item) => (
            <li key={`${item.target}-${item.id}`} className="sold-out-item">
              <span>
                <span className="pick-name">{item.name}</span>{" "}
                <span className="muted">
                  {item.until
                    ? t("availability.backAt", { when: whenText(t, item.until, now, timeZone, i18n.language) })
                    : t("availability.untilRestoredShort")}
                </span>
              </span>
              <button
                type="button"
                className="button"
                aria-disabled={change.busy || undefined}
                onClick={() =>
                  change.run(
                    () => restoreSoldOut(restaurantId, i18n.language, item),
                    t("availability.restoredDone", { name: item.name }),
                  )
                }
              >
                {t("availability.restore")}
                <span className="visually-hidden">: {item.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <ChangeMessages failed={change.failed} done={change.done} />
    </section>
  );
}
