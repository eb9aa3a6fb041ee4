/**
 * A discount code's form, for a new code and for changing one: what it takes off (a percentage or an amount typed
 * as the person writes money), the minimum order, the categories and products it is limited to (by name), the
 * first and last valid day on the restaurant's calendar, a usage limit, and whether it is on. Checked with the
 * server's own schema; the server's refusals land on the same fields, and a save someone else beat is shown with
 * who and when, keeping what was typed.
 */
import { CreateDiscountCode, type DiscountCodeView, type EditConflict, UpdateDiscountCode } from "@app/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  CheckboxField,
  ErrorSummary,
  FieldGroup,
  SavedNote,
  SelectField,
  SubmitButton,
  TextField,
} from "../../components/form";
import { editConflictOf } from "../../lib/edit-conflict";
import type { Language } from "../../lib/i18n";
import { useSchemaForm } from "../../lib/use-schema-form";
import { codeCatalogueQuery, createDiscountCode, updateDiscountCode } from "./api";
import { EditConflictNotice } from "./edit-conflict-notice";
import { moneyText, parseMoneyText } from "./money-text";

type Values = {
  code: string;
  kind: "percentage" | "amount";
  value: string;
  minimumBasket: string;
  categoryIds: number[];
  productIds: number[];
  validFrom: string;
  validUntil: string;
  usageLimit: string;
  isActive: boolean;
};

function valuesOf(code: DiscountCodeView | null, language: Language): Values {
  if (!code) {
    return {
      code: "",
      kind: "percentage",
      value: "",
      minimumBasket: "",
      categoryIds: [],
      productIds: [],
      validFrom: "",
      validUntil: "",
      usageLimit: "",
      isActive: true,
    };
  }
  return {
    code: code.code,
    kind: code.kind,
    value: code.kind === "amount" ? moneyText(code.value, language) : String(code.value),
    minimumBasket: code.minimumBasket > 0 ? moneyText(code.minimumBasket, language) : "",
    categoryIds: code.categoryIds,
    productIds: code.productIds,
    validFrom: code.validFrom ?? "",
    validUntil: code.validUntil ?? "",
    usageLimit: code.usageLimit === null ? "" : String(code.usageLimit),
    isActive: code.isActive,
  };
}

function toInput(values: Values, language: Language) {
  const limit = values.usageLimit.trim();
  return {
    code: values.code,
    kind: values.kind,
    value: parseMoneyText(values.value, language),
    minimumBasket: values.minimumBasket.trim() ? parseMoneyText(values.minimumBasket, language) : 0,
    categoryIds: values.categoryIds,
    productIds: values.productIds,
    validFrom: values.validFrom || null,
    validUntil: values.validUntil || null,
    usageLimit: limit ? (/^\d+$/.test(limit) ? Number(limit) : Number.NaN) : null,
    isActive: values.isActive,
  };
}

type Props = {
  restaurantId: number;
  timeZone: string;
  /** null: a new code. */
  editing: DiscountCodeView | null;
  onDone: () => void;
};

