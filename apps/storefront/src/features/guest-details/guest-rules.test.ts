import { describe, expect, test } from "vitest";
import type { GuestInformationDraft } from "./guest-details-page";
import { commentCharactersLeft, type GuestFieldErrors, guestFieldErrors } from "./guest-rules";

const ALL_REQUIRED = { name: true, phone: true, email: true };
const NONE_REQUIRED = { name: false, phone: false, email: false };
const GUEST: GuestInformationDraft = {
  name: "Ann",
  phone: "12345678",
  email: "ann@example.dk",
  orderComment: "",
  amountOfGuests: null,
  amountOfKids: null,
};

describe("guestFieldErrors (SPEC §5)", () => {
  const cases: [string, Partial<GuestInformationDraft>, typeof ALL_REQUIRED, GuestFieldErrors][] = [
    ["all valid", {}, ALL_REQUIRED, {}],
    [
      "empty required fields",
      { name: "", phone: "", email: "" },
      ALL_REQUIRED,
      { name: "Input.Name", phone: "Input.Phone", email: "Input.Email" },
    ],
    ["empty fields that are not required", { name: "", phone: "", email: "" }, NONE_REQUIRED, {}],
    ["a phone with spaces and +45, as Danes write it", { phone: "+45 12 34 56 78" }, ALL_REQUIRED, {}],
    ["a phone with a letter", { phone: "1234 567a" }, ALL_REQUIRED, { phone: "Input.InvalidPhone" }],
    ["a phone of 7 digits", { phone: "1234567" }, ALL_REQUIRED, { phone: "Input.InvalidPhone" }],
    ["a phone of 21 digits", { phone: "1".repeat(21) }, ALL_REQUIRED, { phone: "Input.InvalidPhone" }],
    ["a phone of 20 digits", { phone: "1".repeat(20) }, ALL_REQUIRED, {}],
    ["a phone with a plus in the middle", { phone: "1234+5678" }, ALL_REQUIRED, { phone: "Input.InvalidPhone" }],
    [
      "an invalid phone that is not required is still invalid",
      { phone: "abc" },
      NONE_REQUIRED,
      { phone: "Input.InvalidPhone" },
    ],
    ["an email without @", { email: "ann.example.dk" }, ALL_REQUIRED, { email: "Input.Invalid" }],
    ["an email with two @", { email: "a@b@c.dk" }, ALL_REQUIRED, { email: "Input.Invalid" }],
    ["an email without a dot", { email: "ann@example" }, ALL_REQUIRED, { email: "Input.Invalid" }],
    ["an email of 3 characters", { email: "a@." }, ALL_REQUIRED, { email: "Input.Invalid" }],
    ["an email of 101 characters", { email: `${"a".repeat(93)}@b.dk.dk` }, ALL_REQUIRED, { email: "Input.Invalid" }],
    ["a comment of 125 characters", { orderComment: "x".repeat(125) }, ALL_REQUIRED, {}],
    ["a comment of 126 characters", { orderComment: "x".repeat(126) }, ALL_REQUIRED, { orderComment: "Input.Invalid" }],
    [
      "a comment of 125 with an ampersand (escaped, still one character)",
      { orderComment: `&${"x".repeat(124)}` },
      ALL_REQUIRED,
      {},
    ],
  ];
  test.each(cases)("%s", (_name, changes, required, expected) => {
    expect(guestFieldErrors({ ...GUEST, ...changes }, required)).toEqual(expected);
  });
});

describe("commentCharactersLeft (SPEC §5: 125)", () => {
  const cases: [number, number][] = [
    [0, 125],
    [1, 124],
    [125, 0],
    [130, 0],
  ];
  test.each(cases)("%i typed → %i left", (typed, left) => {
    expect(commentCharactersLeft("x".repeat(typed))).toBe(left);
  });
});
