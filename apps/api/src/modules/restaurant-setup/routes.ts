import {
  CreateRestaurantRequest,
  EditConflict,
  ErrorBody,
  LOGO_MAX_BYTES,
  OrganisationParams,
  Restaurant,
  RestaurantList,
  RestaurantParams,
  UpdateRestaurantRequest,
} from "@app/contracts";
import type { Api, Deps, RouteModule } from "../../deps";
import { requestDeps } from "../../deps";
import { invalid } from "../../errors";
import { acceptImageBodies } from "../../shared/image-body";
import { StaleSection } from "../../shared/section-version";
import {
  ADMIN_TAGS,
  EVERY_ROLE,
  MANAGERS,
  OWNERS,
  requireOrganisation,
  requireRestaurant,
  signedInStaff,
} from "../staff";
import { createRestaurant } from "./create-restaurant";
import { listRestaurants, readRestaurant } from "./read-restaurant";
import { imageTooLarge, setLogo } from "./set-logo";
import { updateRestaurant } from "./update-restaurant";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * Restaurants in the back office: every member lists the restaurants their memberships cover (staff need the
 * names for the order screen); owners and managers read a restaurant whole; owners create restaurants and edit
 * their details; owners and managers edit settings, terms, maintenance and the logo.
 */
export const restaurantSetupRoutes: RouteModule = (admin, deps) => {
  listRoute(admin, deps);
  readRoute(admin, deps);
  createRoute(admin, deps);
  updateRoute(admin, deps);
  void admin.register(async (scope) => logoRoutes(scope as Api, deps));
};

function listRoute(admin: Api, { db }: Deps) {
  admin.get(
    "/restaurants",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "The restaurants the signed-in account's memberships cover (every role)",
        response: { 200: RestaurantList, 401: ErrorBody },
      },
    },
    async (request) => {
      const staff = signedInStaff(request);
      const covered = staff.memberships.filter((m) => EVERY_ROLE.includes(m.role)).flatMap((m) => m.productionUnitIds);
      return { restaurants: await listRestaurants(db, [...new Set(covered)]) };
    },
  );
}

function readRoute(admin: Api, { db }: Deps) {
  admin.get(
    "/restaurants/:restaurantId",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary:
          "A restaurant whole: details, host names, settings (with the spec's defaults), logo, maintenance, terms",
        description: "Owners and managers of the restaurant; staff get 403, anyone outside its organisation 404.",
        params: RestaurantParams,
        response: { 200: Restaurant, ...errors },
      },
    },
    async (request) => {
      requireRestaurant(signedInStaff(request), request.params.restaurantId, MANAGERS);
      return readRestaurant(db, request.params.restaurantId);
    },
  );
}

function createRoute(admin: Api, deps: Deps) {
  admin.post(
    "/organisations/:organisationId/restaurants",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Create a restaurant of the organisation, ready to sell (owners)",
        description:
          "One click-and-collect module on the host names, an empty active menu, TEST MODE payments, 10 items " +
          "per pickup slot, open every day 11–21, receipts from 1001, the spec's default settings. 409 " +
          "Input.HostTaken (field hosts.N) when another restaurant answers on a host.",
        params: OrganisationParams,
        body: CreateRestaurantRequest,
        response: { 201: Restaurant, ...errors, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const staff = signedInStaff(request);
      requireOrganisation(staff, request.params.organisationId, OWNERS);
      const created = await createRestaurant(
        requestDeps(deps, request),
        staff,
        request.params.organisationId,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );
}

function updateRoute(admin: Api, deps: Deps) {
  admin.put(
    "/restaurants/:restaurantId",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary:
          "Replace sections of a restaurant: details (owners), settings, service, terms, maintenance (owners, managers)",
        description:
          "Sections left out stay as they are. Each section sent replaces that section whole and needs its " +
          "version as read (the GET's `versions`) in `versions` (400 on versions.<section> without it). When " +
          "someone saved one of the sections since, 409 EditConflict names who and when, and nothing is " +
          "written. 400 Input.LowContrast (field settings.primaryColor) when white text on the colour is below " +
          "4.5:1; 409 Input.HostTaken (field details.hosts.N) in the ErrorBody form.",
        params: RestaurantParams,
        body: UpdateRestaurantRequest,
        response: { 200: Restaurant, ...errors, 409: EditConflict.or(ErrorBody) },
      },
    },
    async (request, reply) => {
      try {
        return await updateRestaurant(
          requestDeps(deps, request),
          signedInStaff(request),
          request.params.restaurantId,
          request.body,
        );
      } catch (error) {
        // A stale section is answered with the EditConflict body (not the `{ errors }` of AppError).
        if (error instanceof StaleSection) return reply.status(409).send(error.answer);
        throw error;
      }
    },
  );
}

/** The logo's bytes are the body (shared/image-body.ts), up to LOGO_MAX_BYTES. */
async function logoRoutes(scope: Api, deps: Deps) {
  acceptImageBodies(scope, LOGO_MAX_BYTES, imageTooLarge);
  scope.post(
    "/restaurants/:restaurantId/logo",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Upload the logo: PNG, JPEG or WebP, at most 2 MB, as the request body (owners, managers)",
        description:
          "Send the file's bytes with Content-Type application/octet-stream or image/*. The bytes decide: 400 " +
          "Input.InvalidImage for anything but a PNG, JPEG or WebP with a readable size (an SVG, a renamed " +
          "file), 413 for a body over 2 MB, 422 Input.ImageTooManyPixels over 4 megapixels (e.g. 2000 × 2000).",
        params: RestaurantParams,
        response: { 200: Restaurant, ...errors, 413: ErrorBody, 415: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const body: unknown = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw invalid("Input.InvalidImage", "Send the image's bytes as the body (application/octet-stream)", "logo");
      }
      return setLogo(requestDeps(deps, request), signedInStaff(request), request.params.restaurantId, body);
    },
  );
  scope.delete(
    "/restaurants/:restaurantId/logo",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Remove the logo (owners, managers)",
        params: RestaurantParams,
        response: { 200: Restaurant, ...errors },
      },
    },
    async (request) => setLogo(requestDeps(deps, request), signedInStaff(request), request.params.restaurantId, null),
  );
}
