import { APP_SETTING_NAMES, ErrorBody, FrontendSettings, IntId, LanguageCode, Languages, Terms } from "@app/contracts";
import { z } from "zod";
import type { RouteModule } from "../../deps";
import { NotModified, REVALIDATE } from "../../plugins/answer-cache";
import { chooseProvider } from "../payment";
import { requireOwnModule } from "../tenancy";
import { brandImageRoute } from "./brand-images";
import { getModuleSettings } from "./get-module-settings";
import { getModuleTerms } from "./get-module-terms";
import { findLanguages } from "./repository";
import { findUnitDefaultLanguage } from "./restaurant-flags";

const tags = ["Customer settings"];

export const settingsRoutes: RouteModule = (api, deps) => {
  const { db } = deps;
  brandImageRoute(api, deps);
  api.get(
    "/frontend/module/:moduleId",
    {
      // Read by every page load, changed by the restaurant now and then: kept in memory (plugins/answer-cache.ts).
      config: { cache: REVALIDATE },
      schema: {
        tags,
        summary: "Every app setting of the module as {name, value} with JSON-encoded values",
        description:
          "Beside the features, `paymentTestMode`: whether the module's online payments go where no money moves " +
          "(the built-in test provider, or a Stripe test key), for the storefront to say so before the guest pays.",
        params: z.object({ moduleId: IntId }),
        response: { 200: FrontendSettings, 304: NotModified, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const found = await requireOwnModule(db, request.params.moduleId, request.productionUnitId);
      // Both reads follow the change feed (payment_account notifies, migration 0016), as the cached answer does.
      const [settings, { testMode }] = await Promise.all([
        getModuleSettings(db, found.id),
        chooseProvider(deps, found),
      ]);
      return {
        moduleId: found.id,
        features: APP_SETTING_NAMES.map((name) => ({ name, value: JSON.stringify(settings[name]) })),
        paymentTestMode: testMode,
      };
    },
  );

  api.get(
    "/terms/:moduleId",
    {
      // Public text the restaurant edits now and then (module_terms notifies, migration 0011): kept in memory.
      config: { cache: REVALIDATE },
      schema: {
        tags,
        summary: "The module's terms of trade (handelsbetingelser) in each language, for the storefront's /terms page",
        description:
          "Sections of a heading and plain text (paragraphs split by a blank line) per language, da-DK first. " +
          "404 when the module is not the token's or the restaurant has written no terms; the storefront then " +
          "shows the terms setting's link, if any.",
        params: z.object({ moduleId: IntId }),
        response: { 200: Terms, 304: NotModified, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const found = await requireOwnModule(db, request.params.moduleId, request.productionUnitId);
      return getModuleTerms(db, found.id);
    },
  );

  api.get(
    "/language",
    {
      config: { cache: REVALIDATE },
      schema: {
        tags,
        summary: "The interface languages and the default one (the restaurant's own, else the server's)",
        response: { 200: Languages, 304: NotModified, 401: ErrorBody },
      },
    },
    async (request) => {
      const [rows, own] = await Promise.all([findLanguages(db), findUnitDefaultLanguage(db, request.productionUnitId)]);
      const languages = rows.flatMap((row) => {
        const code = LanguageCode.safeParse(row.code);
        return code.success ? [{ code: code.data, name: row.name }] : [];
      });
      const stored = LanguageCode.safeParse(rows.find((row) => row.isDefault)?.code);
      // The restaurant's own default (set in the back office) before the server's.
      return { defaultLanguage: own ?? (stored.success ? stored.data : "da-DK"), languages };
    },
  );
};
