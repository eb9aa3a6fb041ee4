import {
  DomainParams,
  ErrorBody,
  HoursToday,
  IdParams,
  Module,
  ProductionUnit,
  Token,
  TokenParams,
} from "@app/contracts";
import { openingStatus } from "@app/domain";
import type { Api, Deps, RouteModule } from "../../deps";
import { notFound } from "../../errors";
import { ChangeBoundCache } from "../../shared/change-bound-cache";
import { normalizeHost } from "../../shared/normalize-host";
import { requireOwnModule, requireOwnProductionUnit } from "./access";
import { findClosedDates, findHours, findModuleByHost, findProductionUnit, type ModuleRow } from "./repository";
import { toModuleJson } from "./to-module-json";

const tags = ["Authentication, module, production unit"];

export const tenancyRoutes: RouteModule = (api, deps) => {
  findModuleByHostRoute(api, deps);
  issueTokenRoute(api, deps);
  getModuleRoute(api, deps);
  getProductionUnitRoute(api, deps);
  hoursTodayRoutes(api, deps);
};

function findModuleByHostRoute(api: Api, deps: Deps) {
  const { db } = deps;
  // Every page load of the storefront starts here: kept in memory until a module or host name changes.
  const modulesByHost = new ChangeBoundCache<ModuleRow | null>(deps.changes);
  api.get(
    "/module/domain/:domain",
    {
      config: { public: true, replay: true },
      schema: {
        tags,
        summary: "Find the active module served on a host name",
        security: [],
        params: DomainParams,
        response: { 200: Module, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const host = normalizeHost(request.params.domain);
      const found = await modulesByHost.get(host, async () => (await findModuleByHost(db, host)) ?? null);
      if (!found?.isActive) throw notFound("Module");
      return toModuleJson(found);
    },
  );
}

function issueTokenRoute(api: Api, deps: Deps) {
  const { db, tokens } = deps;
  api.get(
    "/token/:productionUnitId",
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Get a bearer token scoped to one production unit",
        security: [],
        params: TokenParams,
        response: { 200: Token, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const unit = await findProductionUnit(db, request.params.productionUnitId);
      if (!unit) throw notFound("Production unit");
      reply.header("cache-control", "no-store");
      return tokens.issue(unit.id);
    },
  );
}

function getModuleRoute(api: Api, deps: Deps) {
  const { db } = deps;
  // Read by every page load: kept until a module changes (a 404 is thrown, never kept).
  const ownModules = new ChangeBoundCache<ModuleRow>(deps.changes);
  api.get(
    "/module/:id/module",
    {
      config: { replay: true },
      schema: {
        tags,
        summary: "Get a module of the token's production unit",
        params: IdParams,
        response: { 200: Module, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const { id } = request.params;
      const found = await ownModules.get(`${id} ${request.productionUnitId}`, () =>
        requireOwnModule(db, id, request.productionUnitId),
      );
      return toModuleJson(found);
    },
  );
}

function getProductionUnitRoute(api: Api, deps: Deps) {
  const { db } = deps;
  api.get(
    "/productionunit/:id",
    {
      schema: {
        tags,
        summary: "Get the token's production unit",
        params: IdParams,
        response: { 200: ProductionUnit, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const unit = await requireOwnProductionUnit(db, request.params.id, request.productionUnitId);
      return {
        id: unit.id,
        name: unit.name,
        address: unit.address,
        zipCode: unit.zipCode,
        phone: unit.phone,
        receiptEmail: unit.receiptEmail,
        cvrNumber: unit.cvrNumber,
        timeZone: unit.timeZone,
      };
    },
  );
}

function hoursTodayRoutes(api: Api, deps: Deps) {
  const { db, now } = deps;
  for (const [path, kind, summary] of [
    ["/productionunit/:id/OpeningHour/v2/today", "opening", "Today's opening hours and whether it is open now"],
    ["/productionunit/:id/DeliveryHour/today", "delivery", "Today's delivery hours and whether delivery runs now"],
  ] as const) {
    api.get(
      path,
      {
        schema: {
          tags,
          summary,
          params: IdParams,
          response: { 200: HoursToday, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => {
        const unit = await requireOwnProductionUnit(db, request.params.id, request.productionUnitId);
        const [weekly, closedDates] = await Promise.all([findHours(db, unit.id, kind), findClosedDates(db, unit.id)]);
        const status = openingStatus(now(), unit.timeZone, weekly, closedDates);
        return {
          date: status.date,
          open: status.opens,
          close: status.closes,
          isOpen: status.isOpen,
          timeZone: unit.timeZone,
        };
      },
    );
  }
}
