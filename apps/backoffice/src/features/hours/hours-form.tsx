/**
 * The restaurant's hours in one save: opening and delivery hours per weekday (several ranges a day, a range may
 * close after midnight), special hours on dates and closed dates. Keyboard only: every action is a button in
 * reading order; an added row's first field takes the focus, a removed row gives it to its list's add button.
 */
import { type RestaurantHours, UpdateRestaurantHoursRequest } from "@app/contracts";
import { hoursProblems } from "@app/domain";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { SavedNote, SubmitButton } from "../../components/form";
import { dateInWords } from "../../lib/date-in-words";
import type { FieldErrors } from "../../lib/form-errors";
import { useMediaQuery } from "../../lib/use-media-query";
import { saveHours } from "./api";
import {
  CompactField,
  ConflictNotice,
  focusField,
  HoursErrorSummary,
  Section,
  useWeekdayNames,
  useWeekdayWords,
} from "./fields";
import {
  closesNextDay,
  type HoursValues,
  type Kind,
  newKey,
  type SpecialRow,
  toHoursInput,
  toHoursValues,
  type WeeklyRow,
} from "./form-values";
import { useSectionForm } from "./use-section-form";

type Update = (change: (current: HoursValues) => HoursValues) => void;

export function HoursForm(props: {
  restaurantId: number;
  hours: RestaurantHours;
  reload: () => Promise<RestaurantHours>;
}) {
  const { t, i18n } = useTranslation();
  const form = useSectionForm({
    schema: UpdateRestaurantHoursRequest,
    initial: toHoursValues(props.hours),
    toInput: toHoursInput,
    problems: hoursProblems,
    onValid: async (request) => toHoursValues(await saveHours(props.restaurantId, request)),
  });
  const { values, errors, update } = form;
  const days = useWeekdayNames();
  const labelOf = (path: string) => {
    const [list, index, field] = path.split(".");
    const fieldLabel =
      field === "date" ? t("hours.date") : field === "reason" ? t("hours.closed.reason") : t(`hours.${field}`);
    if (list === "weekly") {
      const row = values.weekly[Number(index)];
      return row && `${t(`hours.kind.${row.kind}`)}, ${days[row.weekday - 1]}, ${fieldLabel}`;
    }
    if (list === "special")
      return `${t("hours.special.title")} ${dateInWords(values.special[Number(index)]?.date ?? "", i18n.language) ?? ""}, ${fieldLabel}`;
    if (list === "closed") return `${t("hours.closed.title")} ${Number(index) + 1}, ${fieldLabel}`;
    return undefined;
  };
  return (
    <form noValidate onSubmit={form.submit} className="form sub-form hours-form" aria-labelledby="hours-title">
      <h2 id="hours-title">{t("hours.hoursTitle")}</h2>
      <p className="hint">{t("hours.timeZone", { zone: props.hours.timeZone })}</p>
      <ConflictNotice
        conflict={form.conflict}
        attempt={form.attempt}
        timeZone={props.hours.timeZone}
        onReload={async () => form.reset(toHoursValues(await props.reload()))}
      />
      <HoursErrorSummary id="hours" errors={errors} attempt={form.attempt} labelOf={labelOf} />
      {(["opening", "delivery"] as const).map((kind) => (
        <Section key={kind} id={`hours-${kind}`} title={t(`hours.kind.${kind}`)}>
          <FoldedWeek kind={kind} rows={values.weekly} errors={errors} attempt={form.attempt}>
            <WeeklyEditor kind={kind} rows={values.weekly} errors={errors} update={update} />
          </FoldedWeek>
        </Section>
      ))}
      <Section id="hours-special" title={t("hours.special.title")}>
        <p className="hint">{t("hours.special.hint")}</p>
        <SpecialEditor rows={values.special} errors={errors} update={update} />
      </Section>
      <Section id="hours-closed" title={t("hours.closed.title")}>
        <ClosedEditor values={values} errors={errors} update={update} />
      </Section>
      <div className="actions">
        <SubmitButton busy={form.busy}>{t("hours.saveHours")}</SubmitButton>
        <SavedNote shown={form.saved} />
      </div>
    </form>
  );
}

/**
 * On a phone a week's editor is folded to one line a day ("Mandag 11:00–14:00, 17:00–21:00") and a button that
 * opens it: fourteen days of fields made the page 6,600 px tall. A refused save opens the week it refused something
 * in, so the error summary's links reach their fields. Wider screens show the editor as it is.
 */
