/**
 * The back office's emails, Danish first and English below in one message (the account has no language yet):
 * a link to choose a password (invite, reset, setup) or to accept an organisation's invitation (join, for an
 * existing account). Sent through the receipts' sender: SMTP when SMTP_URL is set, else DATA_DIR/outbox/<name>.eml.
 */
import { randomUUID } from "node:crypto";
import type { StaffRole } from "@app/contracts";
import type { EmailMessage } from "../receipt";

export type LinkEmail = {
  to: string;
  purpose: "invite" | "reset" | "setup" | "join";
  url: string;
  organisationName: string | null;
  /** The role a join link offers. */
  role?: StaffRole;
  validFor: { da: string; en: string };
};

const SUBJECTS = {
  invite: "Du er inviteret til back office / You are invited to the back office",
  reset: "Nulstil din adgangskode / Reset your password",
  setup: "Opret din adgangskode / Set up your password",
  join: "Invitation til back office / Invitation to the back office",
} as const;

const ROLE_WORDS: Record<StaffRole, { da: string; en: string }> = {
  owner: { da: "ejer", en: "an owner" },
  manager: { da: "leder", en: "a manager" },
  staff: { da: "personale", en: "staff" },
};

function intro(email: LinkEmail): { da: string; en: string } {
  const org = email.organisationName ?? "";
  switch (email.purpose) {
    case "join": {
      const role = ROLE_WORDS[email.role ?? "staff"];
      return {
        da: `${org} har inviteret dig til deres back office som ${role.da}. Du får kun adgang, hvis du accepterer her:`,
        en: `${org} has invited you to their back office as ${role.en}. You only get access if you accept here:`,
      };
    }
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
