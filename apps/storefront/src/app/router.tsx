import { createBrowserRouter } from "react-router";
import { isLoggedIn, postLoginAttempt } from "../features/auth";
import { getCategories } from "../features/menu";
import { type AppState, startApp } from "../features/shop";
import { api, setToken, staticStorage } from "../lib/api-client";
import { applyServerDefaultLanguage, ensureLanguage } from "../lib/i18n";
import { createRoutes } from "./routes";

let started: Promise<AppState> | undefined;
/** The app start runs once per page load; every loader shares its result. */
function appState(): Promise<AppState> {
  started ??= startApp(window.location.hostname, { api, staticStorage, setToken, applyServerDefaultLanguage });
  return started;
}

export const router = createBrowserRouter(
  createRoutes({
    appState,
    isLoggedIn: (productionUnitId) => isLoggedIn(productionUnitId),
    userAgent: () => navigator.userAgent,
    ensureLanguage,
    getCategories,
    onLoginAttempt: postLoginAttempt,
  }),
);
