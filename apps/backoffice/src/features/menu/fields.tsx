/**
 * The menu editor's own field kinds, built from the shared form controls: a text in both languages, an amount of
 * money, and the image (a URL until the image upload field exists).
 */

import { TextField } from "../../components/form";
import type { FieldErrors } from "../../lib/form-errors";

export const EDITOR_LANGUAGES = ["da-DK", "en-US"] as const;
export type EditorLanguage = (typeof EDITOR_LANGUAGES)[number];
export type Texts = Record<EditorLanguage, string>;

export const EMPTY_TEXTS: Texts = { "da-DK": "", "en-US": "" };

/** Stored texts (any languages) as the editor's pair. */
export function textsOf(stored: Partial<Record<string, string>> | undefined): Texts {
  return { "da-DK": stored?.["da-DK"] ?? "", "en-US": stored?.["en-US"] ?? "" };
}

/** Labels of a text pair's fields by path ("name.da-DK" → "Name (Danish)"), for the error summary. */
export function textsLabels(
  path: string,
  label: string,
  languageName: (language: EditorLanguage) => string,
): Record<string, string> {
  return Object.fromEntries(EDITOR_LANGUAGES.map((lang) => [`${path}.${lang}`, `${label} (${languageName(lang)})`]));
}

/** One text in Danish and English, side by side where there is room; each its own labelled field. */
export function TextsField(props: {
  path: string;
  labels: Record<string, string>;
  value: Texts;
  errors: FieldErrors;
  multiline?: boolean;
  hint?: string;
  onChange: (value: Texts) => void;
}) {
  return (
    <div className="texts-pair">
      {EDITOR_LANGUAGES.map((lang) => (
        <TextField
          key={lang}
          path={`${props.path}.${lang}`}
          label={props.labels[`${props.path}.${lang}`] ?? lang}
          hint={props.hint}
          value={props.value[lang]}
          error={props.errors[`${props.path}.${lang}`]}
          multiline={props.multiline}
          onChange={(text) => props.onChange({ ...props.value, [lang]: text })}
        />
      ))}
    </div>
  );
}

/** An amount typed as text ("89,50"); the currency after it. */
export function MoneyField(props: {
  path: string;
  label: string;
  hint?: string | undefined;
  value: string;
  currency: string;
  errors: FieldErrors;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      path={props.path}
      label={props.label}
      hint={props.hint}
      value={props.value}
      error={props.errors[props.path]}
      inputMode="decimal"
      onChange={props.onChange}
    >
      <span className="unit" aria-hidden="true">
        {props.currency}
      </span>
    </TextField>
  );
}
