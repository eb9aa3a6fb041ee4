/**
 * A product's option groups in their order, each with how many units the guest may choose (maxChoices) and how
 * many are included in the price (choicesIncluded). Each change is its own save of the product (its version moves
 * on, and the product form above is told). The rules of @app/domain's `validateModifierSettings` are checked
 * before sending, on the field they are about.
 */
import type { EditorModifier, EditorProduct, EditorProductModifier } from "@app/contracts";
import { validateModifierSettings } from "@app/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TextField } from "../../components/form";
import type { FieldErrors } from "../../lib/form-errors";
import { AddExisting } from "./add-existing";
import { useMenuEditor } from "./editor-context";
import { nameIn } from "./names";
import { moveItem } from "./reorder";
import { ReorderList } from "./reorder-list";
import { useVersionedSave } from "./use-versioned-save";

/** A count field's text as a whole number, or NaN (refused as Menu.InvalidCount). */
function count(text: string): number {
  return /^\d{1,2}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

function settingsErrors(maxChoices: number, choicesIncluded: number, modifier: EditorModifier | undefined) {
  const errors: FieldErrors = {};
  if (Number.isNaN(maxChoices)) errors.maxChoices = { code: "Menu.InvalidCount" };
  if (Number.isNaN(choicesIncluded)) errors.choicesIncluded = { code: "Menu.InvalidCount" };
  if (Object.keys(errors).length > 0) return errors;
  for (const { field, code } of validateModifierSettings({
    maxChoices,
    choicesIncluded,
    choices: modifier?.choices ?? [],
  })) {
    // Rules about the group's choices are the group's to fix: shown on the limit they conflict with.
    const path = field === "maxChoices" || field === "choicesIncluded" ? field : "maxChoices";
    errors[path] ??= { code };
  }
  return errors;
}

export function ProductModifiers(props: { product: EditorProduct; onProductSaved: (saved: EditorProduct) => void }) {
  const { t, i18n } = useTranslation();
  const { editor, calls } = useMenuEditor();
  const { product } = props;
  const groupName = (id: number) =>
    nameIn(editor.modifiers.find((m) => m.id === id)?.name ?? {}, i18n.language, t("menu.unnamed"));

  /** Each change is one save of the product, based on the version the screen shows. */
  const { busy, error, run } = useVersionedSave(product.version, props.onProductSaved);

  /** A move is one save of the whole order: never half made. */
  const move = (move: { from: number; to: number }) => {
    const modifierIds = moveItem(product.modifiers, move.from, move.to).map((group) => group.modifierId);
    return run((version) => calls.orderProductModifiers(product.id, { version, modifierIds })).then(
      () => true,
      () => false,
    );
  };

  return (
    <section aria-labelledby="groups-title" className="menu-section">
      <h3 id="groups-title">{t("menu.groups.onProduct")}</h3>
      <p className="hint">{t("menu.groups.onProductHint")}</p>
      {product.modifiers.length > 0 && (
        <ReorderList
          label={t("menu.groups.onProduct")}
          busy={busy}
          onMove={move}
          entries={product.modifiers.map((group) => ({
            id: group.modifierId,
            name: groupName(group.modifierId),
            content: (
              <GroupSettings
                group={group}
                name={groupName(group.modifierId)}
                modifier={editor.modifiers.find((m) => m.id === group.modifierId)}
                onSave={(settings) =>
                  run((version) =>
                    calls.setProductModifier(product.id, group.modifierId, {
                      version,
                      ...settings,
                      sortOrder: group.sortOrder,
                    }),
                  )
                }
                onRemove={() => run((version) => calls.removeProductModifier(product.id, group.modifierId, version))}
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
      <AddGroup
        product={product}
        onAdd={(modifierId) =>
          run((version) =>
            calls.setProductModifier(product.id, modifierId, {
              version,
              maxChoices: 1,
              choicesIncluded: 0,
              sortOrder: product.modifiers.length,
            }),
          )
        }
      />
    </section>
  );
}

function GroupSettings(props: {
  group: EditorProductModifier;
  name: string;
  modifier: EditorModifier | undefined;
  onSave: (settings: { maxChoices: number; choicesIncluded: number }) => Promise<void>;
  onRemove: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { base } = useMenuEditor();
  const [maxChoices, setMax] = useState(String(props.group.maxChoices));
  const [choicesIncluded, setIncluded] = useState(String(props.group.choicesIncluded));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const id = `group-${props.group.modifierId}`;
  const save = async () => {
    const refused = settingsErrors(count(maxChoices), count(choicesIncluded), props.modifier);
    setErrors(refused);
    setSaved(false);
    if (Object.keys(refused).length > 0) return;
    await props.onSave({ maxChoices: count(maxChoices), choicesIncluded: count(choicesIncluded) }).then(
      () => setSaved(true),
      () => undefined,
    );
  };
  return (
    <div className="group-settings">
      <Link to={`${base}/options/groups/${props.group.modifierId}`} className="group-name">
        {props.name}
      </Link>
      <div className="count-row">
        <TextField
          path={`${id}.maxChoices`}
          label={t("menu.groups.maxChoices")}
          inputMode="numeric"
          value={maxChoices}
          error={errors.maxChoices}
          onChange={setMax}
        />
        <TextField
          path={`${id}.choicesIncluded`}
          label={t("menu.groups.choicesIncluded")}
          inputMode="numeric"
          value={choicesIncluded}
          error={errors.choicesIncluded}
          onChange={setIncluded}
        />
      </div>
      <div className="button-row">
        <button type="button" className="button" onClick={() => void save()}>
          {t("form.save")}
          <span className="visually-hidden"> {props.name}</span>
        </button>
        <button type="button" className="button quiet" onClick={() => void props.onRemove().catch(() => undefined)}>
          {t("menu.groups.remove")}
          <span className="visually-hidden"> {props.name}</span>
        </button>
        <p className="saved-note" role="status">
          {saved ? t("form.saved") : ""}
        </p>
      </div>
    </div>
  );
}

function AddGroup({ product, onAdd }: { product: EditorProduct; onAdd: (modifierId: number) => Promise<void> }) {
  const { t } = useTranslation();
  const { editor } = useMenuEditor();
  const free = editor.modifiers.filter((m) => !product.modifiers.some((g) => g.modifierId === m.id));
  return <AddExisting path="addGroup" label={t("menu.groups.add")} items={free} onAdd={onAdd} />;
}
