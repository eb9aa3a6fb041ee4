import type { Module } from "@app/contracts";
import { BOOT_BLOCK_IDS } from "@app/contracts/storefront-boot";
import { createBrowserRouter } from "react-router";
import { isLoggedIn, postLoginAttempt } from "../features/auth";
import { basketStore, refreshBasketOnReturn } from "../features/basket";
import { type EmbeddedCatalogue, type EmbeddedStock, loadCatalogue, loadStock } from "../features/menu";
import { type AppState, readMaintenanceFlag, type StartAnswers, startApp } from "../features/shop";
import { api, setToken, staticStorage } from "../lib/api-client";
import { readDataBlock } from "../lib/boot-data";
import i18n, { applyServerDefaultLanguage, ensureLanguage } from "../lib/i18n";
import { reportAppError } from "../lib/telemetry";
import { createRoutes } from "./routes";

let started: Promise<AppState> | undefined;
/** The app start runs once per page load; every loader shares its result. */
function appState(): Promise<AppState> {
  if (!started) {
    started = startApp(window.location.hostname, {
      api,
      staticStorage,
      setToken,
      applyServerDefaultLanguage,
      embeddedModule: readDataBlock<Module>(BOOT_BLOCK_IDS.module),
      embeddedStart: embeddedStartAnswers(),
      readMaintenance: maintenanceNow,
    });
    void started.then((state) => {
      if (state.status === "error") reportAppError(state.error, window.location.pathname);
    });
  }
  return started;
}

/** The start's answers the server embedded in the page, when it embedded all of them. */
function embeddedStartAnswers(): StartAnswers | undefined {
  const start = readDataBlock<Omit<StartAnswers, "languages">>(BOOT_BLOCK_IDS.start);
  const languages = readDataBlock<StartAnswers["languages"]>(BOOT_BLOCK_IDS.languages);
  return start && languages ? { ...start, languages } : undefined;
}

let stockTaken = false;
/**
 * The page's sold-out lists answer one read: the arrival on a menu page, while the router's first loaders run.
 * Every later visit (and a login first) reads them anew, as they change during the day.
 */
function takeEmbeddedStock(): EmbeddedStock | undefined {
  if (stockTaken || router.state.initialized) return undefined;
  stockTaken = true;
  return readDataBlock<EmbeddedStock>(BOOT_BLOCK_IDS.stock);
}

let basketLoaded: Promise<void> | undefined;
/**
 * The stored basket is read once per page load (SPEC §4), again in the new language after a switch, and again when
 * the guest comes back to the tab (another tab may have changed it).
 */
function loadBasket(): Promise<void> {
  if (!basketLoaded) {
    basketLoaded = basketStore.load();
    i18n.on("languageChanged", () => void basketStore.reloadForLanguage());
    refreshBasketOnReturn(basketStore);
  }
  return basketLoaded;
}

/** How long one reading of the maintenance flag answers navigations: a switch takes effect within this. */
const MAINTENANCE_CHECK_MS = 10_000;
let maintenanceRead: { at: number; down: Promise<boolean> } | undefined;
function maintenanceNow(): Promise<boolean> {
  const now = Date.now();
  if (!maintenanceRead || now - maintenanceRead.at > MAINTENANCE_CHECK_MS) {
    maintenanceRead = { at: now, down: readMaintenanceFlag(staticStorage) };
  }
  return maintenanceRead.down;
}

export const router = createBrowserRouter(
  createRoutes({
    appState,
    isLoggedIn: (productionUnitId) => isLoggedIn(productionUnitId),
    userAgent: () => navigator.userAgent,
    ensureLanguage,
    catalogue: ({ module }) =>
      loadCatalogue(
        { menuInstanceId: module.menuInstanceId, productInstanceId: module.productInstanceId },
        api,
        readDataBlock<EmbeddedCatalogue>(BOOT_BLOCK_IDS.catalogue),
      ),
    stock: (productionUnitId) => loadStock(productionUnitId, api, takeEmbeddedStock()),
    loadBasket,
    maintenanceNow,
    now: () => new Date(),
    onLoginAttempt: postLoginAttempt,
  }),
);
