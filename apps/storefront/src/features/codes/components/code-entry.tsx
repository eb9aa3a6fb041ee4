import { type KeyboardEvent, type RefObject, useEffect, useId, useRef } from "react";

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
  /**
   * With a refusal, a line of its own on what a right code needs ("some codes need a minimum order"): the
   * refusal itself keeps the catalogue's words (SPEC §5). Null: none.
   */
  hint?: string | null;
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
export function CodeEntry(props: CodeEntryProps) {
  const { value, busy, disabled, error, applied } = props;
  const id = useId();
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const hint = error ? (props.hint ?? null) : null;
  const { input, appliedLine, focusAfterSwap } = useFocusAfterSwap(applied !== null, error);
  const { message, hintLine } = useRefusalInView(error);

  function submit() {
    if (busy || disabled || value.trim() === "") return;
    focusAfterSwap.current = "applied";
    props.onSubmit();
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
        <AppliedCode
          applied={applied}
          lineRef={appliedLine}
          removeText={props.removeText}
          disabled={disabled || busy}
          onRemove={() => {
            focusAfterSwap.current = "input";
            applied.onRemove();
          }}
        />
      ) : (
        <>
          <label htmlFor={id}>{props.label}</label>
          <CodeInput
            id={id}
            inputRef={input}
            value={value}
            onChange={props.onChange}
            onKeyDown={onKeyDown}
            onApply={submit}
            applyText={props.applyText}
            disabled={disabled}
            busy={busy}
            messageId={error ? [messageId, ...(hint ? [hintId] : [])].join(" ") : undefined}
          />
        </>
      )}
      {/* Always in the page, so a screen reader announces a message when it appears. */}
      <p ref={message} id={messageId} className="payment-message" role="alert">
        {error}
      </p>
      {hint ? (
        <p ref={hintLine} id={hintId} className="checkout-field-hint">
          {hint}
        </p>
      ) : null}
      <p className={busy ? "code-entry-busy" : "visually-hidden"} role="status">
        {busy ? props.busyText : (props.appliedStatus ?? "")}
      </p>
    </div>
  );
}

/**
 * Where the focus goes when the input and the applied line swap places, so a keyboard or screen-reader user is
 * not dropped at the top of the page when the element they were on disappears.
 */
function useFocusAfterSwap(isApplied: boolean, error: string | null) {
  const input = useRef<HTMLInputElement>(null);
  const appliedLine = useRef<HTMLDivElement>(null);
  const focusAfterSwap = useRef<"input" | "applied" | null>(null);

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

  return { input, appliedLine, focusAfterSwap };
}

/**
 * A refusal is brought into view, its hint with it. The focus stays in the input, and on a phone the page does
 * not scroll for a message that appears below the focused field: it was announced, but sat under the bottom
 * edge (or the on-screen keyboard, which Chromium and Safari count out of the visual viewport that
 * scrollIntoView brings the element into). 'nearest' scrolls only as far as needed, and not at all when it is
 * already seen.
 */
function useRefusalInView(error: string | null) {
  const message = useRef<HTMLParagraphElement>(null);
  const hintLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (error) (hintLine.current ?? message.current)?.scrollIntoView({ block: "nearest" });
  }, [error]);
  return { message, hintLine };
}

type CodeInputProps = {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (value: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onApply: () => void;
  applyText: string;
  disabled: boolean;
  busy: boolean;
  /** The refusal's message (and its hint), when there is one: the ids the input is described by. */
  messageId: string | undefined;
};

/** The code's input and its apply button. */
function CodeInput({
  id,
  inputRef,
  value,
  onChange,
  onKeyDown,
  onApply,
  applyText,
  disabled,
  busy,
  messageId,
}: CodeInputProps) {
  return (
    <div className="payment-code-row">
      <input
        ref={inputRef}
        id={id}
        className="checkout-input payment-code-input"
        value={value}
        disabled={disabled}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        enterKeyHint="done"
        aria-invalid={messageId ? true : undefined}
        aria-describedby={messageId}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {/* aria-disabled, not disabled, while busy: a disabled button would drop the focus. */}
      <button type="button" disabled={disabled} aria-disabled={busy || undefined} onClick={onApply}>
        {applyText}
      </button>
    </div>
  );
}

/** The applied code with what it does, and its remove button (focusable, so the focus can land on it). */
function AppliedCode({
  applied,
  lineRef,
  removeText,
  disabled,
  onRemove,
}: {
  applied: AppliedCodeView;
  lineRef: RefObject<HTMLDivElement | null>;
  removeText: string;
  disabled: boolean;
  onRemove: () => void;
}) {
  return (
    <div className="payment-applied" ref={lineRef} tabIndex={-1}>
      <span className="payment-applied-text">
        <strong>{applied.title}</strong>
        <span>{applied.detail}</span>
      </span>
      <button
        type="button"
        className="button-quiet"
        aria-label={applied.removeLabel}
        disabled={disabled}
        onClick={onRemove}
      >
        {removeText}
      </button>
    </div>
  );
}
