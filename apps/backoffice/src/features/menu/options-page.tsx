/**
 * Option groups (modifiers) and choices. A choice is a thing with a name and a default price; a group places
 * choices in an order, each with its free units, pre-selected units and a price that overrides the default there.
 * How many the guest may choose of a group is set per product (product-modifiers.tsx).
 */
import {
  ChoiceInput,
  ChoiceUpdate,
  type EditorChoice,
  type EditorModifier,
  type EditorModifierChoice,
  ModifierInput,
  ModifierUpdate,
} from "@app/contracts";
import { formatPrice } from "@app/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { TextField } from "../../components/form";
import type { FieldErrors } from "../../lib/form-errors";
import { AddExisting } from "./add-existing";
import { DeleteButton, deletedMessageKey } from "./delete-button";
import { useMenuEditor } from "./editor-context";
import { EMPTY_TEXTS, MoneyField, type Texts, TextsField, textsLabels, textsOf } from "./fields";
import { FlashNotice } from "./flash-notice";
import { FormFrame } from "./form-frame";
import { moneyLocale, moneyRefusalCode, moneyText, parseMoney } from "./money-input";
import { nameIn } from "./names";
import { moveItem } from "./reorder";
import { ReorderList } from "./reorder-list";
import { useEditForm } from "./use-edit-form";
import { useVersionedSave } from "./use-versioned-save";

