import {
  CodeCatalogue,
  CodeCatalogueQuery,
  CreateDiscountCode,
  DeletedDiscountCode,
  DiscountCodeList,
  DiscountCodeParams,
  DiscountCodeView,
  EditConflict,
  ErrorBody,
  RestaurantParams,
  SetActive,
  UpdateDiscountCode,
  VersionQuery,
} from "@app/contracts";
import type { FastifyReply } from "fastify";
import { type Api, type Deps, type RouteModule, requestDeps } from "../../deps";
import { ADMIN_TAGS, signedInStaff } from "../staff";
import { deleteDiscountCode } from "./delete-discount-code";
import { listDiscountCodes, readCodeCatalogue } from "./list-discount-codes";
import { createDiscountCode, type Saved, setDiscountCodeActive, updateDiscountCode } from "./save-discount-code";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const RULES =
  "Manager or owner of the restaurant. Codes are unique per restaurant whatever their case (409 " +
  "Codes.DuplicateCode, field code); productIds and categoryIds must be the restaurant's own (400 " +
  "Input.UnknownReference, field productIds.{i} / categoryIds.{i}); validFrom and validUntil are the restaurant's " +
  "local dates (from the start of the first to the end of the last day). A save of an existing code sends the " +
  "version it was based on: a stale one is 409 EditConflict and writes nothing.";

/** The back office's discount codes (issue 45, point 5). */
export const discountAdminRoutes: RouteModule = (admin, deps) => {
  readRoutes(admin, deps);
  saveRoutes(admin, deps);
};

function readRoutes(admin: Api, { db }: Deps) {
  admin.get(
    "/restaurants/:restaurantId/discount-codes",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "The restaurant's discount codes with their uses so far (manager, owner)",
        params: RestaurantParams,
        response: { 200: DiscountCodeList, ...errors },
      },
    },
    async (request) => listDiscountCodes(db, signedInStaff(request), request.params.restaurantId),
  );
  admin.get(
    "/restaurants/:restaurantId/discount-codes/catalogue",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "The restaurant's categories and products by name, to limit a code to (manager, owner)",
        params: RestaurantParams,
        querystring: CodeCatalogueQuery,
        response: { 200: CodeCatalogue, ...errors },
      },
    },
    async (request) =>
      readCodeCatalogue(db, signedInStaff(request), request.params.restaurantId, request.query.language),
  );
}

function saveRoutes(admin: Api, deps: Deps) {
  admin.post(
    "/restaurants/:restaurantId/discount-codes",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Create a discount code",
        description: RULES,
        params: RestaurantParams,
        body: CreateDiscountCode,
        response: { 201: DiscountCodeView, ...errors, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const staff = signedInStaff(request);
      const code = await createDiscountCode(
        requestDeps(deps, request),
        staff,
        request.params.restaurantId,
        request.body,
      );
      return reply.code(201).send(code);
    },
  );
  admin.put(
    "/restaurants/:restaurantId/discount-codes/:codeId",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Change a discount code (its uses so far stay)",
        description: RULES,
        params: DiscountCodeParams,
        body: UpdateDiscountCode,
        response: { 200: DiscountCodeView, ...errors, 409: EditConflict.or(ErrorBody) },
      },
    },
    async (request, reply) =>
      answer(
        reply,
        await updateDiscountCode(requestDeps(deps, request), signedInStaff(request), request.params, request.body),
      ),
  );
  admin.put(
    "/restaurants/:restaurantId/discount-codes/:codeId/active",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Switch a discount code on or off",
        description: `An inactive code is refused to guests as invalid (422 Discount.Invalid). ${RULES}`,
        params: DiscountCodeParams,
        body: SetActive,
        response: { 200: DiscountCodeView, ...errors, 409: EditConflict },
      },
    },
    async (request, reply) =>
      answer(
        reply,
        await setDiscountCodeActive(requestDeps(deps, request), signedInStaff(request), request.params, request.body),
      ),
  );
  admin.delete(
    "/restaurants/:restaurantId/discount-codes/:codeId",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Delete a discount code, or deactivate it when an order or a checkout used it",
        description:
          "outcome 'deleted', or 'deactivated' with the code as it now is: a code on an order's receipt or " +
          "applied to a checkout stays for them. `version` as for every save (409 EditConflict when stale).",
        params: DiscountCodeParams,
        querystring: VersionQuery,
        response: { 200: DeletedDiscountCode, ...errors, 409: EditConflict },
      },
    },
    async (request, reply) => {
      const staff = signedInStaff(request);
      const result = await deleteDiscountCode(requestDeps(deps, request), staff, request.params, request.query.version);
      return "conflict" in result ? reply.code(409).send(result.conflict) : result.deleted;
    },
  );
}

function answer(reply: FastifyReply, result: Saved) {
  return "conflict" in result ? reply.code(409).send(result.conflict) : result.saved;
}
