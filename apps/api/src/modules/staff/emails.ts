/**
 * The back office's emails, Danish first and English below in one message (the account has no language yet):
 * a link to choose a password (invite, reset, setup) and the notice that an existing account joined an
 * organisation. Sent through the receipts' sender: SMTP when SMTP_URL is set, else DATA_DIR/outbox/<name>.eml.
 */
import { randomUUID } from "node:crypto";
import type { EmailMessage } from "../receipt";

export type LinkEmail = {
  to: string;
  purpose: "invite" | "reset" | "setup";
  url: string;
  organisationName: string | null;
  validFor: { da: string; en: string };
};

const SUBJECTS = {
  invite: "Du er inviteret til back office / You are invited to the back office",
  reset: "Nulstil din adgangskode / Reset your password",
  setup: "Opret din adgangskode / Set up your password",
} as const;

function intro(email: LinkEmail): { da: string; en: string } {
  const org = email.organisationName ?? "";
  switch (email.purpose) {
    case "invite":
      return {
        da: `Du er inviteret til back office for ${org}. Vælg din adgangskode her:`,
        en: `You are invited to the back office of ${org}. Choose your password here:`,
      };
    case "reset":
      return {
        da: "Nogen (forhåbentlig dig) bad om at nulstille adgangskoden til din konto. Vælg en ny her:",
        en: "Someone (hopefully you) asked to reset the password of your account. Choose a new one here:",
      };
    case "setup":
      return {
        da: `Din konto som ejer af ${org} er klar. Vælg din adgangskode her:`,
        en: `Your owner account of ${org} is ready. Choose your password here:`,
      };
  }
}

export function linkEmail(email: LinkEmail): EmailMessage {
  const { da, en } = intro(email);
  const text = [
    da,
    email.url,
    `Linket virker én gang i ${email.validFor.da}. Har du ikke bedt om det, kan du se bort fra denne mail.`,
    "",
    en,
    email.url,
    `The link works once, for ${email.validFor.en}. If you did not ask for it, ignore this email.`,
  ].join("\n");
  return {
    outboxName: outboxName(email.purpose, email.to),
    to: email.to,
    replyTo: null,
    subject: SUBJECTS[email.purpose],
    text,
    html: htmlOf(text, email.url),
  };
}

export function membershipNoticeEmail(to: string, organisationName: string, signInUrl: string): EmailMessage {
  const text = [
    `Du har nu adgang til back office for ${organisationName}. Log ind med din konto her:`,
    signInUrl,
    "",
    `You now have access to the back office of ${organisationName}. Sign in with your account here:`,
    signInUrl,
  ].join("\n");
  return {
    outboxName: outboxName("notice", to),
    to,
    replyTo: null,
    subject: `Adgang til ${organisationName} / Access to ${organisationName}`,
    text,
    html: htmlOf(text, signInUrl),
  };
}

/** `staff-<what>-<address>-<uuid>`: a developer finds the mail of an address in the outbox by its name. */
function outboxName(what: string, to: string): string {
  return `staff-${what}-${to.replace(/[^a-z0-9@.-]/g, "_")}-${randomUUID()}`;
}

function htmlOf(text: string, url: string): string {
  const lines = text
    .split("\n")
    .map((line) => (line === url ? `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>` : escapeHtml(line)));
  return `<!doctype html><html><body><p>${lines.join("<br>\n")}</p></body></html>`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