export function OptionsPage() {
  const { t, i18n } = useTranslation();
  const { editor, base } = useMenuEditor();
  const locale = moneyLocale(i18n.language);
  const unnamed = t("menu.unnamed");
  return (
    <div className="menu-page">
      <FlashNotice />
      <section aria-labelledby="groups-list-title" className="menu-section">
        <div className="card-head">
          <h2 id="groups-list-title">{t("menu.groups.title")}</h2>
          <Link className="button" to={`${base}/options/groups/new`}>
            {t("menu.groups.new")}
          </Link>
        </div>
        <p className="hint">{t("menu.groups.hint")}</p>
        <ul className="row-list">
          {editor.modifiers.map((modifier) => (
            <li key={modifier.id}>
              <Link to={`${base}/options/groups/${modifier.id}`}>{nameIn(modifier.name, i18n.language, unnamed)}</Link>
              <span className="muted">{t("menu.groups.choiceCount", { count: modifier.choices.length })}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="choices-list-title" className="menu-section">
        <div className="card-head">
          <h2 id="choices-list-title">{t("menu.choices.title")}</h2>
          <Link className="button" to={`${base}/options/choices/new`}>
            {t("menu.choices.new")}
          </Link>
        </div>
        <ul className="row-list">
          {editor.choices.map((choice) => (
            <li key={choice.id}>
              <Link to={`${base}/options/choices/${choice.id}`}>{nameIn(choice.name, i18n.language, unnamed)}</Link>
              <span>
                {formatPrice(choice.defaultPriceMinor, locale)} {t("menu.currency")}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

// ── One option group ──────────────────────────────────────────────────────────────────────

type ModifierValues = { name: Texts; internalName: string };
const modifierValues = (m: EditorModifier | undefined): ModifierValues => ({
  name: m ? textsOf(m.name) : EMPTY_TEXTS,
  internalName: m?.internalName ?? "",
});

export function ModifierPage() {
  const { modifierId } = useParams();
  const { editor } = useMenuEditor();
  const { t } = useTranslation();
  const modifier = editor.modifiers.find((m) => String(m.id) === modifierId);
  if (modifierId !== "new" && !modifier) return <p>{t("menu.notFound")}</p>;
  return <ModifierEditor key={modifier?.id ?? "new"} modifier={modifier} />;
}

function ModifierEditor({ modifier }: { modifier: EditorModifier | undefined }) {
  const { t, i18n } = useTranslation();
  const { calls, base, reload } = useMenuEditor();
  const navigate = useNavigate();
  const form = useEditForm({
    schema: modifier ? ModifierUpdate : ModifierInput,
    initial: modifierValues(modifier),
    version: modifier?.version,
    toInput: (values) => ({ input: values }),
    onValid: async (input) => {
      if (modifier) return calls.updateModifier(modifier.id, input as ModifierUpdate);
      const created = await calls.createModifier(input);
      navigate(`${base}/options/groups/${created.id}`, { replace: true });
      return created;
    },
    loadCurrent: async () => {
      const current = (await reload()).modifiers.find((m) => m.id === modifier?.id);
      return current ? { values: modifierValues(current), version: current.version } : null;
    },
  });
  const languageName = (lang: string) => t(`menu.language.${lang}`);
  const labels = {
    ...textsLabels("name", t("menu.fields.name"), languageName),
    internalName: t("menu.fields.internalName"),
  };
  const title = modifier ? nameIn(modifier.name, i18n.language, t("menu.unnamed")) : t("menu.groups.new");
  return (
    <section aria-labelledby="group-title" className="menu-page">
      <p>
        <Link to={`${base}/options`}>{t("menu.backTo", { name: t("menu.options") })}</Link>
      </p>
      <h2 id="group-title">{title}</h2>
      <FormFrame form={form} labels={labels}>
        <TextsField
          path="name"
          labels={labels}
          value={form.values.name}
          errors={form.errors}
          onChange={(name) => form.update({ name })}
        />
        <TextField
          path="internalName"
          label={labels.internalName}
          hint={t("menu.fields.internalNameHint")}
          value={form.values.internalName}
          error={form.errors.internalName}
          onChange={(internalName) => form.update({ internalName })}
        />
      </FormFrame>
      {modifier && <GroupChoices modifier={modifier} onSaved={(saved) => form.rebase(saved.version)} />}
      {modifier && (
        <DeleteButton
          name={title}
          onDelete={() => calls.deleteModifier(modifier.id, form.version)}
          onDone={(result) =>
            navigate(`${base}/options`, { state: { notice: { key: deletedMessageKey(result), name: title } } })
          }
        />
      )}
    </section>
  );
}

type PlacedSettings = Omit<EditorModifierChoice, "choiceId">;

function GroupChoices({ modifier, onSaved }: { modifier: EditorModifier; onSaved: (saved: EditorModifier) => void }) {
  const { t, i18n } = useTranslation();
  const { editor, calls } = useMenuEditor();
  const choiceName = (id: number) =>
    nameIn(editor.choices.find((c) => c.id === id)?.name ?? {}, i18n.language, t("menu.unnamed"));

  /** Each change is one save of the group, based on the version the screen shows. */
  const { busy, error, run } = useVersionedSave(modifier.version, onSaved);
  const place = (choiceId: number, settings: PlacedSettings) =>
    run((version) =>
      calls.placeChoice(modifier.id, choiceId, {
        version,
        freeAmount: settings.freeAmount,
        defaultChoiceAmount: settings.defaultChoiceAmount,
        overwritePriceMinor: settings.overwritePriceMinor,
        sortOrder: settings.sortOrder,
      }),
    );
  /** A move is one save of the whole order: never half made. */
  const move = (move: { from: number; to: number }) => {
    const choiceIds = moveItem(modifier.choices, move.from, move.to).map((placed) => placed.choiceId);
    return run((version) => calls.orderGroupChoices(modifier.id, { version, choiceIds })).then(
      () => true,
      () => false,
    );
  };
  return (
    <section aria-labelledby="group-choices-title" className="menu-section">
      <h3 id="group-choices-title">{t("menu.groups.choicesInGroup")}</h3>
      <p className="hint">{t("menu.groups.choicesInGroupHint")}</p>
      {modifier.choices.length > 0 && (
        <ReorderList
          label={t("menu.groups.choicesInGroup")}
          busy={busy}
          onMove={move}
          entries={modifier.choices.map((placed) => ({
            id: placed.choiceId,
            name: choiceName(placed.choiceId),
            content: (
              <PlacedChoice
                placed={placed}
                name={choiceName(placed.choiceId)}
                onSave={(settings) => place(placed.choiceId, settings)}
                onRemove={() => run((version) => calls.removeChoice(modifier.id, placed.choiceId, version))}
              />
            ),
          }))}
        />
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <AddChoice
        exclude={modifier.choices.map((c) => c.choiceId)}
        onAdd={(choiceId) =>
          place(choiceId, {
            freeAmount: 0,
            defaultChoiceAmount: 0,
            overwritePriceMinor: null,
            sortOrder: modifier.choices.length,
          })
        }
      />
    </section>
  );
}

function wholeCount(text: string): number | null {
  return /^\d{1,2}$/.test(text.trim()) ? Number(text.trim()) : null;
}

function PlacedChoice(props: {
  placed: EditorModifierChoice;
  name: string;
  onSave: (settings: PlacedSettings) => Promise<void>;
  onRemove: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const locale = moneyLocale(i18n.language);
  const [freeAmount, setFree] = useState(String(props.placed.freeAmount));
  const [defaultAmount, setDefault] = useState(String(props.placed.defaultChoiceAmount));
  const [overwrite, setOverwrite] = useState(moneyText(props.placed.overwritePriceMinor, locale));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const id = `choice-${props.placed.choiceId}`;
  const save = async () => {
    const refused: FieldErrors = {};
    const free = wholeCount(freeAmount);
    const preset = wholeCount(defaultAmount);
    const price = parseMoney(overwrite, locale);
    if (free === null) refused[`${id}.freeAmount`] = { code: "Menu.InvalidCount" };
    if (preset === null) refused[`${id}.defaultChoiceAmount`] = { code: "Menu.InvalidCount" };
    if (!price.ok && price.reason !== "empty")
      refused[`${id}.overwritePriceMinor`] = { code: moneyRefusalCode(price.reason) };
    setErrors(refused);
    setSaved(false);
    if (Object.keys(refused).length > 0 || free === null || preset === null) return;
    await props
      .onSave({
        freeAmount: free,
        defaultChoiceAmount: preset,
        overwritePriceMinor: price.ok ? price.minor : null,
        sortOrder: props.placed.sortOrder,
      })
      .then(
        () => setSaved(true),
        () => undefined,
      );
  };
  return (
    <div className="group-settings">
      <span className="group-name">{props.name}</span>
      <div className="count-row">
        <TextField
          path={`${id}.freeAmount`}
          label={t("menu.choices.freeAmount")}
          inputMode="numeric"
          value={freeAmount}
          error={errors[`${id}.freeAmount`]}
          onChange={setFree}
        />
        <TextField
          path={`${id}.defaultChoiceAmount`}
          label={t("menu.choices.defaultChoiceAmount")}
          inputMode="numeric"
          value={defaultAmount}
          error={errors[`${id}.defaultChoiceAmount`]}
          onChange={setDefault}
        />
        <MoneyField
          path={`${id}.overwritePriceMinor`}
          label={t("menu.choices.overwritePrice")}
          hint={t("menu.choices.overwritePriceHint")}
          value={overwrite}
          currency={t("menu.currency")}
          errors={errors}
          onChange={setOverwrite}
        />
      </div>
      <div className="button-row">
        <button type="button" className="button" onClick={() => void save()}>
          {t("form.save")}
          <span className="visually-hidden"> {props.name}</span>
        </button>
        <button type="button" className="button quiet" onClick={() => void props.onRemove().catch(() => undefined)}>
          {t("menu.groups.removeChoice")}
          <span className="visually-hidden"> {props.name}</span>
        </button>
        <p className="saved-note" role="status">
          {saved ? t("form.saved") : ""}
        </p>
      </div>
    </div>
  );
}

function AddChoice({ exclude, onAdd }: { exclude: number[]; onAdd: (choiceId: number) => Promise<void> }) {
  const { t } = useTranslation();
  const { editor } = useMenuEditor();
  const free = editor.choices.filter((c) => !exclude.includes(c.id));
  return <AddExisting path="addChoice" label={t("menu.groups.addChoice")} items={free} onAdd={onAdd} />;
}

// ── One choice ────────────────────────────────────────────────────────────────────────────

type ChoiceValues = { name: Texts; defaultPrice: string };

export function ChoicePage() {
  const { choiceId } = useParams();
  const { editor } = useMenuEditor();
  const { t } = useTranslation();
  const choice = editor.choices.find((c) => String(c.id) === choiceId);
  if (choiceId !== "new" && !choice) return <p>{t("menu.notFound")}</p>;
  return <ChoiceEditor key={choice?.id ?? "new"} choice={choice} />;
}

function ChoiceEditor({ choice }: { choice: EditorChoice | undefined }) {
  const { t, i18n } = useTranslation();
  const { calls, base, reload } = useMenuEditor();
  const navigate = useNavigate();
  const locale = moneyLocale(i18n.language);
  const valuesOf = (c: EditorChoice | undefined): ChoiceValues => ({
    name: c ? textsOf(c.name) : EMPTY_TEXTS,
    defaultPrice: moneyText(c?.defaultPriceMinor ?? 0, locale),
  });
  const form = useEditForm({
    schema: choice ? ChoiceUpdate : ChoiceInput,
    initial: valuesOf(choice),
    version: choice?.version,
    toInput: (values: ChoiceValues) => {
      const price = parseMoney(values.defaultPrice, locale);
      if (!price.ok) {
        const code = price.reason === "empty" ? "Input.Required" : moneyRefusalCode(price.reason);
        return { errors: { defaultPriceMinor: { code } } };
      }
      return { input: { name: values.name, defaultPriceMinor: price.minor } };
    },
    onValid: async (input) => {
      if (choice) return calls.updateChoice(choice.id, input as ChoiceUpdate);
      const created = await calls.createChoice(input);
      navigate(`${base}/options/choices/${created.id}`, { replace: true });
      return created;
    },
    loadCurrent: async () => {
      const current = (await reload()).choices.find((c) => c.id === choice?.id);
      return current ? { values: valuesOf(current), version: current.version } : null;
    },
  });
  const languageName = (lang: string) => t(`menu.language.${lang}`);
  const labels = {
    ...textsLabels("name", t("menu.fields.name"), languageName),
    defaultPriceMinor: t("menu.choices.defaultPrice"),
  };
  const title = choice ? nameIn(choice.name, i18n.language, t("menu.unnamed")) : t("menu.choices.new");
  return (
    <section aria-labelledby="choice-title" className="menu-page">
      <p>
        <Link to={`${base}/options`}>{t("menu.backTo", { name: t("menu.options") })}</Link>
      </p>
      <h2 id="choice-title">{title}</h2>
      <FormFrame form={form} labels={labels}>
        <TextsField
          path="name"
          labels={labels}
          value={form.values.name}
          errors={form.errors}
          onChange={(name) => form.update({ name })}
        />
        <MoneyField
          path="defaultPriceMinor"
          label={labels.defaultPriceMinor}
          hint={t("menu.choices.defaultPriceHint")}
          value={form.values.defaultPrice}
          currency={t("menu.currency")}
          errors={form.errors}
          onChange={(defaultPrice) => form.update({ defaultPrice })}
        />
      </FormFrame>
      {choice && (
        <DeleteButton
          name={title}
          onDelete={() => calls.deleteChoice(choice.id, form.version)}
          onDone={(result) =>
            navigate(`${base}/options`, { state: { notice: { key: deletedMessageKey(result), name: title } } })
          }
        />
      )}
    </section>
  );
}
