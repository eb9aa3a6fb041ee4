// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, expect, test, vi } from "vitest";
import { startEnglish } from "../../../testing/start-english";
import { TermsCheckbox } from "./terms-checkbox";

beforeAll(startEnglish);
afterEach(cleanup);

function renderTerms(props: { checked?: boolean; termsUrl?: string | null; disabled?: boolean } = {}) {
  const onChange = vi.fn();
  render(
    <TermsCheckbox
      checked={props.checked ?? false}
      onChange={onChange}
      termsUrl={props.termsUrl === undefined ? "https://example.dk/terms" : props.termsUrl}
      disabled={props.disabled ?? false}
    />,
  );
  return onChange;
}

test("ticking the box accepts the terms", () => {
  const onChange = renderTerms();
  fireEvent.click(screen.getByLabelText("I accept the terms of trade"));
  expect(onChange).toHaveBeenCalledWith(true);
});

test("the terms link opens in a new tab and following it does not tick the box", () => {
  const onChange = renderTerms();
  const link = screen.getByRole("link", { name: "Read the terms of trade" });
  expect(link.getAttribute("href")).toBe("https://example.dk/terms");
  expect(link.getAttribute("target")).toBe("_blank");
  expect(link.getAttribute("rel")).toContain("noopener");
  // The test browser would really open the page: only the click's effect on the box is under test.
  link.addEventListener("click", (event) => event.preventDefault());
  fireEvent.click(link);
  expect(onChange).not.toHaveBeenCalled();
  expect(link.closest("label")).toBeNull();
});

test("without a terms setting there is no link", () => {
  renderTerms({ termsUrl: null });
  expect(screen.queryByRole("link")).toBeNull();
});

test("while the order is being placed the box is disabled", () => {
  renderTerms({ checked: true, disabled: true });
  expect(screen.getByLabelText("I accept the terms of trade")).toHaveProperty("disabled", true);
});

test("the shop's own /terms opens in this tab (its Back returns to the checkout), not a new one", () => {
  const onChange = vi.fn();
  render(
    <MemoryRouter>
      <TermsCheckbox checked={false} onChange={onChange} termsUrl="/terms" disabled={false} />
    </MemoryRouter>,
  );
  const link = screen.getByRole("link", { name: "Read the terms of trade" });
  expect(link.getAttribute("href")).toBe("/terms");
  expect(link.getAttribute("target")).toBeNull();
  fireEvent.click(link);
  expect(onChange).not.toHaveBeenCalled();
});
