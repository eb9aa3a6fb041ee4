/**
 * The small controls of the hours and ordering lists: a labelled input with its error on the field, the error
 * summary and the notice of a save someone else made first. Codes of these editors (OVERLAP, SAME_TIMES, …) are
 * worded under `hours.errors`, the app's common ones under `errors`.
 */
import { type ReactNode, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { dateInWords } from "../../lib/date-in-words";
import { type FieldError, type FieldErrors, FORM, fieldId } from "../../lib/form-errors";
import { weekdayNames } from "./weekday-names";

/** A time or date that does not parse is worded for what the field holds (the schema says only "invalid"). */
function ownCode(code: string, path: string | undefined): string {
  if (code !== "Input.Invalid" && code !== "Input.Required") return code;
  if (path && /\.(opens|closes|starts|ends)$/.test(path)) return "InvalidTime";
  if (path?.endsWith(".date")) return "InvalidDate";
  return code;
}

export function useHoursErrorText(): (error: FieldError | undefined, path?: string) => string | undefined {
  const { t, i18n } = useTranslation();
  return (error, path) => {
    if (!error) return undefined;
    const own = `hours.errors.${ownCode(error.code, path)}`;
    if (i18n.exists(own)) return t(own, error.values);
    return t(`errors.${error.code}`, { ...error.values, defaultValue: t("errors.Unknown") });
  };
}

type CompactFieldProps = {
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: FieldError | undefined;
  hint?: string | undefined;
  inputMode?: "numeric" | "decimal" | "text";
  type?: "text" | "date";
  placeholder?: string;
  className?: string;
  /** A date field says its day in words under its label unless something beside it says it already. */
  dayInWords?: boolean;
};

/**
 * A label, the hint and the error, then the input (as the app's TextField): the inputs of a row stay level at its
 * bottom however the labels wrap or which field has a hint. The hint and the error are tied to the input
 * (aria-describedby), the input marked invalid. A date field's hint is the day it holds in the app's language (the
 * field shows the browser's order: 01/02 or 02.01).
 */
export function CompactField(props: CompactFieldProps) {
  const { i18n } = useTranslation();
  const errorText = useHoursErrorText()(props.error, props.path);
  const id = fieldId(props.path);
  const sayDay = props.type === "date" && props.dayInWords !== false;
  const hint = props.hint ?? (sayDay ? dateInWords(props.value, i18n.language) : undefined);
  const described = [hint && `${id}-hint`, errorText && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div
      className={`field compact ${props.type === "date" ? "date" : ""} ${props.error ? "has-error" : ""} ${props.className ?? ""}`}
    >
      <label htmlFor={id}>{props.label}</label>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {errorText && (
        <p className="field-error" id={`${id}-error`}>
          {errorText}
        </p>
      )}
      <input
        id={id}
        name={props.path}
        type={props.type ?? "text"}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}

/** Every refused field of the form as a link to it; takes the focus on each refused save (GOV.UK's pattern). */
export function HoursErrorSummary(props: {
  id: string;
  errors: FieldErrors;
  attempt: number;
  /** Which field a path is, in words ("Delivery hours, Monday: Closes"): list rows repeat their labels. */
  labelOf: (path: string) => string | undefined;
}) {
  const { id, errors, attempt, labelOf } = props;
  const { t } = useTranslation();
  const errorText = useHoursErrorText();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (attempt > 0) ref.current?.focus();
  }, [attempt]);
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} role="alert" aria-labelledby={`${id}-problem`}>
      <h2 id={`${id}-problem`}>{t("form.problem")}</h2>
      <ul>
        {entries.map(([path, error]) => (
          <li key={path}>
            {path === FORM ? (
              errorText(error, path)
            ) : (
              <a
                href={`#${fieldId(path)}`}
                onClick={(event) => {
                  const target = document.getElementById(fieldId(path));
                  if (target) {
                    event.preventDefault();
                    target.focus();
                  }
                }}
              >
                {labelOf(path) ? `${labelOf(path)}: ` : ""}
                {errorText(error, path)}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export { ConflictNotice } from "../../components/conflict-notice";

/** Monday … Sunday in the user's language, ISO numbered 1–7: each with a capital, for legends and lists. */
export function useWeekdayNames(): string[] {
  const { i18n } = useTranslation();
  return useMemo(() => weekdayNames(i18n.language, "heading"), [i18n.language]);
}

/** Monday … Sunday as the user's language writes them inside a sentence ("Kopiér mandag til alle dage"). */
export function useWeekdayWords(): string[] {
  const { i18n } = useTranslation();
  return useMemo(() => weekdayNames(i18n.language, "sentence"), [i18n.language]);
}

export function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="hours-section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

/** After a row is added, its first input takes the focus; after one is removed, the list's add button. */
export function focusField(path: string): void {
  requestAnimationFrame(() => document.getElementById(fieldId(path))?.focus());
}
