import { UpdateRestaurantOrderingRequest } from "@app/contracts";
import { expect, test } from "vitest";
import { zodFieldErrors } from "../../lib/form-errors";
import { type OrderingValues, toOrderingInput } from "./form-values";

const VALUES: OrderingValues = {
  pickup: { intervalMinutes: "15", leadMinutes: "20", futureDays: "2" },
  delivery: {
    intervalMinutes: "30",
    leadMinutes: "45",
    zones: [{ key: 1, zipCode: "2200", fee: "39", minimumOrder: "0" }],
  },
  capacity: { itemsPerSlot: "30", rules: [] },
  version: 1,
};

function errorsOf(values: OrderingValues) {
  const parsed = UpdateRestaurantOrderingRequest.safeParse(toOrderingInput(values));
  return parsed.success ? {} : zodFieldErrors(parsed.error);
}

test("a negative number is refused as below the least allowed, not as 'a whole number, or empty'", () => {
  const errors = errorsOf({
    ...VALUES,
    pickup: { ...VALUES.pickup, leadMinutes: "-5" },
    delivery: { ...VALUES.delivery!, zones: [{ key: 1, zipCode: "2200", fee: "-49", minimumOrder: "0" }] },
  });
  expect(errors).toEqual({
    "pickup.leadMinutes": { code: "Input.AtLeastNumber", values: { count: 0 } },
    "delivery.zones.0.fee": { code: "Input.AtLeastNumber", values: { count: 0 } },
  });
});

test("what is not a number at all stays 'a whole number'", () => {
  expect(errorsOf({ ...VALUES, pickup: { ...VALUES.pickup, leadMinutes: "tyve" } })).toEqual({
    "pickup.leadMinutes": { code: "Input.WholeNumber" },
  });
});

test("a fee that is not a number at all asks for an amount (it may have øre), not for a whole number", () => {
  const zone = { key: 1, zipCode: "2200", fee: "abc", minimumOrder: "12,345" };
  expect(errorsOf({ ...VALUES, delivery: { ...VALUES.delivery!, zones: [zone] } })).toEqual({
    "delivery.zones.0.fee": { code: "Input.Amount" },
    "delivery.zones.0.minimumOrder": { code: "Input.Amount" },
  });
});
