import { describe, expect, test } from "vitest";
import type { OrderDetails } from "../order";
import { type OrderProgress, renderGuestMessageEmail, renderGuestMessageSms } from "./render-guest-message";

const details = (isDelivery = false) =>
  ({
    order: { receiptNumber: 1001, isDelivery },
    unit: {
      name: "Bistro Nørrebro",
      address: "Nørrebrogade 1, 2200 København N",
      phone: "12345678",
      timeZone: "Europe/Copenhagen",
    },
  }) as unknown as Pick<OrderDetails, "order" | "unit">;

const progress = (changes: Partial<OrderProgress> = {}): OrderProgress => ({
  readyTime: new Date("2026-11-23T11:40:00Z"),
  rejection: null,
  moneyBack: false,
  ...changes,
});

describe("the guest's progress messages", () => {
  test("a moved time is the restaurant's wall clock, Danish then English", () => {
    const mail = renderGuestMessageEmail("ready-time-changed", details(), progress());
    expect(mail.subject).toBe("Din ordre 1001 er klar kl. 12:40 / Your order 1001 will be ready at 12:40");
    expect(mail.text.indexOf("Din ordre 1001")).toBeLessThan(mail.text.indexOf("Your order 1001"));
    // Summer time: 10:40 UTC is 12:40 in Copenhagen.
    const summer = renderGuestMessageSms(
      "ready-time-changed",
      details(),
      progress({ readyTime: new Date("2026-06-01T10:40:00Z") }),
    );
    expect(summer).toContain("klar kl. 12:40");
  });

  test("ready: pickup names the place; delivery says it is on its way", () => {
    expect(renderGuestMessageSms("ready", details(), progress())).toBe(
      "Din ordre 1001 er klar til afhentning. Hent den hos Bistro Nørrebro, Nørrebrogade 1, 2200 København N. / " +
        "Your order 1001 is ready for pickup. Pick it up at Bistro Nørrebro, Nørrebrogade 1, 2200 København N.",
    );
    expect(renderGuestMessageEmail("ready", details(true), progress()).subject).toContain("er klar og på vej");
  });

  test("rejected: each reason in words, the money on its way back only when some was paid", () => {
    const busy = renderGuestMessageEmail(
      "rejected",
      details(),
      progress({ rejection: { reason: "too-busy", text: null }, moneyBack: true }),
    );
    expect(busy.text).toContain("Bistro Nørrebro kan desværre ikke lave din ordre – køkkenet har for travlt lige nu.");
    expect(busy.text).toContain("Pengene er på vej tilbage til dig.");
    const closed = renderGuestMessageSms(
      "rejected",
      details(),
      progress({ rejection: { reason: "closed", text: null } }),
    );
    expect(closed).toContain("restauranten er lukket.");
    expect(closed).toContain("Du skal ikke betale noget.");
    expect(closed).not.toContain("på vej tilbage");
  });

  test("the staff's own reason is shown as text: once punctuated, and escaped in HTML", () => {
    const mail = renderGuestMessageEmail(
      "rejected",
      details(),
      progress({ rejection: { reason: "other", text: "<b>Ovnen</b> er i stykker!" } }),
    );
    expect(mail.text).toContain("din ordre – <b>Ovnen</b> er i stykker.");
    expect(mail.html).toContain("&lt;b&gt;Ovnen&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>Ovnen</b>");
  });

  test("a refund tells its amount and how it comes back, in Danish then English", () => {
    const refunds = [
      { id: "r1", amountMinor: 8000, onlineMinor: 6900, giftcardMinor: 1100 },
      { id: "r2", amountMinor: 2550, onlineMinor: 2550, giftcardMinor: 0 },
    ];
    const mail = renderGuestMessageEmail("refunded", details(), progress({ refunds }), "r1");
    expect(mail.subject).toBe("Du har fået penge tilbage for ordre 1001 / Money back for your order 1001");
    expect(mail.text).toContain("Bistro Nørrebro har refunderet 80 kr. af din ordre 1001.");
    expect(mail.text).toContain("69 kr. kommer tilbage på dit kort eller MobilePay");
    expect(mail.text).toContain("11 kr. er sat tilbage på dit gavekort.");
    expect(mail.text).toContain("Bistro Nørrebro has refunded DKK 80 of your order 1001.");
    const sms = renderGuestMessageSms("refunded", details(), progress({ refunds }), "r2");
    expect(sms).toContain("har refunderet 25,50 kr.");
    expect(sms).not.toContain("gavekort");
    expect(() => renderGuestMessageSms("refunded", details(), progress({ refunds }), "r3")).toThrow();
  });
});
