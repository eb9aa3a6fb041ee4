import type { EditorTexts } from "@app/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SelectField } from "../../components/form";
import { nameIn } from "./names";

/**
 * Adds one of the menu's existing items to what is being edited (a choice to an option group, an option group to
 * a product): pick it, then "Add". Nothing shows when every item is added already. A failed add keeps the pick.
 */
export function AddExisting(props: {
  path: string;
  label: string;
  items: { id: number; name: EditorTexts }[];
  onAdd: (id: number) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const [chosen, setChosen] = useState("");
  if (props.items.length === 0) return null;
  return (
    <div className="button-row add-row">
      <SelectField
        path={props.path}
        label={props.label}
        value={chosen}
        options={[
          { value: "", label: t("menu.choose") },
          ...props.items.map((item) => ({
            value: String(item.id),
            label: nameIn(item.name, i18n.language, t("menu.unnamed")),
          })),
        ]}
        onChange={setChosen}
      />
      <button
        type="button"
        className="button"
        onClick={() => {
          if (chosen)
            void props.onAdd(Number(chosen)).then(
              () => setChosen(""),
              () => undefined,
            );
        }}
      >
        {t("menu.add")}
      </button>
    </div>
  );
}
