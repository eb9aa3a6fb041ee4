/**
 * Pickup and delivery times, delivery zones and the kitchen's capacity in one save: the slot interval, the lead
 * time (minutes the kitchen needs before the first slot), how many days ahead a guest may order, the delivery
 * zones (zip code → fee and minimum order) and the items the kitchen makes per slot, by weekday and time range.
 */
import { type RestaurantOrdering, UpdateRestaurantOrderingRequest } from "@app/contracts";
import { orderingProblems } from "@app/domain";
import { useTranslation } from "react-i18next";
import { SavedNote, SubmitButton } from "../../components/form";
import type { FieldErrors } from "../../lib/form-errors";
import { saveOrdering } from "./api";
import {
  CompactField,
  ConflictNotice,
  focusField,
  HoursErrorSummary,
  Section,
  useWeekdayNames,
  useWeekdayWords,
} from "./fields";
import {
  closesNextDay,
  newKey,
  type OrderingValues,
  type RuleRow,
  toOrderingInput,
  toOrderingValues,
  type ZoneRow,
} from "./form-values";
import { useSectionForm } from "./use-section-form";

type Update = (change: (current: OrderingValues) => OrderingValues) => void;

export function OrderingForm(props: {
  restaurantId: number;
  ordering: RestaurantOrdering;
  reload: () => Promise<RestaurantOrdering>;
}) {
  const { t } = useTranslation();
  const form = useSectionForm({
    schema: UpdateRestaurantOrderingRequest,
    initial: toOrderingValues(props.ordering),
    toInput: toOrderingInput,
    problems: orderingProblems,
    onValid: async (request) => toOrderingValues(await saveOrdering(props.restaurantId, request)),
  });
  const { values, errors, update } = form;
  const minutes = (path: string, label: string, value: string, set: (text: string) => void, hint?: string) => (
    <CompactField
      path={path}
      label={label}
      hint={hint}
      inputMode="numeric"
      value={value}
      error={errors[path]}
      onChange={set}
    />
  );
  const { pickup, delivery } = values;
  const labelOf = (path: string) => {
    const parts = path.split(".");
    const key: Record<string, string> = {
      "pickup.intervalMinutes": "hours.pickup.interval",
      "pickup.leadMinutes": "hours.pickup.lead",
      "pickup.futureDays": "hours.pickup.futureDays",
      "delivery.intervalMinutes": "hours.pickup.interval",
      "delivery.leadMinutes": "hours.delivery.lead",
      "capacity.itemsPerSlot": "hours.capacity.default",
      zipCode: "hours.delivery.zipCode",
      fee: "hours.delivery.fee",
      minimumOrder: "hours.delivery.minimum",
      starts: "hours.capacity.starts",
      ends: "hours.capacity.ends",
      itemsPerSlot: "hours.capacity.items",
    };
    const section = t(
      `hours.${parts[0] === "capacity" ? "capacity" : parts[0] === "delivery" ? "delivery" : "pickup"}.title`,
    );
    if (parts.length === 2) return key[path] && `${section}, ${t(key[path])}`;
    const list = parts[1] === "zones" ? t("hours.delivery.zones") : t("hours.capacity.rules");
    const field = key[parts[3] ?? ""];
    return field && `${list} ${Number(parts[2]) + 1}, ${t(field)}`;
  };
  return (
    <form noValidate onSubmit={form.submit} className="form sub-form hours-form" aria-labelledby="ordering-title">
      <h2 id="ordering-title">{t("hours.orderingTitle")}</h2>
      <ConflictNotice
        conflict={form.conflict}
        attempt={form.attempt}
        timeZone={props.ordering.timeZone}
        onReload={async () => form.reset(toOrderingValues(await props.reload()))}
      />
      <HoursErrorSummary id="ordering" errors={errors} attempt={form.attempt} labelOf={labelOf} />
      <Section id="ordering-pickup" title={t("hours.pickup.title")}>
        <div className="range-row">
          {minutes("pickup.intervalMinutes", t("hours.pickup.interval"), pickup.intervalMinutes, (text) =>
            update((v) => ({ ...v, pickup: { ...v.pickup, intervalMinutes: text } })),
          )}
          {minutes("pickup.leadMinutes", t("hours.pickup.lead"), pickup.leadMinutes, (text) =>
            update((v) => ({ ...v, pickup: { ...v.pickup, leadMinutes: text } })),
          )}
          {minutes(
            "pickup.futureDays",
            t("hours.pickup.futureDays"),
            pickup.futureDays,
            (text) => update((v) => ({ ...v, pickup: { ...v.pickup, futureDays: text } })),
            t("hours.pickup.futureDaysHint"),
          )}
        </div>
      </Section>
      {delivery && (
        <Section id="ordering-delivery" title={t("hours.delivery.title")}>
          <div className="range-row">
            {minutes("delivery.intervalMinutes", t("hours.pickup.interval"), delivery.intervalMinutes, (text) =>
              update((v) => ({ ...v, delivery: v.delivery && { ...v.delivery, intervalMinutes: text } })),
            )}
            {minutes("delivery.leadMinutes", t("hours.delivery.lead"), delivery.leadMinutes, (text) =>
              update((v) => ({ ...v, delivery: v.delivery && { ...v.delivery, leadMinutes: text } })),
            )}
          </div>
          <ZonesEditor zones={delivery.zones} errors={errors} update={update} />
        </Section>
      )}
      <Section id="ordering-capacity" title={t("hours.capacity.title")}>
        {minutes(
          "capacity.itemsPerSlot",
          t("hours.capacity.default"),
          values.capacity.itemsPerSlot,
          (text) => update((v) => ({ ...v, capacity: { ...v.capacity, itemsPerSlot: text } })),
          t("hours.capacity.defaultHint"),
        )}
        <RulesEditor rules={values.capacity.rules} errors={errors} update={update} />
      </Section>
      <div className="actions">
        <SubmitButton busy={form.busy}>{t("hours.saveOrdering")}</SubmitButton>
        <SavedNote shown={form.saved} />
      </div>
    </form>
  );
}

