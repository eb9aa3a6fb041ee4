import { BrandColour, LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from "@app/contracts";
import { contrastRatio, MIN_TEXT_CONTRAST } from "@app/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ConflictNotice } from "../../components/conflict-notice";
import { ErrorSummary, SavedNote, SubmitButton, TextField } from "../../components/form";
import { fieldId } from "../../lib/form-errors";
import { useSchemaForm } from "../../lib/use-schema-form";
import { uploadLogo } from "./api";
import { useRestaurant } from "./restaurant-layout";
import { useSectionSave } from "./section-save";

/** The server's limits for a logo (checked again there, by the file's content). */
const LOGO_TYPES: readonly string[] = LOGO_CONTENT_TYPES;

export function BrandSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="section-title">
      <h2 id="section-title">{t("restaurant.brand")}</h2>
      <LogoForm />
      <ColourForm />
    </section>
  );
}

const LogoFile = z.object({
  logo: z
    .instanceof(File, { message: "Logo.Missing" })
    .refine((file) => LOGO_TYPES.includes(file.type), "Logo.WrongType")
    .refine((file) => file.size <= LOGO_MAX_BYTES, "Logo.TooLarge"),
});

function LogoForm() {
  const { t } = useTranslation();
  const { restaurant } = useRestaurant();
  const [preview, setPreview] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: LogoFile,
    initial: { logo: null as File | null },
    onValid: ({ logo }) => uploadLogo(restaurant.id, logo),
  });
  const labels = { logo: t("brand.logo") };
  const choose = (file: File | undefined) => {
    form.update({ logo: file ?? null });
    setPreview(null);
    // A data: URL: the page's CSP allows data: images, not blob: ones.
    if (file && LOGO_TYPES.includes(file.type) && file.size <= LOGO_MAX_BYTES) {
      const reader = new FileReader();
      reader.onload = () => setPreview(typeof reader.result === "string" ? reader.result : null);
      reader.readAsDataURL(file);
    }
  };
  const id = fieldId("logo");
  const error = form.errors.logo;
  return (
    <form noValidate onSubmit={form.submit} className="form sub-form" aria-labelledby="logo-title">
      <h3 id="logo-title">{t("brand.logo")}</h3>
      <ErrorSummary errors={form.errors} labels={labels} attempt={form.attempt} />
      <div className="logo-row">
        <figure className="logo-frame">
          {preview || restaurant.logo ? (
            <img src={preview ?? restaurant.logo ?? ""} alt={t("brand.logoAlt", { name: restaurant.name })} />
          ) : (
            <span className="muted">{t("brand.noLogo")}</span>
          )}
          <figcaption className="visually-hidden">{preview ? t("brand.preview") : t("brand.current")}</figcaption>
        </figure>
        <div className={error ? "field has-error" : "field"}>
          <p className="hint" id={`${id}-hint`}>
            {t("brand.logoHint")}
          </p>
          {error && (
            <p className="field-error" id={`${id}-error`}>
              {t(`errors.${error.code}`)}
            </p>
          )}
          <input
            id={id}
            name="logo"
            type="file"
            className="file-input visually-hidden"
            accept={LOGO_TYPES.join(",")}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <label htmlFor={id} className="button">
            {t("brand.chooseLogo")}
          </label>
          <p className="file-name muted">{form.values.logo?.name ?? t("brand.noFile")}</p>
        </div>
      </div>
      <div className="actions">
        <SubmitButton busy={form.busy}>{t("brand.upload")}</SubmitButton>
        <SavedNote shown={form.saved} />
      </div>
    </form>
  );
}

/** The colour as typed, refused below 4.5:1 against white text (the server measures again). */
const ColourInput = z.object({
  primaryColor: BrandColour.refine(
    (hex) => contrastRatio(hex, "#ffffff") >= MIN_TEXT_CONTRAST,
    "Input.LowContrast",
  ).nullable(),
});

function ColourForm() {
  const { t, i18n } = useTranslation();
  const { restaurant } = useRestaurant();
  // The colour is one of the settings: saved with the others as this form read them, and their version.
  const saving = useSectionSave(restaurant, "settings");
  const form = useSchemaForm({
    schema: ColourInput,
    initial: { primaryColor: restaurant.settings.primaryColor ?? "" },
    toInput: (values) => ({ primaryColor: values.primaryColor.trim() === "" ? null : values.primaryColor.trim() }),
    section: "settings",
    onValid: ({ primaryColor }) => saving.save({ settings: { ...saving.base.settings, primaryColor } }),
  });
  const labels = { primaryColor: t("brand.colour") };
  const typed = form.values.primaryColor.trim();
  const valid = /^#[0-9a-f]{6}$/i.test(typed);
  const ratio = valid ? contrastRatio(typed, "#ffffff") : null;
  // Rounded down, as the server words it (formatContrastRatio): a colour just under 4.5:1 never reads "4.5:1".
  const ratioText =
    ratio === null
      ? undefined
      : (Math.floor(ratio * 10) / 10).toLocaleString(i18n.language, { minimumFractionDigits: 1 });
  const errors =
    form.errors.primaryColor?.code === "Input.LowContrast" && ratioText
      ? { primaryColor: { code: "Input.LowContrast", values: { ratio: ratioText } } }
      : form.errors;
  return (
    <form noValidate onSubmit={form.submit} className="form sub-form" aria-labelledby="colour-title">
      <h3 id="colour-title">{t("brand.colour")}</h3>
      <ConflictNotice
        conflict={form.conflict}
        attempt={form.attempt}
        timeZone={restaurant.timeZone}
        onReload={async () => form.reset({ primaryColor: (await saving.reload()).settings.primaryColor ?? "" })}
      />
      <ErrorSummary errors={errors} labels={labels} attempt={form.attempt} />
      <TextField
        path="primaryColor"
        label={t("brand.colourField")}
        hint={t("brand.colourHint")}
        value={form.values.primaryColor}
        error={errors.primaryColor}
        onChange={(primaryColor) => form.update({ primaryColor })}
      >
        <input
          type="color"
          className="colour-picker"
          aria-label={t("brand.picker")}
          value={valid ? typed.toLowerCase() : "#1f5f4a"}
          onChange={(event) => form.update({ primaryColor: event.target.value })}
        />
      </TextField>
      <div className="contrast" aria-live="polite">
        {ratio !== null && (
          <>
            <span className="swatch" style={{ backgroundColor: typed }}>
              {t("brand.sample")}
            </span>
            <span className={ratio >= MIN_TEXT_CONTRAST ? "ratio ok" : "ratio bad"}>
              {t(ratio >= MIN_TEXT_CONTRAST ? "brand.ratioOk" : "brand.ratioLow", { ratio: ratioText })}
            </span>
          </>
        )}
      </div>
      <div className="actions">
        <SubmitButton busy={form.busy}>{t("form.save")}</SubmitButton>
        <SavedNote shown={form.saved} />
      </div>
    </form>
  );
}
