import type { Label } from "@app/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../../components/ui/dialog";
import { translate } from "../../../lib/i18n";

/** The label icons the catalogue names; an unknown one shows only the label's colour. */
const ICONS: Record<string, string> = {
  leaf: "🌿",
  vegan: "🌱",
  chili: "🌶️",
  gluten: "🌾",
  star: "⭐",
  fish: "🐟",
  nuts: "🥜",
  milk: "🥛",
  egg: "🥚",
};

export function LabelIcon({ label }: { label: Label }) {
  const icon = ICONS[label.icon];
  return (
    <span className="label-icon" aria-hidden="true" style={{ backgroundColor: label.colour }}>
      {icon ?? null}
    </span>
  );
}

/** A product's labels as small chips; each opens a popup with the label's name, description, icon and colour. */
export function ProductLabels({ labels, language }: { labels: readonly Label[]; language: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Label | null>(null);
  const [last, setLast] = useState<Label | null>(null);
  if (labels.length === 0) return null;
  // Mounted from the first opening on; it keeps the last label while it closes, so the text does not vanish.
  const label = shown ?? last;
  return (
    <>
      <ul className="label-list">
        {labels.map((candidate) => {
          const name = translate(candidate.name, language);
          return (
            <li key={candidate.id}>
              <button
                type="button"
                className="label-chip"
                aria-haspopup="dialog"
                aria-label={t("Product.LabelInfo", { name })}
                onClick={() => {
                  setShown(candidate);
                  setLast(candidate);
                }}
              >
                <LabelIcon label={candidate} />
                <span>{name}</span>
                <span className="label-info-mark" aria-hidden="true">
                  i
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {label ? (
        <Dialog
          open={shown !== null}
          onClose={() => setShown(null)}
          title={translate(label.name, language)}
          className="label-dialog"
        >
          <div className="label-dialog-body" style={{ borderColor: label.colour }}>
            <LabelIcon label={label} />
            <p>{translate(label.description, language)}</p>
          </div>
          <div className="dialog-actions">
            <button type="button" className="button-primary" onClick={() => setShown(null)}>
              {t("Actions.Close")}
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
