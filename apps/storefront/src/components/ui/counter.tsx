import { useTranslation } from "react-i18next";

export type CounterProps = {
  value: number;
  onChange: (value: number) => void;
  /** The product's name, for the buttons' accessible names ("Add one more Cola"). */
  name: string;
  min?: number;
  max?: number;
  disabled?: boolean;
};

/** A − value + stepper with 44 px targets. The value is announced politely when it changes. */
export function Counter({ value, onChange, name, min = 0, max = 99, disabled = false }: CounterProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="counter">
      <legend className="visually-hidden">{`${t("Counter.Quantity")}: ${name}`}</legend>
      <button
        type="button"
        className="counter-button"
        aria-label={t("Counter.Decrease", { name })}
        disabled={disabled || value <= min}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <output className="counter-value" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className="counter-button"
        aria-label={t("Counter.Increase", { name })}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </fieldset>
  );
}
