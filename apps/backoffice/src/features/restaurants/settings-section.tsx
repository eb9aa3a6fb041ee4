import { type RestaurantSettings, RestaurantSettings as SettingsSchema } from "@app/contracts";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ConflictNotice } from "../../components/conflict-notice";
import {
  CheckboxField,
  ErrorSummary,
  FieldGroup,
  SavedNote,
  SelectField,
  SubmitButton,
  TextField,
} from "../../components/form";
import { useSchemaForm } from "../../lib/use-schema-form";
import { type CatalogueChoice, catalogueChoices } from "./catalogue-choices";
import { useRestaurant } from "./restaurant-layout";
import { useSectionSave } from "./section-save";
import { ServiceForm } from "./service-form";

type Flag =
  | "enforceCapacity"
  | "showExpandedCart"
  | "deliveryEnabled"
  | "showClosedFrontpageMessage"
  | "onlinePayment"
  | "mobilepay"
  | "payAtPickup"
  | "requireLogin"
  | "pauseWhenIdle";
type Optional = "terms" | "smileyUrl" | "startCategory" | "precheckoutCategory" | "bagFeeItem";
/** The settings as the form holds them: what is typed stays text until it is checked. */
type SettingsValues = Omit<RestaurantSettings, Optional> & Record<Optional, string>;

const IDS = ["startCategory", "precheckoutCategory", "bagFeeItem"] as const;

function toValues(settings: RestaurantSettings): SettingsValues {
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  return {
    ...settings,
    terms: text(settings.terms),
    smileyUrl: text(settings.smileyUrl),
    startCategory: text(settings.startCategory),
    precheckoutCategory: text(settings.precheckoutCategory),
    bagFeeItem: text(settings.bagFeeItem),
  };
}

/** Empty means "none" (null); an id must be a whole number (anything else is refused by the schema as given). */
function toSettings(values: SettingsValues): unknown {
  const optional = (value: string) => (value.trim() === "" ? null : value.trim());
  const id = (value: string) => (value.trim() === "" ? null : /^\d+$/.test(value.trim()) ? Number(value) : value);
  return {
    ...values,
    terms: optional(values.terms),
    smileyUrl: optional(values.smileyUrl),
    ...Object.fromEntries(IDS.map((name) => [name, id(values[name])])),
  };
}

/**
 * The entries, and the saved id when it is not among them (a category of a menu that is not the active one, a
 * product since deleted): shown by its id rather than dropped, so saving another setting never clears it unseen.
 */
function withCurrent(entries: CatalogueChoice[], current: string): { id: number; name?: string }[] {
  const id = Number(current);
  if (current === "" || !Number.isInteger(id) || entries.some((entry) => entry.id === id)) return entries;
  return [...entries, { id }];
}

export function SettingsSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="section-title">
      <h2 id="section-title">{t("restaurant.settings")}</h2>
      <MaintenanceForm />
      <ServiceForm />
      <SettingsForm />
    </section>
  );
}

function MaintenanceForm() {
  const { t } = useTranslation();
  const { restaurant } = useRestaurant();
  const saving = useSectionSave(restaurant, "maintenance");
  const form = useSchemaForm({
    schema: z.object({ maintenance: z.boolean() }),
    initial: { maintenance: restaurant.maintenance },
    onValid: (change) => saving.save(change),
  });
  return (
    <form noValidate onSubmit={form.submit} className="form sub-form" aria-labelledby="maintenance-title">
      <h3 id="maintenance-title">{t("settings.maintenanceTitle")}</h3>
      <ConflictNotice
        conflict={form.conflict}
        attempt={form.attempt}
        timeZone={restaurant.timeZone}
        onReload={async () => form.reset({ maintenance: (await saving.reload()).maintenance })}
      />
      <ErrorSummary errors={form.errors} labels={{}} attempt={form.attempt} />
      <CheckboxField
        path="maintenance"
        label={t("settings.maintenance")}
        hint={t("settings.maintenanceHint")}
        checked={form.values.maintenance}
        onChange={(maintenance) => form.update({ maintenance })}
      />
      <div className="actions">
        <SubmitButton busy={form.busy}>{t("form.save")}</SubmitButton>
        <SavedNote shown={form.saved} />
      </div>
    </form>
  );
}

