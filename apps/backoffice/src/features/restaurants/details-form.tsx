import { RestaurantDetails } from "@app/contracts";
import { useTranslation } from "react-i18next";
import { ConflictNotice } from "../../components/conflict-notice";
import { ErrorSummary, FieldGroup, SavedNote, SelectField, SubmitButton, TextField } from "../../components/form";
import { fieldId } from "../../lib/form-errors";
import { useSchemaForm } from "../../lib/use-schema-form";

export type DetailsValues = RestaurantDetails;

export const EMPTY_DETAILS: DetailsValues = {
  name: "",
  address: "",
  zipCode: "",
  phone: "",
  receiptEmail: "",
  cvrNumber: "",
  timeZone: "Europe/Copenhagen",
  hosts: [""],
  defaultLanguage: "da-DK",
};

/** Every IANA zone the browser knows, Europe/Copenhagen among them even where Intl cannot list them. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set([current, "Europe/Copenhagen", ...known])].sort();
}

/** The restaurant's details: for a new restaurant and for an owner's edit. */
export function DetailsForm(props: {
  initial: DetailsValues;
  submitLabel: string;
  onSave: (details: RestaurantDetails) => Promise<unknown>;
  /** "details" when the form is one section of an edit (PUT /restaurants/{id}). */
  section?: string;
  /** An edit's details as stored now: after someone else saved first, the person may load them. */
  reload?: () => Promise<DetailsValues>;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm({
    schema: RestaurantDetails,
    initial: props.initial,
    onValid: props.onSave,
    ...(props.section ? { section: props.section } : {}),
  });
  const { values, errors, update } = form;
  const labels: Record<string, string> = {
    name: t("details.name"),
    address: t("details.address"),
    zipCode: t("details.zipCode"),
    phone: t("details.phone"),
    receiptEmail: t("details.receiptEmail"),
    cvrNumber: t("details.cvrNumber"),
    timeZone: t("details.timeZone"),
    hosts: t("details.hosts"),
    defaultLanguage: t("details.defaultLanguage"),
  };
  values.hosts.forEach((_, index) => {
    labels[`hosts.${index}`] = t("details.host", { number: index + 1 });
  });

  const setHost = (index: number, host: string) =>
    update((current) => ({ ...current, hosts: current.hosts.map((h, i) => (i === index ? host : h)) }));
  const addHost = () => {
    update((current) => ({ ...current, hosts: [...current.hosts, ""] }));
    // The new field takes the focus once it is drawn.
    requestAnimationFrame(() => document.getElementById(fieldId(`hosts.${values.hosts.length}`))?.focus());
  };
  const removeHost = (index: number) => {
    update((current) => ({ ...current, hosts: current.hosts.filter((_, i) => i !== index) }));
    requestAnimationFrame(() => document.getElementById(fieldId("hosts-add"))?.focus());
  };

  const text = (path: keyof DetailsValues, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      path={path}
      label={labels[path]!}
      value={String(values[path])}
      error={errors[path]}
      onChange={(value) => update({ [path]: value } as Partial<DetailsValues>)}
      {...extra}
    />
  );

  return (
    <form noValidate onSubmit={form.submit} className="form">
      {props.reload && (
        <ConflictNotice
          conflict={form.conflict}
          attempt={form.attempt}
          timeZone={props.initial.timeZone}
          onReload={async () => form.reset(await props.reload!())}
        />
      )}
      <ErrorSummary errors={errors} labels={labels} attempt={form.attempt} />
      {text("name", { autoComplete: "organization" })}
      {text("address", { autoComplete: "street-address" })}
      {text("zipCode", { inputMode: "numeric", autoComplete: "postal-code", hint: t("details.zipHint") })}
      {text("phone", { type: "tel", autoComplete: "tel" })}
      {text("receiptEmail", { type: "email", inputMode: "email", hint: t("details.receiptEmailHint") })}
      {text("cvrNumber", { inputMode: "numeric", hint: t("details.cvrHint") })}
      <SelectField
        path="timeZone"
        label={labels.timeZone!}
        value={values.timeZone}
        error={errors.timeZone}
        options={timeZones(values.timeZone).map((zone) => ({ value: zone, label: zone }))}
        onChange={(timeZone) => update({ timeZone })}
      />
      <FieldGroup legend={labels.hosts!} path="hosts" error={errors.hosts}>
        <p className="hint">{t("details.hostsHint")}</p>
        {values.hosts.map((host, index) => (
          <TextField
            // biome-ignore lint/suspicious/noArrayIndexKey: the position is the field's identity (hosts.N, as the server names it)
            key={index}
            path={`hosts.${index}`}
            label={labels[`hosts.${index}`]!}
            value={host}
            inputMode="url"
            error={errors[`hosts.${index}`]}
            onChange={(value) => setHost(index, value)}
          >
            {values.hosts.length > 1 && (
              <button type="button" className="button quiet" onClick={() => removeHost(index)}>
                {t("details.removeHost")}
                <span className="visually-hidden"> {host}</span>
              </button>
            )}
          </TextField>
        ))}
        <button type="button" id={fieldId("hosts-add")} className="button" onClick={addHost}>
          {t("details.addHost")}
        </button>
      </FieldGroup>
      <SelectField
        path="defaultLanguage"
        label={labels.defaultLanguage!}
        value={values.defaultLanguage}
        error={errors.defaultLanguage}
        options={[
          { value: "da-DK", label: "Dansk" },
          { value: "en-US", label: "English" },
        ]}
        onChange={(defaultLanguage) => update({ defaultLanguage })}
      />
      <div className="actions">
        <SubmitButton busy={form.busy}>{props.submitLabel}</SubmitButton>
        <SavedNote shown={form.saved} />
      </div>
    </form>
  );
}
