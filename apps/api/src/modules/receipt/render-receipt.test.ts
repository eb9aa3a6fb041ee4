/**
 * Issue 11, case 12 (XSS): the 30 payloads of testing/xss-payloads.json as the guest's name, comment and
 * delivery address (and as product, option and discount names) on a receipt. The email's HTML shows each
 * one as text: its markup (every tag with its attributes) is the markup of a receipt with plain words, and
 * the text a mail client shows holds the payload as typed. The SMS carries no guest text at all.
 */
import { PaymentState, PaymentType, sanitizeText } from "@app/domain";
import { describe, expect, test } from "vitest";
import PAYLOADS from "../../testing/xss-payloads.json";
import type { OrderDetails } from "../order";
import { renderReceiptEmail, renderReceiptSms } from "./render-receipt";

const AT = new Date("2026-11-23T11:00:00Z");

type GuestText = { name: string; comment: string; address: string; email: string; product: string; code: string };

/** A delivered order whose guest wrote `text`: name and comment as the server stores them (sanitized). */
function orderWith(text: GuestText, { sanitize = true } = {}): OrderDetails {
  const stored = (value: string) => (sanitize ? sanitizeText(value) : value);
  return {
    order: {
      id: "3b0c6f7e-0000-4000-8000-000000000001",
      checkoutId: "3b0c6f7e-0000-4000-8000-000000000002",
      productionUnitId: 1,
      moduleId: 1,
      receiptNumber: 1001,
      externalId: "A-1001",
      orderReadyTime: AT,
      capacityInstanceId: 1,
      itemCount: 1,
      basketTotalMinor: 11900,
      discountMinor: 1000,
      deliveryFeeMinor: 3900,
      totalMinor: 14800,
      guestName: stored(text.name),
      guestPhone: "20304050",
      guestEmail: text.email,
      orderComment: stored(text.comment),
      isDelivery: true,
      deliveryAddress: text.address,
      deliveryZipCode: "2200",
      createdAt: AT,
    },
    lines: [
      {
        id: "3b0c6f7e-0000-4000-8000-000000000003",
        orderId: "3b0c6f7e-0000-4000-8000-000000000001",
        productId: 1,
        name: text.product,
        amount: 1,
        unitPriceMinor: 11900,
        totalMinor: 11900,
        choices: [{ choiceId: 1, modifierId: 1, name: text.product, amount: 1, priceMinor: 1200 }],
      },
    ],
    discounts: [{ code: text.code, amountMinor: 1000 }],
    payments: [
      {
        id: "3b0c6f7e-0000-4000-8000-000000000004",
        checkoutId: "3b0c6f7e-0000-4000-8000-000000000002",
        productionUnitId: 1,
        state: PaymentState.AUTHORIZED,
        type: PaymentType.ONLINE,
        amountMinor: 14800,
        provider: "test",
        method: "card",
        isTest: true,
        continueUrl: null,
        cancelUrl: null,
        receiptEmail: text.email,
        giftcardId: null,
        providerReference: null,
        attempt: 1,
        clientTokenId: null,
        clientAddress: null,
        openedAt: null,
        providerPageUrl: null,
        providerAccountId: null,
        providerKeyFingerprint: null,
        createdAt: AT,
        updatedAt: AT,
      },
    ],
    unit: {
      id: 1,
      name: "Bistro Nørrebro",
      address: "Nørrebrogade 1, 2200 København N",
      zipCode: "2200",
      phone: "+45 12 34 56 78",
      receiptEmail: "bistro@example.dk",
      cvrNumber: "12345678",
      timeZone: "Europe/Copenhagen",
      organisationId: null,
      createdAt: AT,
    },
  };
}

const PLAIN: GuestText = {
  name: "Anna",
  comment: "Uden løg",
  address: "Vestergade 1",
  email: "anna@example.dk",
  product: "Classic burger",
  code: "SOMMER10",
};

/** Every tag of the page with its attributes, in order: what a browser would build elements from. */
const markupOf = (html: string) => html.match(/<[^>]*>/g) ?? [];

/** The page's text as a mail client shows it: tags gone, the escapes the renderer writes decoded. */
function shownText(html: string): string {
  return html
    .replace(/<[^>]*>/g, "\n")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Payload i in every field; the email field holds it as the part before "@" (the API refuses it, SPEC §5). */
const everywhere = (payload: string): GuestText => ({
  name: payload,
  comment: payload,
  address: payload,
  email: `${payload}@example.dk`,
  product: payload,
  code: payload,
});

describe("receipts with the 30 XSS payloads in what the guest wrote", () => {
  test("the file holds 30 payloads, each calling its own sink", () => {
    expect(PAYLOADS).toHaveLength(30);
    for (const { id, payload } of PAYLOADS) expect(payload).toContain(`__xss(${id})`);
  });

  const plainEmail = renderReceiptEmail(orderWith(PLAIN));
  const plainSms = renderReceiptSms(orderWith(PLAIN));

  test("a plain receipt's HTML shows the address, name and comment", () => {
    const text = shownText(plainEmail.html);
    expect(text).toContain("Leveringsadresse: Vestergade 1, 2200");
    expect(text).toContain("Navn: Anna");
    expect(text).toContain("Kommentar: Uden løg");
  });

  test.each(PAYLOADS)(
    "payload $id ($vector): the email HTML has the plain receipt's markup and shows it as text",
    ({ payload }) => {
      const details = orderWith(everywhere(payload));
      const email = renderReceiptEmail(details);
      expect(markupOf(email.html)).toEqual(markupOf(plainEmail.html));
      const text = shownText(email.html);
      // The address as typed; name and comment as stored (quotes and angle brackets removed, SPEC §5), & as typed.
      expect(text).toContain(`Leveringsadresse: ${payload}, 2200`);
      expect(text).toContain(`Navn: ${sanitizeText(payload).replace(/&amp;/g, "&")}`);
      expect(text).toContain(`Kommentar: ${sanitizeText(payload).replace(/&amp;/g, "&")}`);
      expect(text).toContain(`1 × ${payload}`);
      expect(text).toContain(`Rabat (${payload})`);
      // The text part is text/plain: the payload as typed, nothing to escape.
      expect(email.text).toContain(`Leveringsadresse: ${payload}, 2200`);
      // The SMS carries no guest text: the same as a plain order's.
      expect(renderReceiptSms(details)).toBe(plainSms);
    },
  );

  test.each(PAYLOADS)(
    "payload $id ($vector): unsanitized name and comment (an older row) still add no markup",
    ({ payload }) => {
      const email = renderReceiptEmail(orderWith(everywhere(payload), { sanitize: false }));
      expect(markupOf(email.html)).toEqual(markupOf(plainEmail.html));
    },
  );
});
