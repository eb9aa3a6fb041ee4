// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { aShop, EMPTY_GUEST_INFORMATION } from "../../../testing/checkout-fixtures";
import { renderGuestDetails } from "../../../testing/guest-details-test-page";
import { startEnglish } from "../../../testing/start-english";
import type { GuestInformationDraft } from "../guest-details-page";
import { GuestInfoSection } from "./guest-info-section";

beforeAll(startEnglish);
afterEach(cleanup);

const field = (name: string) => screen.getByRole("textbox", { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const nameField = () => field("Name");
const phoneField = () => field("Phone number");
const emailField = () => field("Email");

function renderGuestInfo(
  guest: Partial<GuestInformationDraft> = {},
  { showValidationErrors = true, required = { name: true, phone: true, email: true } } = {},
) {
  return renderGuestDetails(<GuestInfoSection />, {
    shop: aShop({ requiredGuestInformation: required }),
    session: { showValidationErrors, guestInformation: { ...EMPTY_GUEST_INFORMATION, ...guest } },
  });
}

/** The message a field's aria-describedby points at, or null when it has none. */
/** The field's message: the first element describing it (a format hint may follow). */
function messageOf(input: HTMLElement): string | null {
  const id = input.getAttribute("aria-describedby")?.split(" ")[0];
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe("fields", () => {
  test("name, phone and email are labelled and typed for the phone's keyboard and autofill", () => {
    renderGuestInfo({}, { showValidationErrors: false });
    expect(nameField().getAttribute("autocomplete")).toBe("name");
    expect(phoneField().type).toBe("tel");
    expect(phoneField().getAttribute("inputmode")).toBe("tel");
    expect(phoneField().getAttribute("autocomplete")).toBe("tel");
    expect(emailField().type).toBe("email");
    expect(emailField().getAttribute("autocomplete")).toBe("email");
  });

  test("what the guest types goes to the session as typed (the api sanitizes on send)", () => {
    const { store } = renderGuestInfo({}, { showValidationErrors: false });
    fireEvent.change(nameField(), { target: { value: "Ann & <Bo>" } });
    fireEvent.change(phoneField(), { target: { value: "12345678" } });
    fireEvent.change(emailField(), { target: { value: "ann@example.dk" } });
    expect(store.getSnapshot().guestInformation).toMatchObject({
      name: "Ann & <Bo>",
      phone: "12345678",
      email: "ann@example.dk",
    });
    expect(nameField().value).toBe("Ann & <Bo>");
  });

  test("required fields are marked in words and with aria-required", () => {
    renderGuestInfo({}, { showValidationErrors: false, required: { name: true, phone: false, email: true } });
    expect(nameField().getAttribute("aria-required")).toBe("true");
    expect(phoneField().getAttribute("aria-required")).toBeNull();
    expect(emailField().getAttribute("aria-required")).toBe("true");
    expect(screen.getAllByText("Required")).toHaveLength(2);
  });

  test("the fields cannot change while the order is being placed", () => {
    renderGuestDetails(<GuestInfoSection />, { placing: true });
    expect([nameField(), phoneField(), emailField()].every((input) => input.disabled)).toBe(true);
  });
});

describe("validation messages", () => {
  test("no message shows before the guest tries to place the order", () => {
    renderGuestInfo({ phone: "12", email: "nope" }, { showValidationErrors: false });
    for (const input of [nameField(), phoneField(), emailField()]) {
      expect(input.getAttribute("aria-invalid")).toBeNull();
      expect(input.getAttribute("aria-describedby")).toBeNull();
    }
    expect(screen.getAllByRole("alert").every((alert) => alert.textContent === "")).toBe(true);
  });

  test("a missing name, phone and email each say so under their field", () => {
    renderGuestInfo();
    expect(messageOf(nameField())).toBe("Please enter your name");
    expect(messageOf(phoneField())).toBe("Please enter your phone number");
    expect(messageOf(emailField())).toBe("Please enter your email");
  });

  test("a field that is not required may stay empty", () => {
    renderGuestInfo({}, { required: { name: false, phone: false, email: false } });
    expect(messageOf(nameField())).toBeNull();
    expect(messageOf(phoneField())).toBeNull();
    expect(messageOf(emailField())).toBeNull();
  });

  test.each([
    ["1234567", "Invalid content. The field may only contain numbers"],
    ["123456789012345678901", "Invalid content. The field may only contain numbers"],
    ["1234abcd", "Invalid content. The field may only contain numbers"],
    ["12345678", null],
    ["12345678901234567890", null],
  ])("phone %s → %s", (phone, message) => {
    renderGuestInfo({ name: "Ann", email: "ann@example.dk", phone });
    expect(messageOf(phoneField())).toBe(message);
  });

  test.each([
    ["without @", "ann", "Your input is invalid"],
    ["without a dot", "ann@exampledk", "Your input is invalid"],
    ["with two @", "ann@@example.dk", "Your input is invalid"],
    ["of 101 characters", `${"a".repeat(96)}@b.dk`, "Your input is invalid"],
    ["of 100 characters", `${"a".repeat(95)}@b.dk`, null],
    ["like ann@example.dk", "ann@example.dk", null],
  ])("an email %s → %s", (_case, email, message) => {
    renderGuestInfo({ name: "Ann", phone: "12345678", email });
    expect(messageOf(emailField())).toBe(message);
  });

  test("a field with a message is aria-invalid and described by it, an announced alert, then by its format", () => {
    renderGuestInfo({ name: "Ann", phone: "12", email: "ann@example.dk" });
    const phone = phoneField();
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    const [message, hint] = (phone.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id));
    expect(message?.getAttribute("role")).toBe("alert");
    expect(message?.textContent, "SPEC's message, word for word").toBe(
      "Invalid content. The field may only contain numbers",
    );
    expect(hint?.textContent).toBe("8 to 20 digits, e.g. 20 30 40 50");
    expect(nameField().getAttribute("aria-invalid")).toBeNull();
  });

  test("a wrong email is told what an address looks like; a missing value gets no format hint", () => {
    renderGuestInfo({ name: "", phone: "12345678", email: "ann@exampledk" });
    const hintOf = (field: HTMLElement) => {
      const ids = (field.getAttribute("aria-describedby") ?? "").split(" ");
      return ids.length > 1 ? document.getElementById(ids[1]!)?.textContent : null;
    };
    expect(hintOf(emailField())).toBe("Write it like name@example.com");
    expect(messageOf(nameField())).toBe("Please enter your name");
    expect(hintOf(nameField())).toBeNull();
  });

  test("the message goes as soon as the guest corrects the field", () => {
    renderGuestInfo({ name: "Ann", phone: "12", email: "ann@example.dk" });
    fireEvent.change(phoneField(), { target: { value: "12345678" } });
    expect(phoneField().getAttribute("aria-invalid")).toBeNull();
    expect(messageOf(phoneField())).toBeNull();
  });
});