function SettingsForm() {
  const { t, i18n } = useTranslation();
  const { restaurant } = useRestaurant();
  const saving = useSectionSave(restaurant, "settings");
  const form = useSchemaForm({
    schema: SettingsSchema,
    initial: toValues(restaurant.settings),
    toInput: toSettings,
    section: "settings",
    onValid: (settings) => saving.save({ settings }),
  });
  const { values, errors, update } = form;
  const label = (name: string) => t(`settings.${name}.label`);
  const hint = (name: string) => t(`settings.${name}.hint`, { defaultValue: "" }) || undefined;
  const labels: Record<string, string> = Object.fromEntries(
    [
      "terms",
      "smileyUrl",
      ...IDS,
      "orderIdType",
      "receiptType",
      "requiredGuestInformation",
      "requiredGuestInformation.name",
      "requiredGuestInformation.phone",
      "requiredGuestInformation.email",
    ].map((name) => [name, label(name)]),
  );
  const flag = (name: Flag) => (
    <CheckboxField
      path={name}
      label={label(name)}
      hint={hint(name)}
      checked={values[name]}
      error={errors[name]}
      onChange={(checked) => update({ [name]: checked } as Partial<SettingsValues>)}
    />
  );
  const text = (name: Optional, extra: { type?: "url"; inputMode?: "url" } = {}) => (
    <TextField
      path={name}
      label={label(name)}
      hint={hint(name)}
      value={values[name]}
      error={errors[name]}
      onChange={(value) => update({ [name]: value } as Partial<SettingsValues>)}
      {...extra}
    />
  );
  /** A category or product picked by name; the empty value is "none" (null), as the empty text was before. */
  const pick = (name: (typeof IDS)[number], entries: CatalogueChoice[]) => (
    <SelectField
      path={name}
      label={label(name)}
      hint={hint(name)}
      value={values[name]}
      error={errors[name]}
      options={[
        { value: "", label: t("settings.none") },
        ...withCurrent(entries, values[name]).map((entry) => ({
          value: String(entry.id),
          label: entry.name ?? t("settings.unlisted", { id: entry.id }),
        })),
      ]}
      onChange={(value) => update({ [name]: value } as Partial<SettingsValues>)}
    />
  );
  const categories = catalogueChoices(restaurant.catalogue.categories, i18n.language);
  const products = catalogueChoices(restaurant.catalogue.products, i18n.language, { byName: true });
  const guest = values.requiredGuestInformation;
  return (
    <form noValidate onSubmit={form.submit} className="form sub-form" aria-labelledby="settings-title">
      <h3 id="settings-title">{t("settings.appTitle")}</h3>
      <ConflictNotice
        conflict={form.conflict}
        attempt={form.attempt}
        timeZone={restaurant.timeZone}
        onReload={async () => form.reset(toValues((await saving.reload()).settings))}
      />
      <ErrorSummary errors={errors} labels={labels} attempt={form.attempt} />

      <FieldGroup legend={t("settings.groupGuests")} path="group-guests">
        {flag("requireLogin")}
        {flag("pauseWhenIdle")}
        {flag("showClosedFrontpageMessage")}
        {flag("showExpandedCart")}
        {pick("startCategory", categories)}
        {pick("precheckoutCategory", categories)}
      </FieldGroup>

      <FieldGroup legend={labels.requiredGuestInformation!} path="requiredGuestInformation">
        {(["name", "phone", "email"] as const).map((part) => (
          <CheckboxField
            key={part}
            path={`requiredGuestInformation.${part}`}
            label={labels[`requiredGuestInformation.${part}`]!}
            checked={guest[part]}
            error={errors[`requiredGuestInformation.${part}`]}
            onChange={(checked) => update({ requiredGuestInformation: { ...guest, [part]: checked } })}
          />
        ))}
      </FieldGroup>

      <FieldGroup legend={t("settings.groupOrders")} path="group-orders">
        {flag("enforceCapacity")}
        {flag("deliveryEnabled")}
        <SelectField
          path="orderIdType"
          label={labels.orderIdType!}
          hint={hint("orderIdType")}
          value={values.orderIdType}
          error={errors.orderIdType}
          options={(["external", "receipt"] as const).map((value) => ({
            value,
            label: t(`settings.orderIdType.${value}`),
          }))}
          onChange={(orderIdType) => update({ orderIdType })}
        />
        <SelectField
          path="receiptType"
          label={labels.receiptType!}
          value={values.receiptType}
          error={errors.receiptType}
          options={(["email", "sms", "none"] as const).map((value) => ({
            value,
            label: t(`settings.receiptType.${value}`),
          }))}
          onChange={(receiptType) => update({ receiptType })}
        />
        {pick("bagFeeItem", products)}
      </FieldGroup>

      <FieldGroup legend={t("settings.groupPayment")} path="group-payment">
        {flag("onlinePayment")}
        {flag("mobilepay")}
        {flag("payAtPickup")}
      </FieldGroup>

      <FieldGroup legend={t("settings.groupLinks")} path="group-links">
        {text("terms", { inputMode: "url" })}
        {text("smileyUrl", { type: "url" })}
      </FieldGroup>

      <div className="actions">
        <SubmitButton busy={form.busy}>{t("form.save")}</SubmitButton>
        <SavedNote shown={form.saved} />
      </div>
    </form>
  );
}
