// @vitest-environment happy-dom

import type { HoursToday, Module } from "@app/contracts";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider } from "react-i18next";
import { afterEach, expect, test } from "vitest";
import { createApiClient } from "../../../lib/api-client";
import enUS from "../../../locales/en-US.json";
import { DEFAULT_SETTINGS } from "../api/parse-settings";
import type { Shop } from "../api/start-app";
import { HoursTodayProvider } from "./hours-today";
import { OrderingNotice } from "./ordering-notice";
import { RestaurantBand } from "./restaurant-band";

afterEach(cleanup);

const ZONE = "Europe/Copenhagen";
/** 12:03 in Copenhagen on Monday 23 November 2026 (UTC+1). */
const NOON = new Date("2026-11-23T11:03:00Z");
const OPEN_ALL_DAY: HoursToday = {
  date: "2026-11-23",
  open: "00:00",
  close: "24:00",
  isOpen: true,
  timeZone: ZONE,
  orderingPausedUntil: null,
  busyMinutes: 0,
};
const shop = {
  module: { id: 3, productionUnitId: 41, capacityInstanceId: 9 } as Module,
  productionUnit: { id: 41, name: "Bistro Nørrebro", address: "Nørrebrogade 42", timeZone: ZONE },
  settings: DEFAULT_SETTINGS,
  openingHours: OPEN_ALL_DAY,
} as Shop;

/**
 * The front page as the layout puts it together: the page's hours above the notice and the band. The API
 * answers today's hours as `server.hours` says at the moment of each read, and one free slot at 12:23 (20 min).
 */
async function renderFrontPage() {
  const server = { hours: OPEN_ALL_DAY, reads: 0 };
  const clock = { now: NOON };
  const api = createApiClient({
    baseUrl: "/api",
    getToken: () => "t",
    fetch: async (input) => {
      const url = String(input);
      if (url.includes("/OpeningHour/v2/today")) server.reads += 1;
      const body = url.includes("/OpeningHour/v2/today")
        ? server.hours
        : [{ time: "2026-11-23T11:23:00.000Z", isAvailable: true }];
      return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
    },
  });
  const deps = { api, now: () => clock.now };
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: "en-US",
    resources: { "en-US": { translation: enUS } },
    interpolation: { escapeValue: false },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <HoursTodayProvider shop={shop} live deps={deps}>
        <OrderingNotice />
        <RestaurantBand shop={shop} deps={deps} />
      </HoursTodayProvider>
    </I18nextProvider>,
  );
  await screen.findByText("Ready in about 20 min");
  return { server, clock };
}

/** What brings the page's next read of the hours without waiting 30 s: the guest coming back to the tab. */
const readAgain = () => fireEvent(document, new Event("visibilitychange"));
const notice = () => document.querySelector(".ordering-notice")?.textContent ?? null;

test("a pause that starts after the page loaded: the band says when orders open again, with the notice", async () => {
  const { server } = await renderFrontPage();
  expect(notice()).toBeNull();
  server.hours = { ...OPEN_ALL_DAY, orderingPausedUntil: "2026-11-23T11:30:00.000Z" };
  readAgain();
  await screen.findByText("Online orders again from 12:30");
  expect(screen.queryByText(/^Ready in/)).toBeNull();
  expect(notice()).toBe("We are not taking online orders right now — please try again after 12:30");
});

test("a pause lifted early: the band says 'ready in' again and the notice goes, on the same read", async () => {
  const { server } = await renderFrontPage();
  server.hours = { ...OPEN_ALL_DAY, orderingPausedUntil: "2026-11-23T11:30:00.000Z" };
  readAgain();
  await screen.findByText("Online orders again from 12:30");
  server.hours = OPEN_ALL_DAY;
  readAgain();
  await screen.findByText("Ready in about 20 min");
  expect(notice()).toBeNull();
  // One read of the hours per occasion, shared by the notice and the band: no second poll.
  expect(server.reads).toBe(2);
});

test("a pause that ends by its clock: the band says 'ready in' again at that minute, without another read", async () => {
  const { server, clock } = await renderFrontPage();
  server.hours = { ...OPEN_ALL_DAY, orderingPausedUntil: "2026-11-23T11:03:01.000Z" };
  readAgain();
  await screen.findByText("Online orders again from 12:03");
  clock.now = new Date("2026-11-23T11:03:02Z");
  await screen.findByText("Ready in about 20 min", undefined, { timeout: 3_000 });
  expect(notice()).toBeNull();
  expect(server.reads).toBe(1);
});
