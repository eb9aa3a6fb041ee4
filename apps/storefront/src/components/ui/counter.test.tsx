// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, expect, test, vi } from "vitest";
import { startEnglish } from "../../testing/start-english";
import { Counter } from "./counter";

beforeAll(startEnglish);
afterEach(cleanup);

function Stepper({ start, max }: { start: number; max: number }) {
  const [value, setValue] = useState(start);
  return <Counter value={value} onChange={setValue} name="Cola" min={0} max={max} />;
}

test("the minus button is disabled at the minimum, the plus at the maximum", () => {
  render(<Stepper start={0} max={1} />);
  expect(screen.getByRole<HTMLButtonElement>("button", { name: "Remove one Cola" }).disabled).toBe(true);
  fireEvent.click(screen.getByRole("button", { name: "Add one more Cola" }));
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
  expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add one more Cola" }));
});