export function DiscountCodeForm({ restaurantId, timeZone, editing, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const form = useSchemaForm({
    schema: editing ? UpdateDiscountCode : CreateDiscountCode,
    initial: valuesOf(editing, language),
    toInput: (values) => ({ ...toInput(values, language), ...(editing ? { version: editing.edit.version } : {}) }),
    onValid: async (input) => {
      setConflict(null);
      try {
        if (editing) await updateDiscountCode(restaurantId, editing.id, input as UpdateDiscountCode);
        else await createDiscountCode(restaurantId, input);
        onDone();
      } catch (error) {
        setConflict(editConflictOf(error));
        throw error;
      }
    },
  });
  const { values, errors, update } = form;
  const labels = {
    code: t("codes.code"),
    kind: t("codes.kind"),
    value: values.kind === "percentage" ? t("codes.percent") : t("codes.amount"),
    minimumBasket: t("codes.minimum"),
    categoryIds: t("codes.categories"),
    productIds: t("codes.products"),
    validFrom: t("codes.validFrom"),
    validUntil: t("codes.validUntil"),
    usageLimit: t("codes.usageLimit"),
  };
  // An amount the form could not read is a wrongly written amount, not a missing number.
  const valueError =
    errors.value?.code === "Codes.Value" && values.kind === "amount" ? { code: "Codes.Money" } : errors.value;
  const title = editing ? t("codes.editTitle", { code: editing.code }) : t("codes.newTitle");
  return (
    <section aria-labelledby="code-form-title" className="card">
      <h2 id="code-form-title">{title}</h2>
      <form noValidate onSubmit={form.submit} className="form">
        {conflict && editing && (
          <EditConflictNotice
            conflict={conflict}
            timeZone={timeZone}
            onUseTheirs={() => {
              setConflict(null);
              onDone();
            }}
          />
        )}
        <ErrorSummary
          errors={valueError ? { ...errors, value: valueError } : errors}
          labels={labels}
          attempt={form.attempt}
        />
        <TextField
          path="code"
          label={labels.code}
          hint={t("codes.codeHint")}
          value={values.code}
          error={errors.code}
          autoComplete="off"
          onChange={(code) => update({ code })}
        />
        <SelectField
          path="kind"
          label={labels.kind}
          value={values.kind}
          error={errors.kind}
          options={[
            { value: "percentage", label: t("codes.kindPercentage") },
            { value: "amount", label: t("codes.kindAmount") },
          ]}
          onChange={(kind) => update({ kind })}
        />
        <TextField
          path="value"
          label={labels.value}
          hint={values.kind === "percentage" ? t("codes.percentHint") : t("codes.moneyHint")}
          value={values.value}
          error={valueError}
          inputMode="text"
          onChange={(value) => update({ value })}
        />
        <TextField
          path="minimumBasket"
          label={labels.minimumBasket}
          hint={t("codes.minimumHint")}
          value={values.minimumBasket}
          error={errors.minimumBasket}
          onChange={(minimumBasket) => update({ minimumBasket })}
        />
        <LimitPicker restaurantId={restaurantId} values={values} update={update} errors={errors} labels={labels} />
        <TextField
          path="validFrom"
          label={labels.validFrom}
          hint={t("codes.validFromHint")}
          type="date"
          value={values.validFrom}
          error={errors.validFrom}
          onChange={(validFrom) => update({ validFrom })}
        />
        <TextField
          path="validUntil"
          label={labels.validUntil}
          hint={t("codes.validUntilHint")}
          type="date"
          value={values.validUntil}
          error={errors.validUntil}
          onChange={(validUntil) => update({ validUntil })}
        />
        <TextField
          path="usageLimit"
          label={labels.usageLimit}
          hint={t("codes.usageLimitHint")}
          inputMode="numeric"
          value={values.usageLimit}
          error={errors.usageLimit}
          onChange={(usageLimit) => update({ usageLimit })}
        />
        <CheckboxField
          path="isActive"
          label={t("codes.active")}
          hint={t("codes.activeHint")}
          checked={values.isActive}
          onChange={(isActive) => update({ isActive })}
        />
        <div className="actions">
          <SubmitButton busy={form.busy}>{editing ? t("form.save") : t("codes.create")}</SubmitButton>
          {editing && (
            <button type="button" className="button quiet" onClick={onDone}>
              {t("codes.cancel")}
            </button>
          )}
          <SavedNote shown={form.saved} />
        </div>
      </form>
    </section>
  );
}

type PickerProps = {
  restaurantId: number;
  values: Values;
  update: (change: Partial<Values>) => void;
  errors: ReturnType<typeof useSchemaForm>["errors"];
  labels: Record<string, string>;
};

/** Categories and products by name, with a filter: a restaurant has too many products to scan. */
function LimitPicker({ restaurantId, values, update, errors, labels }: PickerProps) {
  const { t, i18n } = useTranslation();
  const catalogue = useQuery(codeCatalogueQuery(restaurantId, i18n.language as Language));
  const [filter, setFilter] = useState("");
  const wanted = filter.trim().toLocaleLowerCase(i18n.language);
  const shown = <T extends { id: number; name: string }>(rows: T[], chosen: number[]) =>
    rows.filter((row) => chosen.includes(row.id) || row.name.toLocaleLowerCase(i18n.language).includes(wanted));
  const toggle = (key: "categoryIds" | "productIds", id: number, checked: boolean) =>
    update({ [key]: checked ? [...values[key], id] : values[key].filter((other) => other !== id) });
  const errorOf = (key: string) =>
    errors[key] ?? Object.entries(errors).find(([path]) => path.startsWith(`${key}.`))?.[1];
  return (
    <fieldset className="group">
      <legend>{t("codes.limitTitle")}</legend>
      <p className="hint">{t("codes.limitHint")}</p>
      <TextField path="limit-filter" label={t("codes.limitFilter")} value={filter} onChange={setFilter} />
      {catalogue.isError && <p className="field-error">{t("codes.catalogueFailed")}</p>}
      <FieldGroup legend={labels.categoryIds!} path="categoryIds" error={errorOf("categoryIds")}>
        <div className="choice-scroll">
          {shown(catalogue.data?.categories ?? [], values.categoryIds).map((row) => (
            <CheckboxField
              key={row.id}
              path={`category-${row.id}`}
              label={row.name}
              checked={values.categoryIds.includes(row.id)}
              onChange={(checked) => toggle("categoryIds", row.id, checked)}
            />
          ))}
        </div>
      </FieldGroup>
      <FieldGroup legend={labels.productIds!} path="productIds" error={errorOf("productIds")}>
        <div className="choice-scroll">
          {shown(catalogue.data?.products ?? [], values.productIds).map((row) => (
            <CheckboxField
              key={row.id}
              path={`product-${row.id}`}
              label={row.name}
              checked={values.productIds.includes(row.id)}
              onChange={(checked) => toggle("productIds", row.id, checked)}
            />
          ))}
        </div>
      </FieldGroup>
    </fieldset>
  );
}
