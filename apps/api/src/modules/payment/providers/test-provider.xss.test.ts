/**
 * Issue 11, case 12 (XSS): the test provider's hosted page with the 30 payloads of testing/xss-payloads.json.
 * It shows no guest text (name, comment, email, address stay in the shop); what it does show — the
 * restaurant's name, the method, the link back to the shop — is escaped: the page's markup is that of a
 * page with plain words. Its policy allows no script at all, so even markup that slipped through would not run.
 */
import { PaymentState, PaymentType } from "@app/domain";
import { describe, expect, test } from "vitest";
import { pay, preparedCheckout, setSetting } from "../../../testing/order-fixtures";
import { useTestApp } from "../../../testing/test-app";
import PAYLOADS from "../../../testing/xss-payloads.json";
import type { PaymentRow } from "./provider";
import { renderPage } from "./test-provider";

const { t } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen
const AT = new Date("2026-11-23T10:00:00Z");
const formTokenOf = () => "form-token";

function paymentWith(state: number, method: string, continueUrl: string | null): PaymentRow {
  return {
    id: "3b0c6f7e-0000-4000-8000-000000000004",
    checkoutId: "3b0c6f7e-0000-4000-8000-000000000002",
    productionUnitId: 1,
    state,
    type: PaymentType.ONLINE,
    amountMinor: 14800,
    provider: "test",
    method,
    isTest: true,
    continueUrl,
    cancelUrl: null,
    receiptEmail: null,
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
  };
}

/** Every tag with its attributes, the link's URL left out (compared on its own). */
const markupOf = (html: string) => (html.match(/<[^>]*>/g) ?? []).map((tag) => tag.replace(/href="[^"]*"/, "href"));
const hrefOf = (html: string) =>
  /href="([^"]*)"/
    .exec(html)?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

describe("the hosted page with the 30 XSS payloads", () => {
  // Plain words where the payload goes: a method the page has no name of its own for, as the payload is.
  const plainOpen = renderPage(paymentWith(PaymentState.CREATED, "plain", null), "Bistro", formTokenOf);
  const plainDone = renderPage(
    paymentWith(PaymentState.AUTHORIZED, "plain", "http://localhost/payment/x"),
    "Bistro",
    formTokenOf,
    { refusal: "PAYMENT_NOT_CREATED" },
  );

  test.each(PAYLOADS)(
    "payload $id ($vector) as restaurant name, method and link back adds no markup",
    ({ payload }) => {
      const open = renderPage(paymentWith(PaymentState.CREATED, payload, null), payload, formTokenOf);
      expect(markupOf(open)).toEqual(markupOf(plainOpen));
      // A link back is an absolute http(s) URL on the shop's host (checkRedirectUrl); the payload in its path,
      // and raw as if it were stored unchecked, stays inside the attribute.
      for (const continueUrl of [new URL(`http://localhost/payment/${payload}`).toString(), payload]) {
        const done = renderPage(paymentWith(PaymentState.AUTHORIZED, payload, continueUrl), payload, formTokenOf, {
          refusal: "PAYMENT_NOT_CREATED",
        });
        expect(markupOf(done)).toEqual(markupOf(plainDone));
        expect(hrefOf(done)).toBe(continueUrl);
      }
    },
  );

  test("shows none of the guest's text, and its policy runs no script, for every payload as name and email", async () => {
    await setSetting(t, t.restaurantA, "onlinePayment", true);
    for (const { id, payload } of PAYLOADS) {
      const { checkoutId } = await preparedCheckout(t, t.restaurantA, {
        guest: { name: payload, email: `xss${id}@example.dk` },
      });
      const created = await pay(t, checkoutId, { paymentMethods: "card" });
      expect(created.statusCode, created.body).toBe(200);
      const page = await t.request({ method: "GET", url: `/api/payment/test/${created.json().id}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain(`__xss(${id})`);
      expect(page.body).not.toContain(`xss${id}@`);
      const policy = String(page.headers["content-security-policy"]);
      expect(policy).toMatch(/^default-src 'none';/);
      expect(policy).not.toMatch(/script-src|unsafe-inline|unsafe-eval/);
    }
  });
});
