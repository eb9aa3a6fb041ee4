import { describe, expect, test } from "vitest";
import da from "./da-DK.json";
import en from "./en-US.json";

type Messages = { [key: string]: string | Messages };

function flatten(messages: Messages, prefix = ""): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") flat.set(path, value);
    else for (const [k, v] of flatten(value, path)) flat.set(k, v);
  }
  return flat;
}

const danish = flatten(da);
const english = flatten(en);

test("Danish and English have the same keys", () => {
  expect([...danish.keys()].filter((key) => !english.has(key))).toEqual([]);
  expect([...english.keys()].filter((key) => !danish.has(key))).toEqual([]);
});

test("English writes money as DKK, as the orders, figures and menu editor do; never the Danish kr.", () => {
  // Gift cards said "Balance 100.00 kr. of 100.00 kr." beside orders in "70 DKK".
  expect([...english].filter(([, text]) => /\bkr\b/.test(text)).map(([key]) => key)).toEqual([]);
});

/**
 * An option group's limits are refused under one field and compared with another: the message names that other
 * field as the form labels it, in the language's quotation marks. Danish read "Antal inkluderet kan ikke være over
 * højst antal valg: så kan produktet ikke bestilles.", which a manager had to read twice to find the field.
 */
test.each([
  ["da-DK", danish, "»", "«"],
  ["en-US", english, "“", "”"],
])("%s: the option group's limit messages name the field Most choices by its label", (_, messages, open, close) => {
  const label = `${open}${messages.get("menu.groups.maxChoices")}${close}`;
  for (const code of ["IncludedAboveMax", "DefaultsAboveMax", "FreeAboveMax"]) {
    expect(messages.get(`errors.Menu.${code}`)).toContain(label);
  }
});

test("an amount in a message never breaks from its currency: a no-break space between them", () => {
  // The gift-card dialog read "Den er 250,00" at a line's end and "kr. værd" on the next.
  const broken = /\{\{\w+\}\}[ \t\n](kr\.|DKK)/;
  expect([...danish, ...english].filter(([, text]) => broken.test(text)).map(([key]) => key)).toEqual([]);
});

test("Danish money ends in its own full stop (kr.): no sentence puts a second one after an amount", () => {
  // The refund dialog read "Der kan refunderes op til 227 kr..".
  const afterMoney = /\{\{(amount|balance|initial|net|paid|refunded)\}\}\./;
  expect([...danish].filter(([, text]) => afterMoney.test(text)).map(([key]) => key)).toEqual([]);
});

test("the order page's paid sum names no way of paying: it is the card's, MobilePay's and gift cards' together", () => {
  // A card-only order read "Paid online and by gift card"; the payments listed below it say which.
  expect(danish.get("orderPage.paid")).not.toMatch(/kort|MobilePay/i);
  expect(english.get("orderPage.paid")).not.toMatch(/card|MobilePay/i);
});

/**
 * The fields the audit log records of a gift card, a discount code and the online-ordering pause, named in both
 * languages: without a name the page showed the stored field ("initialAmountMinor", "pausedUntil").
 */
test.each([
  ["da-DK", danish],
  ["en-US", english],
])("%s: the audit log names the fields of gift cards, discount codes and the ordering pause", (_, messages) => {
  const fields = ["code", "isActive", "initialAmountMinor", "balanceMinor", "validFrom", "validUntil", "kind"];
  fields.push("minimumBasketMinor", "usageLimit", "usageCount", "pausedUntil", "busyMinutes", "busyUntil");
  expect(fields.filter((field) => !messages.has(`audit.fields.${field}`))).toEqual([]);
  expect(["percentage", "amount"].filter((kind) => !messages.has(`audit.values.kind.${kind}`))).toEqual([]);
});

test("no message is empty", () => {
  expect([...danish, ...english].filter(([, text]) => text.trim() === "").map(([key]) => key)).toEqual([]);
});

/**
 * Every action the API writes to the audit log (`recordAudit` in apps/api/src/modules), named on the audit page in
 * both languages: without its key the page shows the raw action ("screen.missing").
 */
const AUDIT_ACTIONS = [
  "restaurant.create",
  "restaurant.details.update",
  "restaurant.hosts.update",
  "settings.update",
  "terms.update",
  "maintenance.update",
  "logo.update",
  "service.update",
  "staff.invite",
  "staff.update",
  "staff.accept",
  "payment-account.save",
  "payment-account.remove",
  "hours.update",
  "ordering.update",
  "availability.sold-out",
  "availability.restored",
  "ordering.pause",
  "ordering.pause-today",
  "ordering.busy",
  "ordering.resume",
  "discount-code.create",
  "discount-code.update",
  "discount-code.activate",
  "discount-code.deactivate",
  "discount-code.delete",
  "giftcard.issue",
  "giftcard.activate",
  "giftcard.deactivate",
  "order.accept",
  "order.time",
  "order.ready",
  "order.picked-up",
  "order.reject",
  "order.recall",
  "order.refund",
  "order.escalated",
  "order.auto-rejected.alerted",
  "screen.missing",
  ...["menu", "category", "product", "modifier", "choice", "label"].flatMap((kind) =>
    ["create", "update", "delete"].map((change) => `menu.${kind}.${change}`),
  ),
  ...["menu", "category", "product", "modifier", "choice"].map((kind) => `menu.${kind}.archive`),
  "menu.menu.activate",
  "menu.category.reorder",
  "menu.product.modifier.set",
  "menu.product.modifier.remove",
  "menu.product.modifier.reorder",
  "menu.modifier.choice.set",
  "menu.modifier.choice.remove",
  "menu.modifier.choice.reorder",
];

describe("the audit log's actions", () => {
  for (const action of AUDIT_ACTIONS) {
    test(`${action} is named in both languages`, () => {
      const key = `audit.actions.${action.replace(/\W/g, "_")}`;
      expect(danish.get(key), key).toBeTruthy();
      expect(english.get(key), key).toBeTruthy();
    });
  }
});

/** Codes the API stores in audit entries, by field, and where the audit page finds their words (audit/diff.ts codeKey). */
const AUDIT_CODES = [
  "audit.values.target.product",
  "audit.values.target.choice",
  "audit.values.mode.test",
  "audit.values.mode.live",
  ...["new", "accepted", "ready", "picked-up", "rejected"].map((status) => `orders.status.${status}`),
];

test("the codes an audit entry stores have words in both languages", () => {
  for (const key of AUDIT_CODES) {
    expect(danish.get(key), key).toBeTruthy();
    expect(english.get(key), key).toBeTruthy();
  }
});
