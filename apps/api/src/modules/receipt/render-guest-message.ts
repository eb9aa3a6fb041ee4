/**
 * The guest's messages about their order's progress (issue 44): the ready time moved, ready for pickup, rejected;
 * and (issue 45) money given back by the restaurant from the order's page.
 * The order does not store the guest's language, so each message is in Danish with English below, as the
 * receipt's notices are. Times are the restaurant's wall clock. Email (text and HTML) and SMS.
 */
import type { RejectReason } from "@app/contracts";
import { formatHhMm, formatPrice, localParts } from "@app/domain";
import type { OrderDetails } from "../order";
import type { GuestMessageKind } from "./queue-guest-message";
import type { RenderedEmail } from "./render-receipt";

/** What the kitchen knows of the order when the message is sent (read through the kitchen: app.ts wires it). */
export type OrderProgress = {
  readyTime: Date;
  rejection: { reason: RejectReason; text: string | null } | null;
  /** Money was paid online or with a gift card and has been given back. */
  moneyBack: boolean;
  /** The order's refunds (the refund feature's order_refund rows): a 'refunded' message tells the one it names. */
  refunds?: RefundNotice[];
};

/** One refund: what it gave back, and how much of it by card or MobilePay and onto gift cards. */
export type RefundNotice = { id: string; amountMinor: number; onlineMinor: number; giftcardMinor: number };

type Words = { da: string; en: string };

const REASONS: Record<Exclude<RejectReason, "other">, Words> = {
  "sold-out": { da: "noget af det, du har bestilt, er udsolgt", en: "something you ordered is sold out" },
  closed: { da: "restauranten er lukket", en: "the restaurant is closed" },
  "too-busy": { da: "køkkenet har for travlt lige nu", en: "the kitchen is too busy right now" },
};

const kr = (minor: number): Words => ({
  da: `${formatPrice(minor, "da-DK")} kr.`,
  en: `DKK ${formatPrice(minor, "en-US")}`,
});

/**
 * Each message's lines in both languages: a headline, then what the guest should know. `about` tells apart two
 * messages of one kind (for 'refunded': the refund's id).
 */
export function guestMessageWords(
  kind: GuestMessageKind,
  details: Pick<OrderDetails, "order" | "unit">,
  progress: OrderProgress,
  about = "",
): { subject: Words; lines: Words[] } {
  const { order, unit } = details;
  const n = order.receiptNumber;
  if (kind === "refunded") return refundedWords(details, progress, about);
  if (kind === "ready-time-changed") {
    const at = formatHhMm(localParts(progress.readyTime, unit.timeZone).minutesOfDay);
    const subject = { da: `Din ordre ${n} er klar kl. ${at}`, en: `Your order ${n} will be ready at ${at}` };
    return {
      subject,
      lines: [
        { da: `${unit.name} har din ordre klar kl. ${at}.`, en: `${unit.name} will have your order ready at ${at}.` },
      ],
    };
  }
  if (kind === "ready") {
    const subject = order.isDelivery
      ? { da: `Din ordre ${n} er klar og på vej`, en: `Your order ${n} is ready and on its way` }
      : { da: `Din ordre ${n} er klar til afhentning`, en: `Your order ${n} is ready for pickup` };
    return {
      subject,
      lines: order.isDelivery
        ? []
        : [{ da: `Hent den hos ${unit.name}, ${unit.address}.`, en: `Pick it up at ${unit.name}, ${unit.address}.` }],
    };
  }
  const reason = progress.rejection;
  const why: Words =
    reason === null || reason.reason === "other"
      ? { da: reason?.text ?? "", en: reason?.text ?? "" }
      : REASONS[reason.reason];
  const money: Words = progress.moneyBack
    ? { da: "Pengene er på vej tilbage til dig.", en: "Your money is on its way back to you." }
    : { da: "Du skal ikke betale noget.", en: "You do not pay anything." };
  return {
    subject: { da: `Din ordre ${n} er desværre afvist`, en: `Sorry, your order ${n} was rejected` },
    lines: [
      {
        da: `${unit.name} kan desværre ikke lave din ordre${because(why.da)}.`,
        en: `We are sorry: ${unit.name} cannot make your order${because(why.en)}.`,
      },
      money,
    ],
  };
}

