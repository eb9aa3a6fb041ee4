/**
 * The text of an alert to a restaurant's managers, in the restaurant's default language (Danish unless it is
 * set to English). Short: it is read on a phone, and the back office shows the rest.
 */
import type { LanguageCode } from "@app/contracts";
import type { AlertKind } from "./repository";

export type AlertFacts = {
  kind: AlertKind;
  language: LanguageCode;
  restaurantName: string;
  /** The order's receipt number (order alerts only). */
  receiptNumber: number | null;
  /** Where the back office is (the alert links to its live queue). */
  backofficeUrl: string | null;
};

export type RenderedAlert = { subject: string; text: string; html: string; sms: string };

const TEXTS = {
  "da-DK": {
    "order-unseen": (f: AlertFacts) => `Ordre ${f.receiptNumber} hos ${f.restaurantName} er ikke set af nogen endnu`,
    "no-screen": (f: AlertFacts) => `${f.restaurantName} tager imod bestillinger, men ingen skærm er åben`,
    "auto-rejected": (f: AlertFacts) => `Ordre ${f.receiptNumber} hos ${f.restaurantName} blev afvist automatisk`,
    open: "Åbn ordrelisten",
  },
  "en-US": {
    "order-unseen": (f: AlertFacts) => `Order ${f.receiptNumber} at ${f.restaurantName} has not been seen yet`,
    "no-screen": (f: AlertFacts) => `${f.restaurantName} takes online orders, but no screen is open`,
    "auto-rejected": (f: AlertFacts) => `Order ${f.receiptNumber} at ${f.restaurantName} was rejected automatically`,
    open: "Open the order queue",
  },
} as const;

export function renderAlert(facts: AlertFacts): RenderedAlert {
  const texts = TEXTS[facts.language];
  const subject = texts[facts.kind](facts);
  const link = facts.backofficeUrl ? `${texts.open}: ${facts.backofficeUrl}` : "";
  const text = [subject, link].filter(Boolean).join("\n\n");
  const html = `<p>${escapeHtml(subject)}</p>${
    facts.backofficeUrl ? `<p><a href="${escapeHtml(facts.backofficeUrl)}">${escapeHtml(texts.open)}</a></p>` : ""
  }`;
  return { subject, text: `${text}\n`, html, sms: subject };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
