import { ClosedDateEntry, RestaurantDetails, SignInRequest, UpdateRestaurantOrderingRequest } from "@app/contracts";
import { describe, expect, test } from "vitest";
import da from "../locales/da-DK.json";
import en from "../locales/en-US.json";
import { ApiError } from "./api";
import { FORM, serverFieldErrors, zodFieldErrors } from "./form-errors";

function refusal(schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error("expected a refusal");
  return zodFieldErrors(parsed.error as never);
}

const DETAILS = {
  name: "C",
  address: "Gaden 1",
  zipCode: "2200",
  phone: "12 34 56 78",
  receiptEmail: "c@example.dk",
  cvrNumber: "12345678",
  timeZone: "Europe/Copenhagen",
  hosts: ["c.localhost"],
  defaultLanguage: "da-DK",
};

describe("the browser's check: the contracts' own message keys and zod's issues, per field path", () => {
  test("a contract's message is the key (an email that is not one)", () => {
    expect(refusal(SignInRequest, { email: "not-an-email", password: "x" })).toEqual({
      email: { code: "Input.InvalidEmail" },
    });
  });

  test("an empty required text is Required, a refused host is named by its place in the list", () => {
    expect(refusal(RestaurantDetails, { ...DETAILS, name: " ", hosts: ["c.localhost", "bad host"] })).toEqual({
      name: { code: "Input.Required" },
      "hosts.1": { code: "Input.InvalidHost" },
    });
  });

  test("an empty list says how many it needs", () => {
    expect(refusal(RestaurantDetails, { ...DETAILS, hosts: [] })).toEqual({
      hosts: { code: "Input.AtLeast", values: { count: 1 } },
    });
  });
});

describe("a bound says what it counts: characters for a text, nothing for a number", () => {
  const ORDERING = {
    pickup: { intervalMinutes: 15, leadMinutes: 20, futureDays: 2 },
    delivery: null,
    capacity: { itemsPerSlot: 30, rules: [] },
    version: 1,
  };

  test("0 minutes between slots is 'at least 1', not 'at least 1 characters'; 99 days ahead is 'at most 60'", () => {
    const errors = refusal(UpdateRestaurantOrderingRequest, {
      ...ORDERING,
      pickup: { intervalMinutes: 0, leadMinutes: -5, futureDays: 99 },
    });
    expect(errors).toEqual({
      "pickup.intervalMinutes": { code: "Input.AtLeastNumber", values: { count: 1 } },
      "pickup.leadMinutes": { code: "Input.AtLeastNumber", values: { count: 0 } },
      "pickup.futureDays": { code: "Input.AtMostNumber", values: { count: 60 } },
    });
  });

  test("a closed day's reason of 201 characters is 'at most 200 characters'", () => {
    expect(refusal(ClosedDateEntry, { date: "2027-01-01", reason: "x".repeat(201) })).toEqual({
      reason: { code: "Input.TooLong", values: { count: 200 } },
    });
    // Shown as "Højst 200." it read as a number the manager had to stay under.
    expect(da.errors.Input.TooLong).toBe("Højst {{count}} tegn.");
    expect(en.errors.Input.TooLong).toBe("At most {{count}} characters.");
  });
});

describe("the server's refusal", () => {
  test("each error lands on its field; one without a field on the form", () => {
    const error = new ApiError(409, [
      { code: "HOST_TAKEN", message: "taken", field: "hosts.0" },
      { code: "SOMETHING", message: "else" },
    ]);
    expect(serverFieldErrors(error)).toEqual({ "hosts.0": { code: "HOST_TAKEN" }, [FORM]: { code: "SOMETHING" } });
  });

  test("an answer without errors is named by its status; no answer at all is the network", () => {
    expect(serverFieldErrors(new ApiError(500, []))).toEqual({ [FORM]: { code: "HTTP_500" } });
    expect(serverFieldErrors(new TypeError("Failed to fetch"))).toEqual({ [FORM]: { code: "NETWORK" } });
  });
});
