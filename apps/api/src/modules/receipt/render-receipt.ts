/**
 * The receipt's text, in Danish: restaurant, receipt number, lines with options, totals, how it
 * was paid, and the pickup (or delivery) time in the restaurant's own time zone.
 */
import { formatPrice, formatterPerZone, PaymentType } from "@app/domain";
import type { OrderDetails } from "../order";

const kr = (minor: number) => `${formatPrice(minor, "da-DK")} kr.`;

/**
 * Shown on every receipt paid (partly) in test mode, so nobody takes it for a real card payment: the
 * test provider's hosted page says the same ("Testtilstand – der trækkes ingen penge").
 */
export const TEST_PAYMENT_NOTICE = "TEST – der er ikke trukket penge (no money was taken)";

const hasTestPayment = (details: OrderDetails) => details.payments.some((payment) => payment.isTest);

/** "mandag den 23. november kl. 11:30" in the restaurant's time zone. */
export function formatPickupTime(instant: Date, timeZone: string): string {
  const parts = pickupTimeFormatter(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} den ${part("day")}. ${part("month")} ${part("year")} kl. ${part("hour")}:${part("minute")}`;
}

const pickupTimeFormatter = formatterPerZone(
  (timeZone) =>
    new Intl.DateTimeFormat("da-DK", {
      timeZone,
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }),
);

function paymentText(payment: { type: number; method: string; isTest: boolean }): string {
  if (payment.type === PaymentType.GIFTCARD) return "Gavekort";
  if (payment.type === PaymentType.UNPAID) return "Betales ved afhentning";
  const name = payment.method === "mobilepay" ? "MobilePay" : "Betalingskort";
  return payment.isTest ? `${name} (TEST)` : name;
}

export type RenderedEmail = { subject: string; text: string; html: string };

export function renderReceiptEmail(details: OrderDetails): RenderedEmail {
  const { order, unit } = details;
  const when = formatPickupTime(order.orderReadyTime, unit.timeZone);
  const subject = `Kvittering for din ordre nr. ${order.receiptNumber} hos ${unit.name}`;
  return { subject, text: receiptText(details, when), html: receiptHtml(details, when, subject) };
}

/** What the guest gave: the delivery address, name and comment, as plain text (the HTML part escapes them). */
function guestLines(order: OrderDetails["order"]): string[] {
  return [
    ...(order.isDelivery && order.deliveryAddress
      ? [`Leveringsadresse: ${order.deliveryAddress}, ${order.deliveryZipCode ?? ""}`]
      : []),
    ...(order.guestName ? [`Navn: ${unescapeAmp(order.guestName)}`] : []),
    ...(order.orderComment ? [`Kommentar: ${unescapeAmp(order.orderComment)}`] : []),
  ];
}

/** The plain-text part of the receipt email. */
function receiptText(details: OrderDetails, when: string): string {
  const { order, lines, discounts, payments, unit } = details;
  const text: string[] = [
    ...(hasTestPayment(details) ? [TEST_PAYMENT_NOTICE, ""] : []),
    `Tak for din ordre hos ${unit.name}!`,
    "",
    `Kvitteringsnummer: ${order.receiptNumber}`,
    `Ordre-id: ${order.externalId}`,
    order.isDelivery ? `Levering: ${when}` : `Afhentning: ${when}`,
    ...guestLines(order),
    "",
    "Din ordre:",
  ];
  for (const line of lines) {
    text.push(`  ${line.amount} × ${line.name}  ${kr(line.totalMinor)}`);
    for (const choice of line.choices) {
      const price = choice.priceMinor > 0 ? ` (+${kr(choice.priceMinor)})` : "";
      text.push(`      ${choice.amount > 1 ? `${choice.amount} × ` : ""}${choice.name}${price}`);
    }
  }
  text.push("", `Varer i alt: ${kr(order.basketTotalMinor)}`);
  for (const discount of discounts) text.push(`Rabat (${discount.code}): -${kr(discount.amountMinor)}`);
  if (order.deliveryFeeMinor > 0) text.push(`Levering: ${kr(order.deliveryFeeMinor)}`);
  text.push(`Total: ${kr(order.totalMinor)}`, "", "Betaling:");
  for (const payment of payments) text.push(`  ${paymentText(payment)}: ${kr(payment.amountMinor)}`);
  text.push(
    "",
    "Alle priser er inkl. moms.",
    "",
    unit.name,
    unit.address,
    `Tlf. ${unit.phone} · CVR ${unit.cvrNumber}`,
  );
  return `${text.join("\n")}\n`;
}

/** The HTML part of the receipt email (every value escaped). */
function receiptHtml(details: OrderDetails, when: string, subject: string): string {
  const { order, lines, discounts, payments, unit } = details;
  const rows = lines
    .map((line) => {
      const choices = line.choices
        .map(
          (c) =>
            `<br><small>${c.amount > 1 ? `${c.amount} × ` : ""}${esc(c.name)}${c.priceMinor > 0 ? ` (+${esc(kr(c.priceMinor))})` : ""}</small>`,
        )
        .join("");
      return `<tr><td>${line.amount} × ${esc(line.name)}${choices}</td><td style="text-align:right">${esc(kr(line.totalMinor))}</td></tr>`;
    })
    .join("\n");
  const totals = [
    ["Varer i alt", kr(order.basketTotalMinor)],
    ...discounts.map((d) => [`Rabat (${d.code})`, `-${kr(d.amountMinor)}`]),
    ...(order.deliveryFeeMinor > 0 ? [["Levering", kr(order.deliveryFeeMinor)]] : []),
  ]
    .map(([label, value]) => `<tr><td>${esc(label!)}</td><td style="text-align:right">${esc(value!)}</td></tr>`)
    .join("\n");
  const paid = payments.map((p) => `<li>${esc(paymentText(p))}: ${esc(kr(p.amountMinor))}</li>`).join("");
  return `<!doctype html>
<html lang="da"><head><meta charset="utf-8"><title>${esc(subject)}</title></head>
<body style="font-family:sans-serif;max-width:36rem">
${hasTestPayment(details) ? `<p role="alert" style="background:#b00020;color:#fff;padding:.75rem;font-weight:700">${esc(TEST_PAYMENT_NOTICE)}</p>\n` : ""}<h1>Tak for din ordre hos ${esc(unit.name)}</h1>
<p><strong>Kvitteringsnummer: ${order.receiptNumber}</strong><br>Ordre-id: ${esc(order.externalId)}<br>
${order.isDelivery ? "Levering" : "Afhentning"}: ${esc(when)}${guestLines(order)
    .map((line) => `<br>${esc(line)}`)
    .join("")}</p>
<table style="width:100%;border-collapse:collapse">
${rows}
${totals}
<tr><th style="text-align:left">Total</th><th style="text-align:right">${esc(kr(order.totalMinor))}</th></tr>
</table>
<p>Betaling:</p><ul>${paid}</ul>
<p><small>Alle priser er inkl. moms.<br>${esc(unit.name)}, ${esc(unit.address)}<br>Tlf. ${esc(unit.phone)} · CVR ${esc(unit.cvrNumber)}</small></p>
</body></html>
`;
}

export function renderReceiptSms(details: OrderDetails): string {
  const { order, unit } = details;
  const when = formatPickupTime(order.orderReadyTime, unit.timeZone);
  return [
    ...(hasTestPayment(details) ? [`${TEST_PAYMENT_NOTICE}.`] : []),
    `Tak for din ordre hos ${unit.name}.`,
    `Kvitteringsnr. ${order.receiptNumber}. Total ${kr(order.totalMinor)}.`,
    `${order.isDelivery ? "Levering" : "Afhentning"}: ${when}.`,
  ].join(" ");
}

/** Name and comment are stored with & escaped (SPEC §5); plain text shows the character. */
function unescapeAmp(text: string): string {
  return text.replace(/&amp;/g, "&");
}

function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