function FoldedWeek(props: {
  kind: Kind;
  rows: WeeklyRow[];
  errors: FieldErrors;
  attempt: number;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const days = useWeekdayNames();
  const phone = !useMediaQuery("(min-width: 48rem)");
  const [open, setOpen] = useState(false);
  const { kind, rows, errors, attempt } = props;
  const refusedHere = Object.keys(errors).some((path) => {
    const [list, index] = path.split(".");
    return list === "weekly" && rows[Number(index)]?.kind === kind;
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new save attempt opens the week, not each keystroke
  useEffect(() => {
    if (attempt > 0 && refusedHere) setOpen(true);
  }, [attempt]);
  if (!phone) return <>{props.children}</>;
  const editorId = `week-${kind}`;
  return (
    <>
      {!open && (
        <dl className="week-summary">
          {days.map((day, i) => {
            const ranges = rows
              .filter((row) => row.kind === kind && row.weekday === i + 1)
              .map((row) => `${row.opens}–${row.closes}`);
            return (
              <div key={day}>
                <dt>{day}</dt>
                <dd>{ranges.length > 0 ? ranges.join(", ") : t("hours.closedDay")}</dd>
              </div>
            );
          })}
        </dl>
      )}
      <button
        type="button"
        className="button week-toggle"
        aria-expanded={open}
        aria-controls={editorId}
        onClick={() => setOpen(!open)}
      >
        {t(`hours.editWeek.${kind}`)}
      </button>
      <div id={editorId} hidden={!open}>
        {props.children}
      </div>
    </>
  );
}

function WeeklyEditor(props: { kind: Kind; rows: WeeklyRow[]; errors: FieldErrors; update: Update }) {
  const { t } = useTranslation();
  const days = useWeekdayNames();
  const words = useWeekdayWords();
  const { kind, rows, update } = props;
  const add = (weekday: number) => {
    const index = rows.length;
    update((v) => ({ ...v, weekly: [...v.weekly, { key: newKey(), kind, weekday, opens: "11:00", closes: "21:00" }] }));
    focusField(`weekly.${index}.opens`);
  };
  const copyToAll = (weekday: number) => {
    const source = rows.filter((row) => row.kind === kind && row.weekday === weekday);
    update((v) => ({
      ...v,
      weekly: [
        ...v.weekly.filter((row) => row.kind !== kind || row.weekday === weekday),
        ...[1, 2, 3, 4, 5, 6, 7]
          .filter((day) => day !== weekday)
          .flatMap((day) => source.map((row) => ({ ...row, key: newKey(), weekday: day }))),
      ],
    }));
  };
  return (
    <div className="week">
      {days.map((day, i) => {
        const weekday = i + 1;
        const ranges = rows.flatMap((row, index) =>
          row.kind === kind && row.weekday === weekday ? [{ row, index }] : [],
        );
        return (
          <fieldset key={day} className="day">
            <legend>{day}</legend>
            {ranges.length === 0 && <p className="muted">{t("hours.closedDay")}</p>}
            {ranges.map(({ row, index }) => (
              <RangeRow
                key={row.key}
                prefix={`weekly.${index}`}
                row={row}
                errors={props.errors}
                onChange={(change) =>
                  update((v) => ({ ...v, weekly: v.weekly.map((r) => (r.key === row.key ? { ...r, ...change } : r)) }))
                }
                onRemove={() => {
                  update((v) => ({ ...v, weekly: v.weekly.filter((r) => r.key !== row.key) }));
                  focusField(`add-${kind}-${weekday}`);
                }}
                removeLabel={t("hours.removeRange", { day: words[i], opens: row.opens, closes: row.closes })}
              />
            ))}
            <div className="row-actions">
              <button type="button" className="button" id={`field-add-${kind}-${weekday}`} onClick={() => add(weekday)}>
                {t("hours.addRange")}
                <span className="visually-hidden"> ({day})</span>
              </button>
              {ranges.length > 0 && (
                <button type="button" className="button quiet" onClick={() => copyToAll(weekday)}>
                  {t("hours.copyToAll", { day: words[i] })}
                </button>
              )}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}

type RangeValues = { opens: string; closes: string };

function RangeRow(props: {
  prefix: string;
  row: RangeValues;
  errors: FieldErrors;
  onChange: (change: Partial<RangeValues>) => void;
  onRemove: () => void;
  removeLabel: string;
}) {
  const { t } = useTranslation();
  const { prefix, row, errors } = props;
  return (
    <div className="range-row times">
      <CompactField
        path={`${prefix}.opens`}
        label={t("hours.opens")}
        inputMode="numeric"
        placeholder="11:00"
        value={row.opens}
        error={errors[`${prefix}.opens`]}
        onChange={(opens) => props.onChange({ opens })}
      />
      <CompactField
        path={`${prefix}.closes`}
        label={t("hours.closes")}
        inputMode="numeric"
        placeholder="21:00"
        value={row.closes}
        error={errors[`${prefix}.closes`]}
        hint={closesNextDay(row.opens, row.closes) ? t("hours.nextDay") : undefined}
        onChange={(closes) => props.onChange({ closes })}
      />
      <button type="button" className="button quiet remove" aria-label={props.removeLabel} onClick={props.onRemove}>
        {t("hours.remove")}
      </button>
    </div>
  );
}

/** A dated row's remove button named by its day in words ("Remove closed date Thu, Dec 24, 2026"), or as new. */
function useRemoveLabel(): (key: string, date: string) => string {
  const { t, i18n } = useTranslation();
  return (key, date) => {
    const day = dateInWords(date, i18n.language);
    return t(key, { date: day, context: day ? undefined : "new" });
  };
}

function SpecialEditor(props: { rows: SpecialRow[]; errors: FieldErrors; update: Update }) {
  const { t, i18n } = useTranslation();
  const removeLabel = useRemoveLabel();
  const { rows, update, errors } = props;
  const add = () => {
    const index = rows.length;
    const row: SpecialRow = { key: newKey(), kind: "opening", date: "", opens: "11:00", closes: "21:00" };
    update((v) => ({ ...v, special: [...v.special, row] }));
    focusField(`special.${index}.date`);
  };
  const change = (key: number, patch: Partial<SpecialRow>) =>
    update((v) => ({ ...v, special: v.special.map((r) => (r.key === key ? { ...r, ...patch } : r)) }));
  return (
    <>
      {rows.map((row, index) => (
        <fieldset key={row.key} className="day">
          <legend>{dateInWords(row.date, i18n.language) ?? t("hours.special.new")}</legend>
          <div className="range-row">
            <CompactField
              path={`special.${index}.date`}
              type="date"
              label={t("hours.date")}
              // The row's legend says the day in words: under the field too, it was said twice.
              dayInWords={false}
              value={row.date}
              error={errors[`special.${index}.date`]}
              onChange={(date) => change(row.key, { date })}
            />
            <div className="field compact choice">
              <label htmlFor={`field-special-${index}-kind`}>{t("hours.kindLabel")}</label>
              <select
                id={`field-special-${index}-kind`}
                value={row.kind}
                onChange={(event) => change(row.key, { kind: event.target.value as Kind })}
              >
                <option value="opening">{t("hours.kind.opening")}</option>
                <option value="delivery">{t("hours.kind.delivery")}</option>
              </select>
            </div>
          </div>
          <RangeRow
            prefix={`special.${index}`}
            row={row}
            errors={errors}
            onChange={(patch) => change(row.key, patch)}
            onRemove={() => {
              update((v) => ({ ...v, special: v.special.filter((r) => r.key !== row.key) }));
              focusField("add-special");
            }}
            removeLabel={removeLabel("hours.special.remove", row.date)}
          />
        </fieldset>
      ))}
      <div className="row-actions">
        <button type="button" className="button" id="field-add-special" onClick={add}>
          {t("hours.special.add")}
        </button>
      </div>
    </>
  );
}

function ClosedEditor(props: { values: HoursValues; errors: FieldErrors; update: Update }) {
  const { t } = useTranslation();
  const removeLabel = useRemoveLabel();
  const { values, update, errors } = props;
  const add = () => {
    const index = values.closed.length;
    update((v) => ({ ...v, closed: [...v.closed, { key: newKey(), date: "", reason: "" }] }));
    focusField(`closed.${index}.date`);
  };
  return (
    <>
      {values.closed.map((row, index) => (
        <div key={row.key} className="range-row list-row">
          <CompactField
            path={`closed.${index}.date`}
            type="date"
            label={t("hours.date")}
            value={row.date}
            error={errors[`closed.${index}.date`]}
            onChange={(date) =>
              update((v) => ({ ...v, closed: v.closed.map((r) => (r.key === row.key ? { ...r, date } : r)) }))
            }
          />
          <CompactField
            path={`closed.${index}.reason`}
            label={t("hours.closed.reason")}
            className="wide"
            value={row.reason}
            error={errors[`closed.${index}.reason`]}
            onChange={(reason) =>
              update((v) => ({ ...v, closed: v.closed.map((r) => (r.key === row.key ? { ...r, reason } : r)) }))
            }
          />
          <button
            type="button"
            className="button quiet remove"
            aria-label={removeLabel("hours.closed.remove", row.date)}
            onClick={() => {
              update((v) => ({ ...v, closed: v.closed.filter((r) => r.key !== row.key) }));
              focusField("add-closed");
            }}
          >
            {t("hours.remove")}
          </button>
        </div>
      ))}
      <div className="row-actions">
        <button type="button" className="button" id="field-add-closed" onClick={add}>
          {t("hours.closed.add")}
        </button>
      </div>
    </>
  );
}
