import {
  type AppSettings,
  type FrontendSettings,
  type HoursToday,
  type Languages,
  type MaintenanceMode,
  type Module,
  type ProductionUnit,
  parseFeatures,
  type Token,
} from "@app/contracts";
import { apiRequest, setToken } from "../../../lib/api-client";

export type Shop = {
  module: Module;
  productionUnit: ProductionUnit;
  settings: AppSettings;
  languages: Languages;
  openingHours: HoursToday;
  isDownForMaintenance: boolean;
};

/**
 * App start of SPEC §4: find the module by host name, authenticate with its production unit,
 * then load module, production unit, settings, languages and the maintenance flag in parallel.
 */
export async function loadShop(hostname: string): Promise<Shop> {
  const found = await apiRequest<Module>("GET", `/api/module/domain/${encodeURIComponent(hostname)}`);
  const { token } = await apiRequest<Token>("GET", `/api/token/${found.productionUnitId}`);
  setToken(token);
  const [module, productionUnit, frontend, languages, openingHours, maintenance] = await Promise.all([
    apiRequest<Module>("GET", `/api/module/${found.id}/module`),
    apiRequest<ProductionUnit>("GET", `/api/productionunit/${found.productionUnitId}`),
    apiRequest<FrontendSettings>("GET", `/api/frontend/module/${found.id}`),
    apiRequest<Languages>("GET", "/api/language"),
    apiRequest<HoursToday>("GET", `/api/productionunit/${found.productionUnitId}/OpeningHour/v2/today`),
    apiRequest<MaintenanceMode>("GET", "/static/maintenanceMode.json").catch(() => ({ isDownForMaintenance: false })),
  ]);
  if (!module.isVisible) throw new Error("The module is not visible");
  return {
    module,
    productionUnit,
    settings: parseFeatures(frontend.features),
    languages,
    openingHours,
    isDownForMaintenance: maintenance.isDownForMaintenance,
  };
}
