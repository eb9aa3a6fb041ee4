/** Labels (vegetarian, strong, …): name and description in both languages, an icon of the storefront's, a colour. */
import { type EditorLabel, LabelInput, LabelUpdate } from "@app/contracts";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { SelectField, TextField } from "../../components/form";
import { DeleteButton, deletedMessageKey } from "./delete-button";
import { useMenuEditor } from "./editor-context";
import { EMPTY_TEXTS, type Texts, TextsField, textsLabels, textsOf } from "./fields";
import { FlashNotice } from "./flash-notice";
import { FormFrame } from "./form-frame";
import { LABEL_ICONS, LabelIcon } from "./label-icon";
import { nameIn } from "./names";
import { useEditForm } from "./use-edit-form";

export function LabelsPage() {
  const { t, i18n } = useTranslation();
  const { editor, base } = useMenuEditor();
  return (
    <section aria-labelledby="labels-title" className="menu-page">
      <FlashNotice />
      <div className="card-head">
        <h2 id="labels-title">{t("menu.labels")}</h2>
        <Link className="button" to={`${base}/labels/new`}>
          {t("menu.label.new")}
        </Link>
      </div>
      <ul className="row-list">
        {editor.labels.map((label) => (
          <li key={label.id}>
            <span className="label-row">
              <LabelIcon icon={label.icon} colour={label.colour} />
              <Link to={`${base}/labels/${label.id}`}>{nameIn(label.name, i18n.language, t("menu.unnamed"))}</Link>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

type LabelValues = { name: Texts; description: Texts; icon: string; colour: string };
const labelValues = (label: EditorLabel | undefined): LabelValues => ({
  name: label ? textsOf(label.name) : EMPTY_TEXTS,
  description: label ? textsOf(label.description) : EMPTY_TEXTS,
  icon: label?.icon ?? LABEL_ICONS[0]!,
  colour: label?.colour ?? "#3a7d44",
});

export function LabelPage() {
  const { labelId } = useParams();
  const { editor } = useMenuEditor();
  const { t } = useTranslation();
  const label = editor.labels.find((l) => String(l.id) === labelId);
  if (labelId !== "new" && !label) return <p>{t("menu.notFound")}</p>;
  return <LabelEditor key={label?.id ?? "new"} label={label} />;
}

function LabelEditor({ label }: { label: EditorLabel | undefined }) {
  const { t, i18n } = useTranslation();
  const { calls, base, reload } = useMenuEditor();
  const navigate = useNavigate();
  const form = useEditForm({
    schema: label ? LabelUpdate : LabelInput,
    initial: labelValues(label),
    version: label?.version,
    toInput: (values) => ({ input: values }),
    onValid: async (input) => {
      if (label) return calls.updateLabel(label.id, input as LabelUpdate);
      const created = await calls.createLabel(input);
      navigate(`${base}/labels/${created.id}`, { replace: true });
      return created;
    },
    loadCurrent: async () => {
      const current = (await reload()).labels.find((l) => l.id === label?.id);
      return current ? { values: labelValues(current), version: current.version } : null;
    },
  });
  const { values, errors, update } = form;
  const languageName = (lang: string) => t(`menu.language.${lang}`);
  const labels = {
    ...textsLabels("name", t("menu.fields.name"), languageName),
    ...textsLabels("description", t("menu.fields.description"), languageName),
    icon: t("menu.label.icon"),
    colour: t("menu.label.colour"),
  };
  const title = label ? nameIn(label.name, i18n.language, t("menu.unnamed")) : t("menu.label.new");
  const icons = values.icon && !LABEL_ICONS.includes(values.icon) ? [values.icon, ...LABEL_ICONS] : LABEL_ICONS;
  return (
    <section aria-labelledby="label-title" className="menu-page">
      <p>
        <Link to={`${base}/labels`}>{t("menu.backTo", { name: t("menu.labels") })}</Link>
      </p>
      <h2 id="label-title">{title}</h2>
      <FormFrame form={form} labels={labels}>
        <TextsField
          path="name"
          labels={labels}
          value={values.name}
          errors={errors}
          onChange={(name) => update({ name })}
        />
        <TextsField
          path="description"
          labels={labels}
          value={values.description}
          errors={errors}
          multiline
          onChange={(description) => update({ description })}
        />
        <div className="label-look">
          <SelectField
            path="icon"
            label={labels.icon}
            value={values.icon}
            error={errors.icon}
            options={icons.map((icon) => ({
              value: icon,
              label: t(`menu.label.icons.${icon}`, { defaultValue: icon }),
            }))}
            onChange={(icon) => update({ icon })}
          />
          <TextField
            path="colour"
            label={labels.colour}
            hint={t("menu.label.colourHint")}
            value={values.colour}
            error={errors.colour}
            onChange={(colour) => update({ colour })}
          >
            <input
              type="color"
              className="colour-picker"
              aria-label={labels.colour}
              value={/^#[0-9a-fA-F]{6}$/.test(values.colour) ? values.colour : "#000000"}
              onChange={(event) => update({ colour: event.target.value })}
            />
          </TextField>
          <p className="label-sample">
            <LabelIcon icon={values.icon} colour={values.colour} />{" "}
            <span>{nameIn(values.name, i18n.language, t("menu.unnamed"))}</span>
          </p>
        </div>
      </FormFrame>
      {label && (
        <DeleteButton
          name={title}
          onDelete={() => calls.deleteLabel(label.id, form.version)}
          onDone={(result) =>
            navigate(`${base}/labels`, { state: { notice: { key: deletedMessageKey(result), name: title } } })
          }
        />
      )}
    </section>
  );
}
