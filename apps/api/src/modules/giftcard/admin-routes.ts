import {
  EditConflict,
  ErrorBody,
  GiftcardDetail,
  GiftcardList,
  GiftcardListQuery,
  GiftcardParams,
  GiftcardView,
  IssueGiftcard,
  RestaurantParams,
  SetActive,
} from "@app/contracts";
import { type Api, type Deps, type RouteModule, requestDeps } from "../../deps";
import { ADMIN_TAGS, signedInStaff } from "../staff";
import { issueGiftcard, setGiftcardActive } from "./manage-giftcards";
import { readGiftcard, readGiftcards } from "./read-giftcards";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** The back office's gift cards (issue 45, point 5): manager or owner of the restaurant. */
export const giftcardAdminRoutes: RouteModule = (admin, deps) => {
  readRoutes(admin, deps);
  writeRoutes(admin, deps);
};

function readRoutes(admin: Api, { db }: Deps) {
  admin.get(
    "/restaurants/:restaurantId/giftcards",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "The restaurant's gift cards, newest first (at most 200), searched by part of the code",
        params: RestaurantParams,
        querystring: GiftcardListQuery,
        response: { 200: GiftcardList, ...errors },
      },
    },
    async (request, reply) => {
      // The codes are money: no cache keeps them.
      reply.header("cache-control", "no-store");
      return readGiftcards(db, signedInStaff(request), request.params.restaurantId, request.query.search);
    },
  );
  admin.get(
    "/restaurants/:restaurantId/giftcards/:giftcardId",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "A gift card, its balance and its ledger (issued, spent, returned, refunded, adjusted)",
        params: GiftcardParams,
        response: { 200: GiftcardDetail, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return readGiftcard(db, signedInStaff(request), request.params);
    },
  );
}

function writeRoutes(admin: Api, deps: Deps) {
  admin.post(
    "/restaurants/:restaurantId/giftcards",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Issue a gift card with an amount and a random code",
        description:
          "The code is 16 characters of an alphabet without look-alikes, in groups of four, drawn from the " +
          "operating system's random source; validUntil is the restaurant's local date (valid to its end).",
        params: RestaurantParams,
        body: IssueGiftcard,
        response: { 201: GiftcardView, ...errors },
      },
    },
    async (request, reply) => {
      const staff = signedInStaff(request);
      const card = await issueGiftcard(requestDeps(deps, request), staff, request.params.restaurantId, request.body);
      return reply.code(201).header("cache-control", "no-store").send(card);
    },
  );
  admin.put(
    "/restaurants/:restaurantId/giftcards/:giftcardId/active",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Switch a gift card off or on",
        description:
          "A deactivated card keeps its balance but pays nothing: guests are told it cannot be verified (422 " +
          "Giftcard.Generic), and a payment under way that names it is refused. `version` as for every save (409 " +
          "EditConflict when stale).",
        params: GiftcardParams,
        body: SetActive,
        response: { 200: GiftcardView, ...errors, 409: EditConflict },
      },
    },
    async (request, reply) => {
      const staff = signedInStaff(request);
      const result = await setGiftcardActive(requestDeps(deps, request), staff, request.params, request.body);
      return "conflict" in result ? reply.code(409).send(result.conflict) : result.saved;
    },
  );
}
