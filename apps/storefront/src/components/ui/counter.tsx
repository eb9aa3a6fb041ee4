import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/** One press: one more or one less. */
export type CounterStep = 1 | -1;

export type CounterProps = {
  value: number;
  /**
   * The value asked for and the step that asks for it. A caller whose value lags behind the taps (a basket
   * waiting for its server) uses the step: a quick second tap then adds a second unit, not the same value again.
   */
  onChange: (value: number, step: CounterStep) => void;
  /** The product's name, for the buttons' accessible names ("Add Cola", then "Add one more Cola"). */
  name: string;
  min?: number;
  max?: number;
  disabled?: boolean;
};

/**
 * A − value + stepper with 44 px targets. The value is announced politely when it changes. When the
 * pressed button becomes disabled (plus at the limit, minus at the minimum) the keyboard focus moves
 * to the other button: a disabled button drops the focus to the page, sending a keyboard user to its top.
 */
export function Counter({ value, onChange, name, min = 0, max = 99, disabled = false }: CounterProps) {
  const { t } = useTranslation();
  const pressed = useRef<HTMLButtonElement | null>(null);
  const other = useRef<HTMLButtonElement | null>(null);
  const decrease = useRef<HTMLButtonElement>(null);
  const increase = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a button may have become disabled
  useEffect(() => {
    const button = pressed.current;
    if (!button?.disabled) return;
    pressed.current = null;
    const active = document.activeElement;
    if (active !== button && active !== document.body && active !== null) return;
    if (other.current && !other.current.disabled) other.current.focus();
  }, [value, min, max, disabled]);
  const press = (button: HTMLButtonElement | null, otherButton: HTMLButtonElement | null, step: CounterStep) => {
    pressed.current = button;
    other.current = otherButton;
    onChange(value + step, step);
  };
  return (
    <fieldset className="counter">
      <legend className="visually-hidden">{`${t("Counter.Quantity")}: ${name}`}</legend>
      <button
        ref={decrease}
        type="button"
        className="counter-button"
        aria-label={t("Counter.Decrease", { name })}
        disabled={disabled || value <= min}
        onClick={() => press(decrease.current, increase.current, -1)}
      >
        −
      </button>
      <output className="counter-value" aria-live="polite">
        {value}
      </output>
      <button
        ref={increase}
        type="button"
        className="counter-button"
        // "One more" only when there is one already: at none the first is added, not one more.
        aria-label={t(value > 0 ? "Counter.Increase" : "Counter.Add", { name })}
        disabled={disabled || value >= max}
        onClick={() => press(increase.current, decrease.current, 1)}
      >
        +
      </button>
    </fieldset>
  );
}
