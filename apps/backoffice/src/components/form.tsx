/**
 * The form controls of every page: a visible label, the hint and the error tied to the control with
 * aria-describedby, aria-invalid while refused (WCAG 3.3.1, 3.3.2), and an error summary above the form that
 * takes the focus and links to each field (GOV.UK's pattern).
 */
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { dateInWords } from "../lib/date-in-words";
import { type FieldError, type FieldErrors, FORM, fieldId } from "../lib/form-errors";

export function useErrorText(): (error: FieldError | undefined) => string | undefined {
  const { t } = useTranslation();
  return (error) =>
    error ? t(`errors.${error.code}`, { ...error.values, defaultValue: t("errors.Unknown") }) : undefined;
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const present = ids.filter(Boolean);
  return present.length ? present.join(" ") : undefined;
}

type FieldProps = {
  path: string;
  label: string;
  hint?: string | undefined;
  error?: FieldError | undefined;
};

function FieldMessages({ path, hint, error }: Omit<FieldProps, "label">) {
  const errorText = useErrorText()(error);
  const id = fieldId(path);
  return (
    <>
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
    </>
  );
}

type InputProps = FieldProps & {
  value: string;
  onChange: (value: string) => void;
  type?: "text" | "email" | "password" | "tel" | "url" | "date" | "number";
  autoComplete?: string;
  inputMode?: "text" | "numeric" | "decimal" | "email" | "tel" | "url";
  required?: boolean;
  multiline?: boolean;
  children?: ReactNode;
};

export function TextField(props: InputProps) {
  const { path, label, hint, error, value, onChange, type = "text", autoComplete, inputMode, required } = props;
  const { i18n } = useTranslation();
  const id = fieldId(path);
  const day = type === "date" ? dateInWords(value, i18n.language) : undefined;
  const common = {
    id,
    name: path,
    value,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(hint && `${id}-hint`, error && `${id}-error`, day && `${id}-day`),
    required,
  };
  return (
    <div className={error ? "field has-error" : "field"}>
      <label htmlFor={id}>{label}</label>
      <FieldMessages path={path} hint={hint} error={error} />
      <div className="control-row">
        {props.multiline ? (
          <textarea {...common} rows={6} onChange={(event) => onChange(event.target.value)} />
        ) : (
          <input
            {...common}
            type={type}
            autoComplete={autoComplete}
            inputMode={inputMode}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
        {props.children}
      </div>
      {/* Under the date field, the day it holds in the app's language (the field shows the browser's). */}
      {day && (
        <p className="hint" id={`${id}-day`}>
          {day}
        </p>
      )}
    </div>
  );
}

export function CheckboxField(props: FieldProps & { checked: boolean; onChange: (checked: boolean) => void }) {
  const { path, label, hint, error, checked, onChange } = props;
  const id = fieldId(path);
  return (
    <div className={error ? "field checkbox has-error" : "field checkbox"}>
      <input
        id={id}
        name={path}
        type="checkbox"
        checked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        <FieldMessages path={path} hint={hint} error={error} />
      </div>
    </div>
  );
}

export function SelectField<T extends string>(
  props: FieldProps & { value: T; options: { value: T; label: string }[]; onChange: (value: T) => void },
) {
  const { path, label, hint, error, value, options, onChange } = props;
  const id = fieldId(path);
  return (
    <div className={error ? "field has-error" : "field"}>
      <label htmlFor={id}>{label}</label>
      <FieldMessages path={path} hint={hint} error={error} />
      <select
        id={id}
        name={path}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A group of checkboxes or radios under one question (fieldset + legend). */
export function FieldGroup(props: {
  legend: string;
  path: string;
  error?: FieldError | undefined;
  children: ReactNode;
}) {
  const errorText = useErrorText()(props.error);
  const id = fieldId(props.path);
  return (
    <fieldset
      className={props.error ? "group has-error" : "group"}
      id={id}
      tabIndex={-1}
      aria-describedby={errorText ? `${id}-error` : undefined}
    >
      <legend>{props.legend}</legend>
      {errorText && (
        <p className="field-error" id={`${id}-error`}>
          {errorText}
        </p>
      )}
      {props.children}
    </fieldset>
  );
}

/**
 * "There is a problem": every error of the form, each a link to its field. It takes the focus when the errors
 * change, so a screen reader reads them and a keyboard user is one Tab from the first link.
 */
export function ErrorSummary(props: { errors: FieldErrors; labels: Record<string, string>; attempt: number }) {
  const { errors, labels, attempt } = props;
  const { t } = useTranslation();
  const errorText = useErrorText();
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors);
  useEffect(() => {
    if (attempt > 0) ref.current?.focus();
  }, [attempt]);
  if (entries.length === 0) return null;
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} role="alert" aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">{t("form.problem")}</h2>
      <ul>
        {entries.map(([path, error]) => (
          <li key={path}>
            {path === FORM ? (
              errorText(error)
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
                {labels[path] ? `${labels[path]}: ` : ""}
                {errorText(error)}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Saved" after a successful save, announced politely. */
export function SavedNote({ shown }: { shown: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="saved-note" role="status">
      {shown ? t("form.saved") : ""}
    </p>
  );
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button className="button primary" type="submit" aria-disabled={busy || undefined}>
      {children}
    </button>
  );
}
