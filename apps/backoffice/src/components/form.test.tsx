// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, test } from "vitest";
import { testI18n } from "../lib/test-i18n";
import { TextField } from "./form";

afterEach(cleanup);

async function renderDateField(language: string, value: string) {
  const { i18n, start } = testI18n(language);
  await start();
  render(
    <I18nextProvider i18n={i18n}>
      <TextField
        path="validUntil"
        label="Valid until"
        hint="To the end of the day"
        type="date"
        value={value}
        onChange={() => {}}
      />
    </I18nextProvider>,
  );
  return screen.getByLabelText("Valid until");
}

describe("a date field says its day in the app's language (the browser shows its own order)", () => {
  test.each([
    ["en-US", "Sat, Jan 2, 2027"],
    ["da-DK", "lør. 2. jan. 2027"],
  ])("%s: 2027-01-02 reads %s under the field, and the field is described by it", async (language, words) => {
    const field = await renderDateField(language, "2027-01-02");
    expect(screen.getByText(words)).toBeTruthy();
    expect(field.getAttribute("aria-describedby")).toBe("field-validUntil-hint field-validUntil-day");
  });

  test("an empty date field says no day", async () => {
    const field = await renderDateField("en-US", "");
    expect(field.getAttribute("aria-describedby")).toBe("field-validUntil-hint");
  });
});
