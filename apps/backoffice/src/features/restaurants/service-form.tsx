/**
 * The restaurant's service (issue 44): how many minutes a new order may wait unopened before the managers are
 * alerted (default 3), and the optional auto-reject after N minutes (off by default). Owners and managers.
 */
import { ServiceSettings } from "@app/contracts";
import { useTranslation } from "react-i18next";
import { ConflictNotice } from "../../components/conflict-notice";
import { CheckboxField, ErrorSummary, SavedNote, SubmitButton, TextField } from "../../components/form";
import { useSchemaForm } from "../../lib/use-schema-form";
import { useRestaurant } from "./restaurant-layout";
import { useSectionSave } from "./section-save";

/** As the form holds them: typed minutes stay text until checked. */
type ServiceValues = { acknowledgeMinutes: string; autoReject: boolean; autoRejectMinutes: string };

function toValues(service: ServiceSettings): ServiceValues {
  return {
    acknowledgeMinutes: String(service.acknowledgeMinutes),
    autoReject: service.autoRejectMinutes !== null,
    autoRejectMinutes: service.autoRejectMinutes === null ? "" : String(service.autoRejectMinutes),
  };
}

/** Whole minutes become numbers; anything else is handed on as typed, for the schema to refuse on its field. */
function toService(values: ServiceValues): unknown {
  const minutes = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text);
  return {
    acknowledgeMinutes: minutes(values.acknowledgeMinutes),
    autoRejectMinutes: values.autoReject ? minutes(values.autoRejectMinutes) : null,
  };
}

export function ServiceForm() {
  const { t } = useTranslation();
  const { restaurant } = useRestaurant();
  const saving = useSectionSave(restaurant, "service");
  const form = useSchemaForm({
    schema: ServiceSettings,
    initial: toValues(restaurant.service),
    toInput: toService,
    section: "service",
    onValid: (service) => saving.save({ service }),
  });
  const { values, errors, update } = form;
  const labels = {
    acknowledgeMinutes: t("service.acknowledgeMinutes.label"),
    autoRejectMinutes: t("service.autoRejectMinutes.label"),
  };
  return (
    <form noValidate onSubmit={form.submit} className="form sub-form" aria-labelledby="service-title">
      <h3 id="service-title">{t("service.title")}</h3>
      <ConflictNotice
        conflict={form.conflict}
        attempt={form.attempt}
        timeZone={restaurant.timeZone}
        onReload={async () => form.reset(toValues((await saving.reload()).service))}
      />
      <ErrorSummary errors={errors} labels={labels} attempt={form.attempt} />
      <TextField
        path="acknowledgeMinutes"
        label={labels.acknowledgeMinutes}
        hint={t("service.acknowledgeMinutes.hint")}
        inputMode="numeric"
        value={values.acknowledgeMinutes}
        error={errors.acknowledgeMinutes}
        onChange={(acknowledgeMinutes) => update({ acknowledgeMinutes })}
      />
      <CheckboxField
        path="autoReject"
        label={t("service.autoReject.label")}
        hint={t("service.autoReject.hint")}
        checked={values.autoReject}
        onChange={(autoReject) => update({ autoReject })}
      />
      {values.autoReject && (
        <TextField
          path="autoRejectMinutes"
          label={labels.autoRejectMinutes}
          hint={t("service.autoRejectMinutes.hint")}
          inputMode="numeric"
          value={values.autoRejectMinutes}
          error={errors.autoRejectMinutes}
          onChange={(autoRejectMinutes) => update({ autoRejectMinutes })}
        />
      )}
      <div className="actions">
        <SubmitButton busy={form.busy}>{t("form.save")}</SubmitButton>
        <SavedNote shown={form.saved} />
      </div>
    </form>
  );
}
