import type { Label } from "@app/contracts";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../../components/ui/dialog";
import { translate } from "../../../lib/i18n";

/**
 * The label icons the catalogue names, drawn as SVG (white on the label's colour) so they look the same on
 * every device: emoji depend on the phone's fonts. An unknown icon shows only the label's colour.
 */
const ICON_PATHS: Record<string, ReactNode> = {
  leaf: <path d="M6 18C6 10 11 5 19 5c0 8-5 13-13 13Zm0 0 7-7" />,
  vegan: <path d="M12 20v-8m0 0C12 8 9 5 5 5c0 4 3 7 7 7Zm0 0c0-4 3-7 7-7 0 4-3 7-7 7Z" />,
  chili: (
    <path d="M8 9c2.5-1 4.5.5 5.5 3 1.5 3.5 3.5 5.5 6.5 6.5-5 1.5-10.5-.5-12.5-5-.8-2-.5-3.5.5-4.5Zm0 0c0-2 1-3.5 3-4" />
  ),
  gluten: (
    <path d="M12 21V8m0 13c-3-1-4-3-4-5 2 0 3.5 1 4 3m0 2c3-1 4-3 4-5-2 0-3.5 1-4 3m0-6c-3-1-4-3-4-5 2 0 3.5 1 4 3m0 2c3-1 4-3 4-5-2 0-3.5 1-4 3m0-3c-1.5-1-2-2.5-1.5-4.5 1.5.5 2 2 1.5 4.5Z" />
  ),
  star: <path d="m12 4 2.4 5 5.4.6-4 3.7 1.1 5.3L12 16l-4.9 2.6 1.1-5.3-4-3.7 5.4-.6Z" />,
  heart: <path d="M12 19s-7-4.4-7-9.5A3.9 3.9 0 0 1 12 7a3.9 3.9 0 0 1 7 2.5C19 14.6 12 19 12 19Z" />,
};

export function LabelIcon({ label }: { label: Label }) {
  const path = ICON_PATHS[label.icon];
  return (
    <span className="label-icon" aria-hidden="true" style={{ backgroundColor: label.colour }}>
      {path ? (
        <svg
          aria-hidden="true"
          focusable="false"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {path}
        </svg>
      ) : null}
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
                onClick={() => {
                  setShown(candidate);
                  setLast(candidate);
                }}
              >
                <LabelIcon label={candidate} />
                <span>{name}</span>
                {/* After the visible name, so the button's name starts with what is seen (WCAG 2.5.3). */}
                <span className="visually-hidden">{`, ${t("Product.LabelMore")}`}</span>
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
