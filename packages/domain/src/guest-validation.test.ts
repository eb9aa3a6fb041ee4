import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  COMMENT_TOO_LONG_MESSAGE,
  type GuestFieldError,
  type GuestInformationInput,
  isValidEmail,
  isValidPhone,
  isValidZipCode,
  joinMissingFields,
  ORDER_COMMENT_MAX,
  type RequiredGuestInformation,
  sanitizeGuestInformation,
  sanitizeText,
  validateGuestInformation,
} from "./guest-validation";

const MISSING = "Please check that you have entered all required information";
const MISSING_NAME: GuestFieldError = { field: "name", code: "MissingFields.Name", message: `${MISSING}: name` };
const MISSING_PHONE: GuestFieldError = {
  field: "phone",
  code: "MissingFields.Phone",
  message: `${MISSING}: phone number`,
};
const MISSING_EMAIL: GuestFieldError = { field: "email", code: "MissingFields.Email", message: `${MISSING}: email` };
const INVALID_PHONE: GuestFieldError = {
  field: "phone",
  code: "Input.InvalidPhone",
  message: "Invalid content. The field may only contain numbers",
};
const INVALID_EMAIL: GuestFieldError = { field: "email", code: "Input.Invalid", message: "Your input is invalid" };
const COMMENT_TOO_LONG: GuestFieldError = {
  field: "orderComment",
  code: "Input.Invalid",
  message: "Your input is invalid: the order comment can be at most 125 characters",
};

describe("isValidPhone", () => {
  const cases = [
    { behaviour: "accepts 8 digits", phone: "12345678", valid: true },
    { behaviour: "accepts 20 digits", phone: "12345678901234567890", valid: true },
    { behaviour: "refuses 7 digits", phone: "1234567", valid: false },
    { behaviour: "refuses 21 digits", phone: "123456789012345678901", valid: false },
    { behaviour: "refuses a leading plus", phone: "+4512345678", valid: false },
    { behaviour: "refuses spaces", phone: "12 34 56 78", valid: false },
    { behaviour: "refuses letters", phone: "1234567a", valid: false },
  ];
  for (const { behaviour, phone, valid } of cases) {
    test(behaviour, () => {
      expect(isValidPhone(phone)).toBe(valid);
    });
  }
});