function ZonesEditor(props: { zones: ZoneRow[]; errors: FieldErrors; update: Update }) {
  const { t } = useTranslation();
  const { zones, errors, update } = props;
  const setZones = (change: (zones: ZoneRow[]) => ZoneRow[]) =>
    update((v) => ({ ...v, delivery: v.delivery && { ...v.delivery, zones: change(v.delivery.zones) } }));
  const change = (key: number, patch: Partial<ZoneRow>) =>
    setZones((all) => all.map((zone) => (zone.key === key ? { ...zone, ...patch } : zone)));
  return (
    <fieldset className="day">
      <legend>{t("hours.delivery.zones")}</legend>
      {zones.length === 0 && <p className="muted">{t("hours.delivery.noZones")}</p>}
      {zones.map((zone, index) => {
        const path = `delivery.zones.${index}`;
        return (
          <div key={zone.key} className="range-row list-row">
            <CompactField
              path={`${path}.zipCode`}
              label={t("hours.delivery.zipCode")}
              inputMode="numeric"
              value={zone.zipCode}
              error={errors[`${path}.zipCode`]}
              onChange={(zipCode) => change(zone.key, { zipCode })}
            />
            <CompactField
              path={`${path}.fee`}
              label={t("hours.delivery.fee")}
              inputMode="decimal"
              value={zone.fee}
              error={errors[`${path}.fee`]}
              onChange={(fee) => change(zone.key, { fee })}
            />
            <CompactField
              path={`${path}.minimumOrder`}
              label={t("hours.delivery.minimum")}
              inputMode="decimal"
              value={zone.minimumOrder}
              error={errors[`${path}.minimumOrder`]}
              onChange={(minimumOrder) => change(zone.key, { minimumOrder })}
            />
            <RemoveRowButton
              label={t("hours.delivery.remove", {
                zip: zone.zipCode,
                context: zone.zipCode.trim() ? undefined : "new",
              })}
              addButton="add-zone"
              onRemove={() => setZones((all) => all.filter((z) => z.key !== zone.key))}
            />
          </div>
        );
      })}
      <AddRowButton
        id="add-zone"
        text={t("hours.delivery.add")}
        focusAfter={`delivery.zones.${zones.length}.zipCode`}
        onAdd={() => setZones((all) => [...all, { key: newKey(), zipCode: "", fee: "0", minimumOrder: "0" }])}
      />
    </fieldset>
  );
}

