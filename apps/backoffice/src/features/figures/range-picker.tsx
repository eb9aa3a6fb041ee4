import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { type DateRange, PRESETS, type Preset, type RangeProblem, rangeError } from "./date-range";

type Props = {
  preset: Preset;
  custom: DateRange;
  onPreset: (preset: Preset) => void;
  onCustom: (range: DateRange) => void;
};

/**
 * The period: presets as radio buttons (arrow keys move between them, as in any radio group), and for a custom
 * period two dates shown on "Show". A refused range says why on the date to fix, and keeps what was typed.
 */
export function RangePicker({ preset, custom, onPreset, onCustom }: Props) {
  const { t } = useTranslation();
  return (
    <div className="range-picker no-print">
      <fieldset className="presets">
        <legend>{t("figures.range.legend")}</legend>
        <div className="preset-options">
          {PRESETS.map((option) => (
            <label key={option} className="preset">
              <input
                type="radio"
                name="figures-preset"
                value={option}
                checked={preset === option}
                onChange={() => onPreset(option)}
              />
              <span>{t(`figures.range.${option}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {preset === "custom" && <CustomRange initial={custom} onShow={onCustom} />}
    </div>
  );
}

function CustomRange({ initial, onShow }: { initial: DateRange; onShow: (range: DateRange) => void }) {
  const { t } = useTranslation();
  const [range, setRange] = useState(initial);
  const [error, setError] = useState<RangeProblem | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeError(range);
    setError(found);
    if (!found) onShow(range);
  };
  return (
    <form className="custom-range" onSubmit={submit} noValidate>
      {(["from", "to"] as const).map((field) => {
        const id = `figures-${field}`;
        const refused = error?.field === field;
        return (
          <div key={field} className={refused ? "field has-error" : "field"}>
            <label htmlFor={id}>{t(`figures.range.${field}`)}</label>
            {refused && (
              <p className="field-error" id={`${id}-error`}>
                {t(`figures.errors.${error.code}`)}
              </p>
            )}
            <input
              id={id}
              type="date"
              value={range[field]}
              aria-invalid={refused || undefined}
              aria-describedby={refused ? `${id}-error` : undefined}
              onChange={(event) => setRange({ ...range, [field]: event.target.value })}
            />
          </div>
        );
      })}
      <button type="submit" className="button primary">
        {t("figures.range.show")}
      </button>
    </form>
  );
}
