// @vitest-environment happy-dom
import type { EditConflict } from "@app/contracts";
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { testI18n } from "../lib/test-i18n";
import enUS from "../locales/en-US.json";
import { ConflictNotice } from "./conflict-notice";

const { i18n, start } = testI18n("en-US", { "en-US": enUS });
beforeAll(start);
afterEach(cleanup);

const conflict: EditConflict = {
  code: "EDIT_CONFLICT",
  message: "Someone else saved first",
  current: {
    version: 4,
    updatedAt: "2026-11-30T07:04:00.000Z",
    updatedBy: { name: "Mette", email: "mette@bistro.example" },
  },
  errors: [],
};

describe("ConflictNotice", () => {
  test("says when the other save was made on the restaurant's clock, not the screen's", () => {
    // Auckland is UTC+13 on 30 November: 07:04 UTC is 20:04 there, on no runner's clock but Auckland's own.
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).not.toBe("Pacific/Auckland");
    render(
      <I18nextProvider i18n={i18n}>
        <ConflictNotice conflict={conflict} attempt={1} timeZone="Pacific/Auckland" onReload={() => {}} />
      </I18nextProvider>,
    );
    expect(screen.getByRole("alert").textContent).toContain("Nov 30, 2026 20:04");
  });
});