describe("isValidEmail", () => {
  const cases = [
    { behaviour: "accepts an ordinary address", email: "guest@example.dk", valid: true },
    { behaviour: "accepts a short address", email: "a@b.dk", valid: true },
    { behaviour: "accepts 100 characters", email: `${"a".repeat(89)}@example.dk`, valid: true },
    {
      behaviour: "accepts a dot-atom local part with RFC 5322 specials",
      email: "o'neil+food.x_y@sub.example.dk",
      valid: true,
    },
    { behaviour: "accepts international letters in the domain", email: "jens@blåbær.dk", valid: true },
    { behaviour: "accepts a punycode domain", email: "jens@xn--blbr-roa2a.dk", valid: true },
    { behaviour: "refuses 3 characters", email: "a@.", valid: false },
    { behaviour: "refuses a domain without a TLD after the dot", email: "a@b.", valid: false },
    { behaviour: "refuses a one-letter TLD", email: "a@b.c", valid: false },
    { behaviour: "refuses 101 characters", email: `${"a".repeat(90)}@example.dk`, valid: false },
    { behaviour: "refuses no @", email: "guest.example.dk", valid: false },
    { behaviour: "refuses two @", email: "guest@@example.dk", valid: false },
    { behaviour: "refuses no dot", email: "guest@example", valid: false },
    { behaviour: "refuses markup in the local part", email: "<script>alert(1)</script>@x.dk", valid: false },
    { behaviour: "refuses a header injection", email: "a\r\nBcc: victim@evil.com", valid: false },
    { behaviour: "refuses a display name", email: "Evil <victim@evil.com>", valid: false },
    { behaviour: "refuses a group", email: "list:victim@evil.com;", valid: false },
    { behaviour: "refuses a list", email: "a@x.dk,victim@evil.com", valid: false },
    { behaviour: "refuses a comment", email: "a(c)@x.dk", valid: false },
    { behaviour: "refuses a quoted local part", email: '"a b"@x.dk', valid: false },
    { behaviour: "refuses an IP-literal domain", email: "a@[127.0.0.1]", valid: false },
    { behaviour: "refuses a space", email: "a b@x.dk", valid: false },
    { behaviour: "refuses a tab", email: "a@x.dk\t", valid: false },
    { behaviour: "refuses a line feed at the end", email: "a@x.dk\n", valid: false },
    { behaviour: "refuses a NUL", email: "a\u0000@x.dk", valid: false },
    { behaviour: "refuses a line separator", email: "a@x\u2028.dk", valid: false },
    { behaviour: "refuses a leading dot", email: ".a@x.dk", valid: false },
    { behaviour: "refuses two dots in a row", email: "a..b@x.dk", valid: false },
    { behaviour: "refuses a trailing dot in the local part", email: "a.@x.dk", valid: false },
    { behaviour: "refuses an empty domain label", email: "a@x..dk", valid: false },
    { behaviour: "refuses a label starting with a hyphen", email: "a@-x.dk", valid: false },
    { behaviour: "refuses a label ending with a hyphen", email: "a@x-.dk", valid: false },
    { behaviour: "refuses a digit TLD", email: "a@x.123", valid: false },
    { behaviour: "refuses international letters in the local part", email: "æ@x.dk", valid: false },
  ];
  for (const { behaviour, email, valid } of cases) {
    test(behaviour, () => {
      expect(isValidEmail(email)).toBe(valid);
    });
  }
});

describe("isValidEmail, for any string", () => {
  // Anything accepted is one plain mailbox a mailer cannot read as more: no whitespace, no control
  // characters, no angle brackets, exactly one @. Strings are built from the dangerous characters
  // mixed with ordinary ones, so the generator reaches the edges, not only random noise.
  const piece = fc.oneof(
    fc.string({ unit: "grapheme", maxLength: 6 }),
    fc.constantFrom(
      "@",
      ".",
      "<",
      ">",
      " ",
      "\t",
      "\r\n",
      "\n",
      "\u0000",
      "\u2028",
      "\u00a0",
      ",",
      ";",
      ":",
      '"',
      "(",
      ")",
    ),
    fc.constantFrom("a", "x.dk", "example", "dk", "æ", "-", "+", "'"),
  );
  const candidate = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(""));

  test("anything accepted has no whitespace, control characters or <>, and exactly one @", () => {
    fc.assert(
      fc.property(fc.oneof(candidate, fc.string({ unit: "binary", maxLength: 40 })), (email) => {
        if (!isValidEmail(email)) return;
        expect(email).not.toMatch(/[\s\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>]/u);
        expect(email.split("@")).toHaveLength(2);
      }),
      { numRuns: 2000 },
    );
  });

  test("a mailbox built from the allowed parts is accepted", () => {
    const atom = fc.stringMatching(/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]{1,8}$/);
    const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,6}[a-z0-9])?$/);
    const tld = fc.stringMatching(/^[a-z]{2,6}$/);
    const mailbox = fc
      .tuple(fc.array(atom, { minLength: 1, maxLength: 3 }), fc.array(label, { minLength: 1, maxLength: 3 }), tld)
      .map(([local, labels, top]) => `${local.join(".")}@${[...labels, top].join(".")}`);
    fc.assert(fc.property(mailbox, (email) => isValidEmail(email)));
  });
});

describe("isValidZipCode", () => {
  const cases = [
    { behaviour: "accepts 4 digits", zip: "8000", valid: true },
    { behaviour: "refuses 3 digits", zip: "800", valid: false },
    { behaviour: "refuses 5 digits", zip: "80000", valid: false },
    { behaviour: "refuses letters", zip: "80a0", valid: false },
  ];
  for (const { behaviour, zip, valid } of cases) {
    test(behaviour, () => {
      expect(isValidZipCode(zip)).toBe(valid);
    });
  }
});

