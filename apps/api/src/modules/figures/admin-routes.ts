import { EndOfDayQuery, EndOfDayReport, ErrorBody, Figures, FiguresQuery, RestaurantParams } from "@app/contracts";
import { z } from "zod";
import type { Api, Deps, RouteModule } from "../../deps";
import { ADMIN_TAGS, MANAGERS, requireRestaurant, signedInStaff } from "../staff";
import { type CsvKind, exportCsv } from "./export-csv";
import { readEndOfDay, readFigures } from "./read-figures";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };

const RANGE_DESCRIPTION =
  "`from` and `to` are the restaurant's local days (its time zone; a day of a daylight-saving change has 23 or 25 " +
  "hours), `to` included; without them, today. At most 366 days (else 422 Input.Invalid, field to). What each " +
  "figure counts: docs/decisions/037-figures.md.";

/** The restaurant's figures (issue 45): read only, for managers and owners. */
export const figuresAdminRoutes: RouteModule = (admin, deps) => {
  getFiguresRoute(admin, deps);
  getEndOfDayRoute(admin, deps);
  getCsvRoute(admin, deps, "orders");
  getCsvRoute(admin, deps, "lines");
};

function getFiguresRoute(admin: Api, { db, now }: Deps) {
  admin.get(
    "/restaurants/:restaurantId/figures",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Orders, sales, refunds, discounts, gift cards, by hour, top products and by payment method",
        description: RANGE_DESCRIPTION,
        params: RestaurantParams,
        querystring: FiguresQuery,
        response: { 200: Figures, ...errors },
      },
    },
    async (request) => {
      requireRestaurant(signedInStaff(request), request.params.restaurantId, MANAGERS);
      return readFigures(db, request.params.restaurantId, now(), request.query);
    },
  );
}

function getEndOfDayRoute(admin: Api, { db, now }: Deps) {
  admin.get(
    "/restaurants/:restaurantId/figures/end-of-day",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "The end-of-day report: one local day's figures with the restaurant's name, address and CVR",
        params: RestaurantParams,
        querystring: EndOfDayQuery,
        response: { 200: EndOfDayReport, ...errors },
      },
    },
    async (request) => {
      requireRestaurant(signedInStaff(request), request.params.restaurantId, MANAGERS);
      return readEndOfDay(db, request.params.restaurantId, now(), request.query.date);
    },
  );
}

function getCsvRoute(admin: Api, { db, now }: Deps, kind: CsvKind) {
  admin.get(
    `/restaurants/:restaurantId/figures/${kind}.csv`,
    {
      schema: {
        tags: ADMIN_TAGS,
        summary:
          kind === "orders"
            ? "The range's orders as CSV, one row per order (rejected ones too, marked not counted)"
            : "The lines of the range's orders as CSV, one row per line",
        description: `${RANGE_DESCRIPTION} UTF-8 with a byte-order mark, comma-separated (RFC 4180), amounts as kroner with a dot, times on the restaurant's clock; text cells starting with = + - @ are prefixed with '.`,
        params: RestaurantParams,
        querystring: FiguresQuery,
        response: { 200: z.string().describe("text/csv"), ...errors },
      },
    },
    async (request, reply) => {
      requireRestaurant(signedInStaff(request), request.params.restaurantId, MANAGERS);
      const file = await exportCsv(db, request.params.restaurantId, now(), kind, request.query);
      return reply
        .header("cache-control", "no-store")
        .header("content-disposition", file.contentDisposition)
        .type("text/csv; charset=utf-8")
        .send(file.body);
    },
  );
}
