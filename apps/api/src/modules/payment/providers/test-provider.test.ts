import { createHash } from "node:crypto";
import { PaymentState } from "@app/domain";
import { beforeEach, describe, expect, test } from "vitest";
import {
  BROWSER_ACCEPT,
  followPaymentUrl,
  hostedPageFormToken,
  pay,
  paymentsOf,
  preparedCheckout,
  pressTestButton,
  setSetting,
} from "../../../testing/order-fixtures";
import { useTestApp } from "../../../testing/test-app";

const { t } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen
beforeEach(async () => {
  await setSetting(t, t.restaurantA, "onlinePayment", true);
});

/** A card payment waiting on the hosted page. */
async function waitingPayment() {
  const { checkoutId } = await preparedCheckout(t);
  const res = await pay(t, checkoutId, { paymentMethods: "card" });
  expect(res.statusCode, res.body).toBe(200);
  return { checkoutId, paymentId: res.json().id as string };
}

function post(paymentId: string, payload: string, contentType = "application/x-www-form-urlencoded") {
  return t.request({
    method: "POST",
    url: `/api/payment/test/${paymentId}/approve`,
    headers: { "content-type": contentType, accept: BROWSER_ACCEPT },
    payload,
  });
}

describe("the hosted page's forms", () => {
  test("each form carries the payment's secret in a hidden field", async () => {
    const { paymentId } = await waitingPayment();
    const page = await t.request({ method: "GET", url: `/api/payment/test/${paymentId}` });
    const forms = page.body.match(/<form method="post" action="[^"]+">[\s\S]*?<\/form>/g) ?? [];
    expect(forms).toHaveLength(3);
    const token = await hostedPageFormToken(t, paymentId);
    expect(token).toMatch(/^[\w-]{43}$/);
    for (const form of forms) expect(form).toContain(`<input type="hidden" name="formToken" value="${token}">`);
  });

  test("a post with the page's secret moves the payment", async () => {
    const { paymentId, checkoutId } = await waitingPayment();
    const res = await pressTestButton(t, paymentId, "approve", BROWSER_ACCEPT);
    expect(res.statusCode).toBe(303);
    expect((await paymentsOf(t, checkoutId))[0]!.state).toBe(PaymentState.AUTHORIZED);
  });

  test("a post without the secret is 400 PAYMENT_FORM_INVALID and changes nothing", async () => {
    const { paymentId, checkoutId } = await waitingPayment();
    for (const payload of ["", "formToken=", "formToken=guess"]) {
      const res = await post(paymentId, payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toEqual({
        errors: [{ code: "PAYMENT_FORM_INVALID", message: expect.any(String), field: "formToken" }],
      });
    }
    expect((await paymentsOf(t, checkoutId))[0]!.state).toBe(PaymentState.CREATED);
  });

  test("another payment's secret does not open this one", async () => {
    const first = await waitingPayment();
    const other = await waitingPayment();
    const otherToken = await hostedPageFormToken(t, other.paymentId);
    const res = await post(first.paymentId, `formToken=${otherToken}`);
    expect(res.statusCode).toBe(400);
    expect((await paymentsOf(t, first.checkoutId))[0]!.state).toBe(PaymentState.CREATED);
  });

  test("a text/plain form of another site is 415, even with the right secret", async () => {
    const { paymentId, checkoutId } = await waitingPayment();
    const token = await hostedPageFormToken(t, paymentId);
    const res = await post(paymentId, `formToken=${token}`, "text/plain");
    expect(res.statusCode).toBe(415);
    expect(res.json().errors[0].code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect((await paymentsOf(t, checkoutId))[0]!.state).toBe(PaymentState.CREATED);
  });
});

describe("the hosted page's headers", () => {
  test("a policy of its own: its one style by hash, no script, forms to itself and the shop, never framed", async () => {
    const { paymentId } = await waitingPayment();
    const page = await t.request({ method: "GET", url: `/api/payment/test/${paymentId}` });
    expect(page.statusCode).toBe(200);
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)?.[1] ?? "";
    const hash = createHash("sha256").update(style).digest("base64");
    expect(page.headers["content-security-policy"]).toBe(
      `default-src 'none';style-src 'sha256-${hash}';form-action 'self' http://localhost:5173;` +
        "base-uri 'none';frame-ancestors 'none'",
    );
    expect(page.body).not.toContain("<script");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect(page.headers["x-frame-options"]).toBe("DENY");
    expect(page.headers["cache-control"]).toBe("no-store");
  });

  test("the page shown again after a stale click keeps that policy", async () => {
    const { paymentId } = await waitingPayment();
    await pressTestButton(t, paymentId, "decline");
    const res = await pressTestButton(t, paymentId, "approve", BROWSER_ACCEPT);
    expect(res.statusCode).toBe(409);
    expect(res.headers["content-security-policy"]).toMatch(/^default-src 'none';style-src 'sha256-/);
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
  });
});

describe("the hosted page's language", () => {
  /** The page a guest reaches by following the payment's link, for a payment started in `language`. */
  async function pageFor(language?: "da-DK" | "en-US") {
    const { checkoutId } = await preparedCheckout(t);
    const res = await pay(t, checkoutId, { paymentMethods: "card", ...(language ? { language } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    const url = await followPaymentUrl(t, res.json().paymentUrl);
    const page = await t.request({ method: "GET", url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    return { paymentId: res.json().id as string, url, body: page.body };
  }

  test("a guest who paid in English gets the page in English only, its forms keeping the language", async () => {
    const { paymentId, url, body } = await pageFor("en-US");
    expect(url.search).toBe("?lang=en-US");
    expect(body).toContain('<html lang="en">');
    expect(body).toContain("Test mode – no money is charged");
    expect(body).toContain(">Approve payment</button>");
    expect(body).toContain(">Card</dd>");
    expect(body).toMatch(/<strong>\d+(\.\d\d)? DKK<\/strong>/);
    expect(body).toContain(`action="./${paymentId}/approve?lang=en-US"`);
    expect(body).not.toMatch(/Testtilstand|Godkend|Beløb|Betalingskort|kr\./);
  });

  test("a guest who paid in Danish gets the page in Danish only", async () => {
    const { paymentId, url, body } = await pageFor("da-DK");
    expect(url.search).toBe("");
    expect(body).toContain('<html lang="da">');
    expect(body).toContain("Testtilstand – der trækkes ingen penge");
    expect(body).toContain(">Godkend betaling</button>");
    expect(body).toContain(`action="./${paymentId}/approve"`);
    expect(body).not.toMatch(/lang="en"|Test mode|Approve|amount|card/);
  });

  test("without a language, or with one the shop does not have, the page is in Danish", async () => {
    const { paymentId, body } = await pageFor();
    expect(body).toContain(">Godkend betaling</button>");
    for (const lang of ["", "fr-FR", "en", "<b>"]) {
      const page = await t.request({
        method: "GET",
        url: `/api/payment/test/${paymentId}?lang=${encodeURIComponent(lang)}`,
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(">Godkend betaling</button>");
    }
  });

  test("a stale click from the English page answers in English", async () => {
    const { paymentId } = await pageFor("en-US");
    const formToken = await hostedPageFormToken(t, paymentId); // read while the page still shows its forms
    await pressTestButton(t, paymentId, "decline");
    const res = await t.request({
      method: "POST",
      url: `/api/payment/test/${paymentId}/approve?lang=en-US`,
      headers: { "content-type": "application/x-www-form-urlencoded", accept: BROWSER_ACCEPT },
      payload: new URLSearchParams({ formToken: formToken ?? "" }).toString(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain("The payment can no longer be changed. Status: <strong>Declined</strong>");
    expect(res.body).not.toContain("Betalingen");
  });
});
