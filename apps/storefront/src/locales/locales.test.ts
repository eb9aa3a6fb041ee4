import i18next from "i18next";
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

/** SPEC §5 and §8 (and §2's router title, §9's unit), word for word. */
const SPEC_ENGLISH: Record<string, string> = {
  "Input.InvalidPhone": "Invalid content. The field may only contain numbers",
  "Input.Invalid": "Your input is invalid",
  "MissingFields.Generic": "Please check that you have entered all required information",
  "MissingFields.DeliveryMethod": "delivery method",
  "MissingFields.Address": "address",
  "MissingFields.Zipcode": "zipcode",
  "MissingFields.Date": "date",
  "MissingFields.Time": "time",
  "MissingFields.Name": "name",
  "MissingFields.Email": "email",
  "MissingFields.Phone": "phone number",
  "MissingFields.ListSeparator": ", ",
  "MissingFields.ListLastSeparator": " & ",
  "DeliveryMethod.TimePicker": "Please choose a time",
  "DeliveryMethod.DatePicker": "Please choose a date",
  "DeliveryMethod.NoAvailableTimes": "Sorry, there are no available times",
  "DeliveryMethod.Address": "Please enter your address",
  "DeliveryMethod.Zipcode": "Please enter your zipcode",
  // SPEC §5 reads "cannot delivery"; issue 42 corrected the English.
  "DeliveryMethod.CannotDeliver": "Unfortunately, we cannot deliver to this address",
  "Discount.NoValue": "The discount code is not valid for the chosen items",
  "Giftcard.Generic": "We could not verify the gift card",
  "Giftcard.NotAvailable": "Not available when ordering a giftcard",
  "Payment.RestaurantOffline": "Unfortunately, we cannot connect to the restaurant. Please try again later.",
  "ErrorMessage.Generic": "Sorry, an error has occurred",
  "ErrorPage.Title": "Sorry, an error has occurred",
  "ErrorMessage.TryAgain": "Please try again later or contact the restaurant",
  "ErrorMessage.UnsupportedBrowser": "Sorry, we do not support your browser. Please try again in a different browser.",
  "Actions.TryAgain": "Try again",
  "Actions.BackToFrontpage": "Back to frontpage",
  Maintenance: "Please come back again later",
  "ClosedFrontpage.Message": "The restaurant is closed. An order cannot be placed.",
  "Order.LeaveWarning": "Your order is processing. Are you sure you want to leave?",
  "Options.NotAllChosen": "You haven't chosen all options",
  UnexpectedApplicationError: "Unexpected Application Error!",
  Currency: "DKK",
  Unit: "pcs",
};

/** Keys the spec names without quoting a text: they must exist in both languages. */
const SPEC_KEYS = [
  "Frontpage.Title",
  "ClosedFrontpage.Title",
  "PrecheckoutPage.Title",
  "CheckoutPage.Title",
  "OrderPage.Title",
  "ConfirmationPage.Title",
  "ErrorPage.Title",
  "NotFoundPage.Title",
  "MaintenancePage.Title",
  "PaymentPage.Title.Created",
  "PaymentPage.Title.Authorized",
  "PaymentPage.Title.Cancelled",
  "PaymentPage.Title.Failed",
  "Discount.Invalid",
  "Discount.Generic",
  "Input.Name",
  "Input.Phone",
  "Input.Email",
  "Login.InvalidPassword",
  "Spinner.CalculatingDeliveryPrice",
  "Spinner.ContactingRestaurant",
  "Spinner.StartingPayment",
];

describe("message catalogue", () => {
  test("both languages have exactly the same keys", () => {
    expect([...danish.keys()].sort()).toEqual([...english.keys()].sort());
  });

  test("no message is empty", () => {
    for (const [key, value] of [...danish, ...english]) expect(value.trim(), key).not.toBe("");
  });

  test.each(Object.entries(SPEC_ENGLISH))("%s is the spec's English text word for word", (key, text) => {
    expect(english.get(key)).toBe(text);
  });

  test("the receipt names the bag as the checkout did (not 'Bærepose' there and 'Posegebyr' here)", () => {
    for (const messages of [danish, english])
      expect(messages.get("Receipt.BagFee")).toBe(messages.get("CheckoutTotals.BagFee"));
  });

  test("every key the spec names exists", () => {
    for (const key of SPEC_KEYS) expect(english.has(key) && danish.has(key), key).toBe(true);
  });

  test("Danish is not left in English for the spec's messages", () => {
    const same = Object.keys(SPEC_ENGLISH).filter(
      (key) => danish.get(key) === english.get(key) && key !== "MissingFields.ListSeparator",
    );
    expect(same).toEqual([]);
  });

  test("the option group message reads 'Please choose ' followed by what the group still needs", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "en-US", resources: { "en-US": { translation: en } } });
    expect(i18n.t("Options.PleaseChoose", { count: 2 })).toBe("Please choose 2 more");
    expect(i18n.t("Cart.Open", { count: 1 })).toBe("Basket, 1 item");
    expect(i18n.t("Cart.Open", { count: 3 })).toBe("Basket, 3 items");
  });

  test("Danish plurals resolve", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "da-DK", resources: { "da-DK": { translation: da } } });
    expect(i18n.t("Cart.Open", { count: 1 })).toBe("Kurv, 1 vare");
    expect(i18n.t("Cart.Open", { count: 2 })).toBe("Kurv, 2 varer");
    expect(i18n.t("Frontpage.Title")).toBe("Hvad har du lyst til?");
  });
});