function RulesEditor(props: { rules: RuleRow[]; errors: FieldErrors; update: Update }) {
  const { t } = useTranslation();
  const days = useWeekdayNames();
  const words = useWeekdayWords();
  const { rules, errors, update } = props;
  const setRules = (change: (rules: RuleRow[]) => RuleRow[]) =>
    update((v) => ({ ...v, capacity: { ...v.capacity, rules: change(v.capacity.rules) } }));
  const change = (key: number, patch: Partial<RuleRow>) =>
    setRules((all) => all.map((rule) => (rule.key === key ? { ...rule, ...patch } : rule)));
  return (
    <fieldset className="day">
      <legend>{t("hours.capacity.rules")}</legend>
      <p className="hint">{t("hours.capacity.rulesHint")}</p>
      {rules.map((rule, index) => {
        const path = `capacity.rules.${index}`;
        return (
          <div key={rule.key} className="range-row list-row">
            <div className="field compact">
              <label htmlFor={`field-${path.replaceAll(".", "-")}-weekday`}>{t("hours.capacity.weekday")}</label>
              <select
                id={`field-${path.replaceAll(".", "-")}-weekday`}
                value={rule.weekday}
                onChange={(event) => change(rule.key, { weekday: event.target.value })}
              >
                {days.map((day, i) => (
                  <option key={day} value={String(i + 1)}>
                    {day}
                  </option>
                ))}
              </select>
            </div>
            <CompactField
              path={`${path}.starts`}
              label={t("hours.capacity.starts")}
              inputMode="numeric"
              value={rule.starts}
              error={errors[`${path}.starts`]}
              onChange={(starts) => change(rule.key, { starts })}
            />
            <CompactField
              path={`${path}.ends`}
              label={t("hours.capacity.ends")}
              inputMode="numeric"
              value={rule.ends}
              error={errors[`${path}.ends`]}
              hint={closesNextDay(rule.starts, rule.ends) ? t("hours.nextDay") : undefined}
              onChange={(ends) => change(rule.key, { ends })}
            />
            <CompactField
              path={`${path}.itemsPerSlot`}
              label={t("hours.capacity.items")}
              inputMode="numeric"
              value={rule.itemsPerSlot}
              error={errors[`${path}.itemsPerSlot`]}
              onChange={(itemsPerSlot) => change(rule.key, { itemsPerSlot })}
            />
            <RemoveRowButton
              label={t("hours.capacity.remove", {
                day: words[Number(rule.weekday) - 1],
                starts: rule.starts,
                context: rule.starts ? undefined : "new",
              })}
              addButton="add-rule"
              onRemove={() => setRules((all) => all.filter((r) => r.key !== rule.key))}
            />
          </div>
        );
      })}
      <AddRowButton
        id="add-rule"
        text={t("hours.capacity.add")}
        focusAfter={`capacity.rules.${rules.length}.starts`}
        onAdd={() =>
          setRules((all) => [
            ...all,
            { key: newKey(), weekday: "5", starts: "17:00", ends: "20:00", itemsPerSlot: "5" },
          ])
        }
      />
    </fieldset>
  );
}

/** A row's remove button: the row is gone, so the focus goes to its list's add button. */
function RemoveRowButton(props: { label: string; addButton: string; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="button quiet remove"
      aria-label={props.label}
      onClick={() => {
        props.onRemove();
        focusField(props.addButton);
      }}
    >
      {t("hours.remove")}
    </button>
  );
}

/** A list's add button (its id `field-<id>`, where a removed row sends the focus); the focus goes to the new row. */
function AddRowButton(props: { id: string; text: string; focusAfter: string; onAdd: () => void }) {
  return (
    <div className="row-actions">
      <button
        type="button"
        className="button"
        id={`field-${props.id}`}
        onClick={() => {
          props.onAdd();
          focusField(props.focusAfter);
        }}
      >
        {props.text}
      </button>
    </div>
  );
}
