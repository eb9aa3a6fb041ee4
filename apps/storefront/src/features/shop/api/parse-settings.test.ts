import { parseFeatures } from "@app/contracts";
import { describe, expect, test } from "vitest";
import { DEFAULT_SETTINGS, parseSettings } from "./parse-settings";

const feature = (name: string, value: unknown) => ({ name, value: JSON.stringify(value) });

describe("parseSettings", () => {
  test("no features give the spec's defaults", () => {
    expect(parseSettings([])).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings([]).requiredGuestInformation).toEqual({ name: true, phone: true, email: true });
    expect(parseSettings([]).enforceCapacity).toBe(true);
    expect(parseSettings([]).showExpandedCart).toBe(true);
    expect(parseSettings([]).orderIdType).toBe("external");
    expect(parseSettings([]).receiptType).toBe("email");
    expect(parseSettings([]).deliveryEnabled).toBe(false);
  });

  test("the defaults are the contract's defaults", () => {
    expect(DEFAULT_SETTINGS).toEqual(parseFeatures([]));
  });

  test("known names are JSON-parsed and kept", () => {
    const settings = parseSettings([
      feature("startCategory", 12),
      feature("showClosedFrontpageMessage", true),
      feature("logo", "/static/logo.svg"),
      feature("receiptType", "sms"),
      feature("requiredGuestInformation", { name: true, phone: false, email: true }),
    ]);
    expect(settings.startCategory).toBe(12);
    expect(settings.showClosedFrontpageMessage).toBe(true);
    expect(settings.logo).toBe("/static/logo.svg");
    expect(settings.receiptType).toBe("sms");
    expect(settings.requiredGuestInformation).toEqual({ name: true, phone: false, email: true });
  });

  test("unknown names are dropped", () => {
    const settings = parseSettings([feature("somethingElse", 1), feature("__proto__", { polluted: true })]);
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect("somethingElse" in settings).toBe(false);
  });

  test("malformed or wrongly typed values keep the default", () => {
    const settings = parseSettings([
      { name: "enforceCapacity", value: "not json" },
      feature("showExpandedCart", "yes"),
      feature("startCategory", 1.5),
      feature("orderIdType", "other"),
      feature("requiredGuestInformation", { name: true }),
      feature("primaryColor", "red"),
    ]);
    expect(settings).toEqual(DEFAULT_SETTINGS);
  });

  test("agrees with the contract's parser on a mixed list", () => {
    const features = [
      feature("startCategory", 3),
      feature("mobilepay", true),
      feature("terms", "https://example.dk/terms"),
      feature("orderIdType", "bad"),
      feature("unknown", 1),
      feature("primaryColor", "#2e7d32"),
    ];
    expect(parseSettings(features)).toEqual(parseFeatures(features));
  });
});
