import { type InputHTMLAttributes, useId } from "react";
import { useTranslation } from "react-i18next";

export type TextFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required: boolean;
  /** The message under the field (already translated); null: none. */
  error: string | null;
  /** What a right value looks like, under the message while there is one (already translated). */
  hint?: string | null;
  /**
   * Keep a line for the message even while there is none (once errors are shown), so a message coming and
   * going as the guest types does not move what is below.
   */
  reserveMessage: boolean;
  disabled: boolean;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "inputMode" | "autoComplete" | "name" | "maxLength" | "onKeyDown" | "readOnly"
>;

/**
 * A labelled text input with its message: required shown in words (and as aria-required, not `required`,
 * so the browser's own bubble never competes with ours), the message tied with aria-describedby and the
 * field marked aria-invalid while it has one.
 */
export function TextField({
  label,
  value,
  onChange,
  required,
  error,
  hint = null,
  reserveMessage,
  disabled,
  ...input
}: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const shownHint = error ? hint : null;
  return (
    <div className="checkout-field">
      <label htmlFor={id}>
        {label}
        {/* Hidden from screen readers: aria-required already says it, the word would be read twice. */}
        {required ? (
          <span className="checkout-field-required" aria-hidden="true">
            {t("GuestInfo.Required")}
          </span>
        ) : null}
      </label>
      <input
        {...input}
        id={id}
        className="checkout-input"
        value={value}
        disabled={disabled}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? (shownHint ? `${messageId} ${hintId}` : messageId) : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {/* Always in the page, so a screen reader announces the message when it appears. */}
      <p id={messageId} className="checkout-field-message" role="alert" data-reserved={reserveMessage || undefined}>
        {error}
      </p>
      {shownHint ? (
        <p id={hintId} className="checkout-field-hint">
          {shownHint}
        </p>
      ) : null}
    </div>
  );
}
