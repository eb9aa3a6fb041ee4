import { type KeyboardEvent, useEffect, useId, useRef } from "react";

export type AppliedCodeView = {
  /** "Discount code SOMMER" */
  title: string;
  /** "−25 kr." / "pays 100 kr." */
  detail: string;
  /** The remove button's name for a screen reader, naming the code ("Remove discount code SOMMER"). */
  removeLabel: string;
  onRemove: () => void;
};

export type CodeEntryProps = {
  label: string;
  applyText: string;
  removeText: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter in the input or the apply button; not called while busy or with an empty input. */
  onSubmit: () => void;
  /** A call is running: the text says so, submits are ignored. */
  busy: boolean;
  busyText: string;
  /** The order is being placed: nothing may change. */
  disabled: boolean;
  /** The refusal under the input (translated); null: none. */
  error: string | null;
  /** The applied code, shown instead of the input; null: none applied. */
  applied: AppliedCodeView | null;
  /** Read out when a code has been applied (visually the applied line says it). */
  appliedStatus: string | null;
};

/**
 * The discount code's and the gift card's shared form: a labelled input with an apply button, or, once a
 * code is applied, the code with what it does and a remove button. Not a <form>: the page may wrap its
 * sections in one, and forms do not nest; Enter is handled on the input instead.
 */
export function CodeEntry({
  label,
  applyText,
  removeText,
  value,
  onChange,
  onSubmit,
  busy,
  busyText,
  disabled,
  error,
  applied,
  appliedStatus,
}: CodeEntryProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const input = useRef<HTMLInputElement>(null);
  const appliedLine = useRef<HTMLDivElement>(null);
  // Where the focus goes when the input and the applied line swap places, so a keyboard or screen-reader
  // user is not dropped at the top of the page when the element they were on disappears.
  const focusAfterSwap = useRef<"input" | "applied" | null>(null);
  const isApplied = applied !== null;

  useEffect(() => {
    if (focusAfterSwap.current === "applied" && isApplied) appliedLine.current?.focus();
    if (focusAfterSwap.current === "input" && !isApplied) input.current?.focus();
    focusAfterSwap.current = null;
  }, [isApplied]);

  // A refused code does not swap anything: forget the intent, or a later swap nobody asked for (a kept
  // code applied again) would move the focus.
  useEffect(() => {
    if (error) focusAfterSwap.current = null;
  }, [error]);

  function submit() {
    if (busy || disabled || value.trim() === "") return;
    focusAfterSwap.current = "applied";
    onSubmit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    // Enter applies the code; it must not submit a form the page wraps around the sections.
    event.preventDefault();
    submit();
  }

  return (
    <div className="payment-code">
      {applied ? (
        <div className="payment-applied" ref={appliedLine} tabIndex={-1}>
          <span className="payment-applied-text">
            <strong>{applied.title}</strong>
            <span>{applied.detail}</span>
          </span>
          <button
            type="button"
            className="button-quiet"
            aria-label={applied.removeLabel}
            disabled={disabled || busy}
            onClick={() => {
              focusAfterSwap.current = "input";
              applied.onRemove();
            }}
          >
            {removeText}
          </button>
        </div>
      ) : (
        <>
          <label htmlFor={id}>{label}</label>
          <div className="payment-code-row">
            <input
              ref={input}
              id={id}
              className="checkout-input payment-code-input"
              value={value}
              disabled={disabled}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              enterKeyHint="done"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? messageId : undefined}
              onChange={(event) => onChange(event.target.value)}
              onKeyDown={onKeyDown}
            />
            {/* aria-disabled, not disabled, while busy: a disabled button would drop the focus. */}
            <button type="button" disabled={disabled} aria-disabled={busy || undefined} onClick={submit}>
              {applyText}
            </button>
          </div>
        </>
      )}
      {/* Always in the page, so a screen reader announces a message when it appears. */}
      <p id={messageId} className="payment-message" role="alert">
        {error}
      </p>
      <p className={busy ? "payment-status" : "visually-hidden"} role="status">
        {busy ? busyText : (appliedStatus ?? "")}
      </p>
    </div>
  );
}
