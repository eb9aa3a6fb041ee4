import type {
  AppSettings,
  FrontendSettings,
  HoursToday,
  Languages,
  MaintenanceMode,
  Module,
  ProductionUnit,
  Token,
} from "@app/contracts";
import { type ApiClient, ApiError } from "../../../lib/api-client";
import { parseSettings } from "./parse-settings";

/** SPEC §3 "App state" once the start has finished (isLoading is the router's navigation state). */
export type Shop = {
  token: string;
  module: Module;
  productionUnit: ProductionUnit;
  settings: AppSettings;
  /**
   * The module's online payments move no money (the built-in test provider, or a Stripe test key): the shop
   * says so before the guest pays. Read from the frontend settings' paymentTestMode; an API that does not
   * answer it predates real payments, so everything it takes is a test.
   */
  paymentTestMode: boolean;
  languages: Languages;
  openingHours: HoursToday | null;
  isDownForMaintenance: boolean;
};

export type AppState =
  | { status: "ready"; shop: Shop }
  /** No module for this host name, so no token (SPEC §2: → /notfound). */
  | { status: "no-token" }
  | { status: "error"; error: unknown; traceId?: string };

export type StartDeps = {
  api: ApiClient;
  staticStorage: ApiClient;
  setToken: (token: string) => void;
  /** lib/i18n's applyServerDefaultLanguage: the server's default language unless the guest chose one. */
  applyServerDefaultLanguage: (language: string | undefined) => Promise<void>;
  /**
   * The public module of this host as the server embedded it in the page (lib/boot-data.ts): the same
   * answer as GET /module/domain/{host}, one round trip fewer. Undefined: the start asks for it.
   */
  embeddedModule?: Module | undefined;
  /** The answers of the start's parallel calls as the server embedded them; undefined: the start asks. */
  embeddedStart?: StartAnswers | undefined;
  /** The maintenance flag reading to use (the router's, so one read serves both); default: read it. */
  readMaintenance?: () => Promise<boolean>;
};

/** What the start's parallel calls of SPEC §4 answer (the maintenance flag aside). */
export type StartAnswers = {
  module: Module;
  productionUnit: ProductionUnit;
  frontend: FrontendSettings;
  languages: Languages;
  openingHours: HoursToday | null;
};

/**
 * App start of SPEC §4: the module by the page's host name, a token for its production unit, then in
 * parallel module (must be visible), production unit, frontend settings, languages and the maintenance flag.
 * What the server embedded in the page (lib/boot-data.ts) is not asked for again: with the page's blocks
 * only the token (which the page preloads) and the maintenance flag go over the network.
 */
export async function startApp(hostname: string, deps: StartDeps): Promise<AppState> {
  const { api } = deps;
  let found = deps.embeddedModule;
  if (!found) {
    const byDomain = await api.request<Module>("GET", `/module/domain/${encodeURIComponent(hostname)}`, {
      auth: false,
    });
    if (!byDomain.ok) {
      if (byDomain.status === 404) return { status: "no-token" };
      return failed(new ApiError(byDomain));
    }
    found = byDomain.data;
  }
  try {
    const { token } = await api.get<Token>(`/token/${found.productionUnitId}`, { auth: false });
    if (!token) return { status: "no-token" };
    deps.setToken(token);
    const [{ module, productionUnit, frontend, languages, openingHours }, maintenance] = await Promise.all([
      deps.embeddedStart ?? readStartAnswers(deps.api, found),
      deps.readMaintenance?.() ?? readMaintenanceFlag(deps.staticStorage),
    ]);
    if (!module.isVisible) throw new Error("The module is not visible");
    await deps.applyServerDefaultLanguage(languages.defaultLanguage);
    return {
      status: "ready",
      shop: {
        token,
        module,
        productionUnit,
        settings: parseSettings(frontend.features),
        paymentTestMode: frontend.paymentTestMode !== false,
        languages,
        openingHours,
        isDownForMaintenance: maintenance,
      },
    };
  } catch (error) {
    return failed(error);
  }
}

/** The start's parallel calls (SPEC §4) with the token just obtained. */
async function readStartAnswers(api: ApiClient, found: Module): Promise<StartAnswers> {
  const [module, productionUnit, frontend, languages, openingHours] = await Promise.all([
    api.get<Module>(`/module/${found.id}/module`),
    api.get<ProductionUnit>(`/productionunit/${found.productionUnitId}`),
    // SPEC §8: a failed frontend-settings fetch throws (the app goes into error).
    api.get<FrontendSettings>(`/frontend/module/${found.id}`),
    api.get<Languages>("/language"),
    api
      .request<HoursToday>("GET", `/productionunit/${found.productionUnitId}/OpeningHour/v2/today`)
      .then((r) => (r.ok ? r.data : null)),
  ]);
  return { module, productionUnit, frontend, languages, openingHours };
}

/**
 * SPEC §7's static maintenanceMode.json. No flag file (or an unreadable one) means not in maintenance. Read at
 * start and again as the guest moves on (app/router.tsx), so a flag switched on while browsing takes effect.
 */
export function readMaintenanceFlag(staticStorage: ApiClient): Promise<boolean> {
  return staticStorage
    .request<MaintenanceMode>("GET", "/maintenanceMode.json", { auth: false })
    .then((r) => r.ok && r.data?.isDownForMaintenance === true)
    .catch(() => false);
}

function failed(error: unknown): AppState {
  const traceId = error instanceof ApiError ? error.traceId : undefined;
  return traceId ? { status: "error", error, traceId } : { status: "error", error };
}