describe("sanitizeText", () => {
  const cases = [
    { behaviour: "leaves plain text alone", text: "Ingen løg, tak", clean: "Ingen løg, tak" },
    { behaviour: "escapes the ampersand", text: "Salt & peber", clean: "Salt &amp; peber" },
    { behaviour: "removes double and single quotes", text: `"Extra" 'hot'`, clean: "Extra hot" },
    { behaviour: "removes angle brackets", text: "<b>Bold</b>", clean: "bBold/b" },
    { behaviour: "trims surrounding space, also left behind by removals", text: ' " Anna " ', clean: "Anna" },
    {
      behaviour: "is idempotent: an escaped ampersand stays escaped once",
      text: "Salt &amp; peber",
      clean: "Salt &amp; peber",
    },
  ];
  for (const { behaviour, text, clean } of cases) {
    test(behaviour, () => {
      expect(sanitizeText(text)).toBe(clean);
    });
  }
});

describe("validateGuestInformation", () => {
  const ALL_REQUIRED: RequiredGuestInformation = { name: true, phone: true, email: true };
  const NONE_REQUIRED: RequiredGuestInformation = { name: false, phone: false, email: false };
  const COMPLETE: GuestInformationInput = { name: "Anna", phone: "12345678", email: "anna@example.dk" };
  const cases: {
    behaviour: string;
    input: GuestInformationInput;
    required: RequiredGuestInformation;
    errors: GuestFieldError[];
  }[] = [
    { behaviour: "complete details have no errors", input: COMPLETE, required: ALL_REQUIRED, errors: [] },
    {
      behaviour: "every empty required field is missing",
      input: { name: "", phone: null },
      required: ALL_REQUIRED,
      errors: [MISSING_NAME, MISSING_PHONE, MISSING_EMAIL],
    },
    {
      behaviour: "a blank required field counts as missing",
      input: { ...COMPLETE, name: "   " },
      required: ALL_REQUIRED,
      errors: [MISSING_NAME],
    },
    {
      behaviour: "empty fields that are not required are fine",
      input: {},
      required: NONE_REQUIRED,
      errors: [],
    },
    {
      behaviour: "an invalid phone is refused",
      input: { ...COMPLETE, phone: "1234" },
      required: ALL_REQUIRED,
      errors: [INVALID_PHONE],
    },
    {
      behaviour: "an invalid phone is refused even when not required",
      input: { phone: "12 34 56" },
      required: NONE_REQUIRED,
      errors: [INVALID_PHONE],
    },
    {
      behaviour: "an invalid email is refused",
      input: { ...COMPLETE, email: "anna.example.dk" },
      required: ALL_REQUIRED,
      errors: [INVALID_EMAIL],
    },
    {
      behaviour: "a phone as Danes write it (+45, spaces) is accepted",
      input: { ...COMPLETE, phone: "+45 12 34 56 78" },
      required: ALL_REQUIRED,
      errors: [],
    },
    {
      behaviour: "surrounding space around a valid phone is accepted",
      input: { ...COMPLETE, phone: " 12345678 " },
      required: ALL_REQUIRED,
      errors: [],
    },
    {
      behaviour: "a comment of the maximum length is accepted",
      input: { ...COMPLETE, orderComment: "x".repeat(ORDER_COMMENT_MAX) },
      required: ALL_REQUIRED,
      errors: [],
    },
    {
      behaviour: "a comment over the maximum length is invalid, naming the limit",
      input: { ...COMPLETE, orderComment: "x".repeat(ORDER_COMMENT_MAX + 1) },
      required: ALL_REQUIRED,
      errors: [COMMENT_TOO_LONG],
    },
    {
      behaviour: "a name that sanitizes to nothing is missing",
      input: { ...COMPLETE, name: "<>" },
      required: ALL_REQUIRED,
      errors: [MISSING_NAME],
    },
    {
      behaviour: "a name of quotes only is missing",
      input: { ...COMPLETE, name: ` "' ` },
      required: ALL_REQUIRED,
      errors: [MISSING_NAME],
    },
    {
      behaviour: "a name that sanitizes to nothing is fine when the name is not required",
      input: { name: "<>" },
      required: NONE_REQUIRED,
      errors: [],
    },
    {
      behaviour: "a comment is judged after stripping: 125 characters plus brackets is fine",
      input: { ...COMPLETE, orderComment: `<${"x".repeat(ORDER_COMMENT_MAX)}>` },
      required: ALL_REQUIRED,
      errors: [],
    },
    {
      behaviour: "an escaped ampersand counts as the one character the guest typed",
      input: { ...COMPLETE, orderComment: `${"x".repeat(ORDER_COMMENT_MAX - 1)}&` },
      required: ALL_REQUIRED,
      errors: [],
    },
    {
      behaviour: "stored (already sanitized) details are judged the same way again",
      input: { ...COMPLETE, orderComment: `${"x".repeat(ORDER_COMMENT_MAX - 1)}&amp;` },
      required: ALL_REQUIRED,
      errors: [],
    },
  ];
  for (const { behaviour, input, required, errors } of cases) {
    test(behaviour, () => {
      expect(validateGuestInformation(input, required)).toEqual(errors);
    });
  }
});

