// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, expect, test, vi } from "vitest";
import daDK from "../../locales/da-DK.json";
import { startEnglish } from "../../testing/start-english";
import { Counter } from "./counter";

beforeAll(startEnglish);
afterEach(cleanup);

function Stepper({ start, max }: { start: number; max: number }) {
  const [value, setValue] = useState(start);
  return <Counter value={value} onChange={setValue} name="Cola" min={0} max={max} />;
}

test("the plus button adds the first one by the name alone, then one more", () => {
  render(<Stepper start={0} max={5} />);
  expect(screen.queryByRole("button", { name: /one more/ })).toBeNull();
  fireEvent.click(screen.getByRole("button", { name: "Add Cola" }));
  expect(screen.getByRole("button", { name: "Add one more Cola" })).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Remove one Cola" }));
  expect(screen.getByRole("button", { name: "Add Cola" })).toBeTruthy();
});

test("in Danish: 'Tilføj Cola' at none, 'Tilføj én Cola mere' from one", async () => {
  const danish = i18next.createInstance();
  await danish.init({
    lng: "da-DK",
    resources: { "da-DK": { translation: daDK } },
    interpolation: { escapeValue: false },
  });
  render(
    <I18nextProvider i18n={danish}>
      <Stepper start={0} max={5} />
    </I18nextProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Tilføj Cola" }));
  expect(screen.getByRole("button", { name: "Tilføj én Cola mere" })).toBeTruthy();
});

test("the minus button is disabled at the minimum, the plus at the maximum", () => {
  render(<Stepper start={0} max={1} />);
  expect(screen.getByRole<HTMLButtonElement>("button", { name: "Remove one Cola" }).disabled).toBe(true);
  fireEvent.click(screen.getByRole("button", { name: "Add Cola" }));
  expect(screen.getByRole<HTMLButtonElement>("button", { name: "Add one more Cola" }).disabled).toBe(true);
  expect(screen.getByRole("status").textContent).toBe("1");
});

test("each press hands the caller the value asked for and its step, +1 or −1", () => {
  const onChange = vi.fn();
  render(<Counter value={2} onChange={onChange} name="Cola" />);
  fireEvent.click(screen.getByRole("button", { name: "Add one more Cola" }));
  fireEvent.click(screen.getByRole("button", { name: "Remove one Cola" }));
  expect(onChange.mock.calls).toEqual([
    [3, 1],
    [1, -1],
  ]);
});

test("when the pressed button becomes disabled, the focus moves to the other one", () => {
  render(<Stepper start={1} max={5} />);
  const minus = screen.getByRole("button", { name: "Remove one Cola" });
  minus.focus();
  fireEvent.click(minus);
  expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add Cola" }));
});