function refundedWords(
  { order, unit }: Pick<OrderDetails, "order" | "unit">,
  progress: OrderProgress,
  refundId: string,
): { subject: Words; lines: Words[] } {
  const refund = progress.refunds?.find((found) => found.id === refundId);
  // Sent only for a refund that exists: the message was queued in the refund's own transaction.
  if (!refund) throw new Error(`The order has no refund ${refundId}`);
  const amount = kr(refund.amountMinor);
  const lines: Words[] = [
    {
      da: `${unit.name} har refunderet ${amount.da} af din ordre ${order.receiptNumber}.`,
      en: `${unit.name} has refunded ${amount.en} of your order ${order.receiptNumber}.`,
    },
  ];
  if (refund.onlineMinor > 0) {
    const online = kr(refund.onlineMinor);
    lines.push({
      da: `${online.da} kommer tilbage på dit kort eller MobilePay inden for nogle bankdage.`,
      en: `${online.en} goes back to your card or MobilePay within a few banking days.`,
    });
  }
  if (refund.giftcardMinor > 0) {
    const card = kr(refund.giftcardMinor);
    lines.push({ da: `${card.da} er sat tilbage på dit gavekort.`, en: `${card.en} is back on your gift card.` });
  }
  return {
    subject: {
      da: `Du har fået penge tilbage for ordre ${order.receiptNumber}`,
      en: `Money back for your order ${order.receiptNumber}`,
    },
    lines,
  };
}

/** " – why" without the reason's own full stop, or nothing without a reason. */
function because(why: string): string {
  const trimmed = why.trim().replace(/[.!?]+$/, "");
  return trimmed ? ` – ${trimmed}` : "";
}

export function renderGuestMessageEmail(
  kind: GuestMessageKind,
  details: Pick<OrderDetails, "order" | "unit">,
  progress: OrderProgress,
  about = "",
): RenderedEmail {
  const { subject, lines } = guestMessageWords(kind, details, progress, about);
  const number = `Kvitteringsnummer / Receipt number: ${details.order.receiptNumber}`;
  const text = [
    subject.da,
    ...lines.map((line) => line.da),
    "",
    subject.en,
    ...lines.map((line) => line.en),
    "",
    number,
    details.unit.name,
    `Tlf. ${details.unit.phone}`,
  ].join("\n");
  const paragraph = (words: string[]) => `<p>${words.map(esc).join("<br>")}</p>`;
  const html = `<!doctype html>
<html lang="da"><head><meta charset="utf-8"><title>${esc(subject.da)}</title></head>
<body style="font-family:sans-serif;max-width:36rem">
<h1>${esc(subject.da)}</h1>
${paragraph(lines.map((line) => line.da))}
<h2 lang="en">${esc(subject.en)}</h2>
<div lang="en">${paragraph(lines.map((line) => line.en))}</div>
<p><small>${esc(number)}<br>${esc(details.unit.name)} · Tlf. ${esc(details.unit.phone)}</small></p>
</body></html>
`;
  return { subject: `${subject.da} / ${subject.en}`, text: `${text}\n`, html };
}

export function renderGuestMessageSms(
  kind: GuestMessageKind,
  details: Pick<OrderDetails, "order" | "unit">,
  progress: OrderProgress,
  about = "",
): string {
  const { subject, lines } = guestMessageWords(kind, details, progress, about);
  return [
    `${subject.da}.`,
    ...lines.map((line) => line.da),
    "/",
    `${subject.en}.`,
    ...lines.map((line) => line.en),
  ].join(" ");
}

function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
