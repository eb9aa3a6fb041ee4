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
import { NotModified, REVALIDATE } from "../../plugins/answer-cache";
import { normalizeHost } from "../../shared/normalize-host";
import { orderingPauseAt } from "../warehouse";
import { requireOwnModule, requireOwnProductionUnit } from "./access";
import { findHoursRules, findModuleByHost, findProductionUnit } from "./repository";
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
  api.get(
    "/module/domain/:domain",
    {
      // Every page load of the storefront starts here: kept in memory (plugins/answer-cache.ts).
      config: { public: true, cache: REVALIDATE },
      schema: {
        tags,
        summary: "Find the active module served on a host name",
        security: [],
        params: DomainParams,
        response: { 200: Module, 304: NotModified, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const host = normalizeHost(request.params.domain);
      const found = await findModuleByHost(db, host);
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
  api.get(
    "/module/:id/module",
    {
      // Read by every page load: kept in memory (plugins/answer-cache.ts).
      config: { cache: REVALIDATE },
      schema: {
        tags,
        summary: "Get a module of the token's production unit",
        params: IdParams,
        response: { 200: Module, 304: NotModified, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      return toModuleJson(await requireOwnModule(db, request.params.id, request.productionUnitId));
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
        const at = now();
        const status = openingStatus(at, unit.timeZone, await findHoursRules(db, unit.id, kind));
        const pause = await orderingPauseAt(db, unit.id, at);
        return {
          date: status.date,
          open: status.opens,
          close: status.closes,
          isOpen: status.isOpen,
          timeZone: unit.timeZone,
          orderingPausedUntil: pause.pausedUntil?.toISOString() ?? null,
          busyMinutes: pause.busyMinutes,
        };
      },
    );
  }
}
