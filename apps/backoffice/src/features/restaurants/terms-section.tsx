import { type LanguageCode, type Restaurant, RestaurantTerms } from "@app/contracts";
import { useTranslation } from "react-i18next";
import { ConflictNotice } from "../../components/conflict-notice";
import { ErrorSummary, FieldGroup, SavedNote, SubmitButton, TextField } from "../../components/form";
import { fieldId } from "../../lib/form-errors";
import { useSchemaForm } from "../../lib/use-schema-form";
import { useRestaurant } from "./restaurant-layout";
import { useSectionSave } from "./section-save";

const LANGUAGES: { code: LanguageCode; name: string }[] = [
  { code: "da-DK", name: "Dansk" },
  { code: "en-US", name: "English" },
];
type Section = { heading: string; body: string };
type TermsValues = { effectiveFrom: string; texts: { language: LanguageCode; sections: Section[] }[] };

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function toValues(stored: Restaurant["terms"]): TermsValues {
  return {
    effectiveFrom: stored?.effectiveFrom ?? today(),
    texts: LANGUAGES.map(({ code }) => ({
      language: code,
      sections: stored?.texts.find((text) => text.language === code)?.sections ?? [],
    })),
  };
}

/** The storefront's terms page: the text in each language, in sections (a heading and its paragraphs). */
export function TermsSection() {
  const { t } = useTranslation();
  const { restaurant } = useRestaurant();
  const saving = useSectionSave(restaurant, "terms");
  const form = useSchemaForm({
    schema: RestaurantTerms,
    initial: toValues(restaurant.terms),
    section: "terms",
    onValid: (terms) => saving.save({ terms }),
  });
  const { values, errors, update } = form;
  const labels: Record<string, string> = { effectiveFrom: t("terms.effectiveFrom") };
  values.texts.forEach((text, l) => {
    text.sections.forEach((_, s) => {
      labels[`texts.${l}.sections.${s}.heading`] = `${t("terms.heading", { number: s + 1 })} (${text.language})`;
      labels[`texts.${l}.sections.${s}.body`] = `${t("terms.body", { number: s + 1 })} (${text.language})`;
    });
  });

  const setSections = (l: number, change: (sections: Section[]) => Section[]) =>
    update((current) => ({
      ...current,
      texts: current.texts.map((text, i) => (i === l ? { ...text, sections: change(text.sections) } : text)),
    }));
  const add = (l: number) => {
    setSections(l, (sections) => [...sections, { heading: "", body: "" }]);
    const path = `texts.${l}.sections.${values.texts[l]!.sections.length}.heading`;
    requestAnimationFrame(() => document.getElementById(fieldId(path))?.focus());
  };
  const remove = (l: number, s: number) => {
    setSections(l, (sections) => sections.filter((_, i) => i !== s));
    requestAnimationFrame(() => document.getElementById(fieldId(`add-${l}`))?.focus());
  };

  return (
    <section aria-labelledby="section-title">
      <h2 id="section-title">{t("restaurant.terms")}</h2>
      <form noValidate onSubmit={form.submit} className="form">
        <ConflictNotice
          conflict={form.conflict}
          attempt={form.attempt}
          timeZone={restaurant.timeZone}
          onReload={async () => form.reset(toValues((await saving.reload()).terms))}
        />
        <ErrorSummary errors={errors} labels={labels} attempt={form.attempt} />
        <TextField
          path="effectiveFrom"
          label={labels.effectiveFrom!}
          type="date"
          value={values.effectiveFrom}
          error={errors.effectiveFrom}
          onChange={(effectiveFrom) => update({ effectiveFrom })}
        />
        {values.texts.map((text, l) => {
          const language = LANGUAGES.find((entry) => entry.code === text.language)!;
          return (
            <FieldGroup
              key={text.language}
              legend={t("terms.inLanguage", { language: language.name })}
              path={`texts.${l}`}
            >
              {text.sections.length === 0 && <p className="muted">{t("terms.none")}</p>}
              {text.sections.map((section, s) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the position is the section's identity (its number on the page)
                <div className="terms-section" key={s} lang={text.language}>
                  <TextField
                    path={`texts.${l}.sections.${s}.heading`}
                    label={t("terms.heading", { number: s + 1 })}
                    value={section.heading}
                    error={errors[`texts.${l}.sections.${s}.heading`]}
                    onChange={(heading) =>
                      setSections(l, (all) => all.map((one, i) => (i === s ? { ...one, heading } : one)))
                    }
                  />
                  <TextField
                    path={`texts.${l}.sections.${s}.body`}
                    label={t("terms.body", { number: s + 1 })}
                    hint={t("terms.bodyHint")}
                    multiline
                    value={section.body}
                    error={errors[`texts.${l}.sections.${s}.body`]}
                    onChange={(body) =>
                      setSections(l, (all) => all.map((one, i) => (i === s ? { ...one, body } : one)))
                    }
                  />
                  <button type="button" className="button quiet" onClick={() => remove(l, s)}>
                    {t("terms.remove", { number: s + 1 })}
                  </button>
                </div>
              ))}
              <button type="button" id={fieldId(`add-${l}`)} className="button" onClick={() => add(l)}>
                {t("terms.add")}
              </button>
            </FieldGroup>
          );
        })}
        <div className="actions">
          <SubmitButton busy={form.busy}>{t("form.save")}</SubmitButton>
          <SavedNote shown={form.saved} />
        </div>
      </form>
    </section>
  );
}
