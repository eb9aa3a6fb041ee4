// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, expect, test } from "vitest";
import { testI18n } from "../../lib/test-i18n";
import { HourChart } from "./hour-chart";

const { i18n, start } = testI18n("da-DK");
beforeAll(start);
afterEach(cleanup);

const day = (orders: Record<number, number>) =>
  Array.from({ length: 24 }, (_, hour) => ({ hour, orders: orders[hour] ?? 0, sales: (orders[hour] ?? 0) * 79 }));

const renderChart = (hours: ReturnType<typeof day>) =>
  render(
    <I18nextProvider i18n={i18n}>
      <HourChart hours={hours} />
    </I18nextProvider>,
  );

test("a period without orders says so where the chart would be: no image, no scale, no table", () => {
  const { container } = renderChart(day({}));
  expect(screen.getByText("figures.chart.none")).toBeTruthy();
  expect(screen.queryByRole("img")).toBeNull();
  expect(container.querySelector(".hour-chart-scale")).toBeNull();
  expect(container.querySelector(".hour-table")).toBeNull();
});

test("a period with orders draws them on a scale up to the busiest hour, with their table", () => {
  const { container } = renderChart(day({ 10: 3, 12: 1 }));
  expect(screen.getByRole("img")).toBeTruthy();
  expect(screen.queryByText("figures.chart.none")).toBeNull();
  expect([...container.querySelectorAll(".hour-chart-scale span")].map((span) => span.textContent)).toEqual(["3", "0"]);
  expect(container.querySelectorAll(".hour-table tbody tr")).toHaveLength(2);
});