describe("sanitizeGuestInformation", () => {
  const cases: {
    behaviour: string;
    input: GuestInformationInput;
    stored: ReturnType<typeof sanitizeGuestInformation>;
  }[] = [
    {
      behaviour: "strips name and comment, trims phone and email",
      input: { name: " Anna <Hansen> ", phone: " 12345678 ", email: " a@b.dk ", orderComment: 'Salt & "peber"' },
      stored: { name: "Anna Hansen", phone: "12345678", email: "a@b.dk", orderComment: "Salt &amp; peber" },
    },
    {
      behaviour: "empty, blank and fully stripped values become null",
      input: { name: "<>", phone: "  ", email: "", orderComment: null },
      stored: { name: null, phone: null, email: null, orderComment: null },
    },
    {
      behaviour: "stores the digits of a phone written with +45 and spaces",
      input: { phone: "+45 12 34 56 78" },
      stored: { name: null, phone: "12345678", email: null, orderComment: null },
    },
    {
      behaviour: "leaves quotes in phone and email to the validation",
      input: { phone: '"12345678"', email: "'a@b.dk'" },
      stored: { name: null, phone: '"12345678"', email: "'a@b.dk'", orderComment: null },
    },
  ];
  for (const { behaviour, input, stored } of cases) {
    test(behaviour, () => {
      expect(sanitizeGuestInformation(input)).toEqual(stored);
    });
  }

  test("the too-long message names the limit", () => {
    expect(COMMENT_TOO_LONG_MESSAGE).toContain("125");
  });
});

describe("joinMissingFields", () => {
  const cases = [
    { behaviour: "nothing missing gives an empty text", items: [], and: "&", text: "" },
    { behaviour: "one item stands alone", items: ["name"], and: "&", text: "name" },
    { behaviour: "two items are joined by the ampersand", items: ["name", "email"], and: "&", text: "name & email" },
    {
      behaviour: "earlier items are joined by commas, the last by the ampersand",
      items: ["name", "email", "phone number"],
      and: "&",
      text: "name, email & phone number",
    },
    {
      behaviour: "the joining word can be chosen",
      items: ["navn", "email", "tid"],
      and: "og",
      text: "navn, email og tid",
    },
  ];
  for (const { behaviour, items, and, text } of cases) {
    test(behaviour, () => {
      expect(joinMissingFields(items, and)).toBe(text);
    });
  }

  test("the ampersand is the default", () => {
    expect(joinMissingFields(["a", "b", "c"])).toBe("a, b & c");
  });
});
