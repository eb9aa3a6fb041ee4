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

/**
 * A product's labels as small chips (icon and name). They are not buttons: the card keeps one tab stop for
 * its action (issue 42), and the labels' descriptions open from one info button after it (LabelInfoButton).
 */
export function ProductLabels({ labels, language }: { labels: readonly Label[]; language: string }) {
  if (labels.length === 0) return null;
  return (
    <ul className="label-list">
      {labels.map((label) => (
        <li key={label.id} className="label-chip">
          <LabelIcon label={label} />
          <span>{translate(label.name, language)}</span>
        </li>
      ))}
    </ul>
  );
}

/** One button per card for all its labels: a popup with each label's name, icon, colour and description. */
export function LabelInfoButton({ labels, language }: { labels: readonly Label[]; language: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the popup's closing keeps its text.
  const [mounted, setMounted] = useState(false);
  if (labels.length === 0) return null;
  const names = labels.map((label) => translate(label.name, language)).join(", ");
  const title = t("Product.LabelInfo", { name: names });
  return (
    <>
      <button
        type="button"
        className="label-info-button"
        aria-haspopup="dialog"
        aria-label={title}
        title={title}
        onClick={() => {
          setOpen(true);
          setMounted(true);
        }}
      >
        <span className="label-info-mark" aria-hidden="true">
          i
        </span>
      </button>
      {mounted ? (
        <Dialog open={open} onClose={() => setOpen(false)} title={title} className="label-dialog">
          <ul className="label-dialog-list">
            {labels.map((label) => (
              <li key={label.id} className="label-dialog-body" style={{ borderColor: label.colour }}>
                <LabelIcon label={label} />
                <div>
                  <h3 className="label-dialog-name">{translate(label.name, language)}</h3>
                  <p>{translate(label.description, language)}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="dialog-actions">
            <button type="button" className="button-primary" onClick={() => setOpen(false)}>
              {t("Actions.Close")}
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
