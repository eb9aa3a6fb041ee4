import {
  EditConflict,
  ErrorBody,
  OrganisationParams,
  PaymentAccountRequest,
  PaymentSettings,
  RemovePaymentAccountQuery,
} from "@app/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type Api, type Deps, type RouteModule, requestDeps } from "../../deps";
import { publicOrigin } from "../../shared/public-origin";
import { ADMIN_TAGS, OWNERS, requireOrganisation, signedInStaff } from "../staff";
import { readPaymentSettings } from "./read-payment-settings";
import { removePaymentAccount, StaleAccount, savePaymentAccount } from "./save-payment-account";

const PATH = "/organisations/:organisationId/payment-account";
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const changeErrors = { ...errors, 409: EditConflict.or(ErrorBody) };

const OWNERS_ONLY =
  "Owners of the organisation; managers and staff get 403, anyone outside it 404. Secrets are never answered: " +
  "the key's mode (from its prefix) and hint (prefix and last four characters) instead.";

/**
 * The organisation's own Stripe account (issue 46): the owner reads what is stored and the webhook to register,
 * stores a new secret key and webhook signing secret (sealed with SECRETS_KEY), or removes them.
 */
export const paymentAccountAdminRoutes: RouteModule = (admin, deps) => {
  readRoute(admin, deps);
  saveRoute(admin, deps);
  removeRoute(admin, deps);
};

function readRoute(admin: Api, deps: Deps) {
  admin.get(
    PATH,
    {
      schema: {
        tags: ADMIN_TAGS,
        summary:
          "The organisation's payment settings: provider, mode, key hint, webhook, restaurants' methods (owners)",
        description: OWNERS_ONLY,
        params: OrganisationParams,
        response: { 200: PaymentSettings, ...errors },
      },
    },
    async (request) => answerSettings(deps, request, request.params.organisationId),
  );
}

function saveRoute(admin: Api, deps: Deps) {
  admin.put(
    PATH,
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Store a Stripe secret key and webhook signing secret, replacing both (owners)",
        description:
          `${OWNERS_ONLY} The key's prefix decides the mode: sk_test_/rk_test_ test, sk_live_/rk_live_ live. ` +
          "`version` is the one read (null when there was no account); a stale one is 409 and writes nothing. " +
          "Versions never repeat: a new account's continue above those of the organisation's removed ones, so a " +
          "version read from a removed account is stale too. " +
          "Without SECRETS_KEY on the server: 503 SECRETS_KEY_MISSING. Stripe is asked whose key it is " +
          "(GET /v1/account) before anything is stored: a key Stripe refuses is 422 Payment.KeyRefused, a " +
          "restricted key that may not read the account 422 Payment.KeyCannotReadAccount (field secretKey), " +
          "Stripe not answering 503 Payment.StripeUnavailable.",
        params: OrganisationParams,
        body: PaymentAccountRequest,
        response: { 200: PaymentSettings, ...changeErrors, 422: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const { organisationId } = request.params;
      requireOrganisation(signedInStaff(request), organisationId, OWNERS);
      return answerChange(reply, async () => {
        await savePaymentAccount(requestDeps(deps, request), signedInStaff(request), organisationId, request.body);
        return answerSettings(deps, request, organisationId);
      });
    },
  );
}

function removeRoute(admin: Api, deps: Deps) {
  admin.delete(
    PATH,
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Remove the Stripe account: the restaurants pay through the built-in test provider again (owners)",
        description: `${OWNERS_ONLY} ?version= is the one read; a stale one is 409 and removes nothing.`,
        params: OrganisationParams,
        querystring: RemovePaymentAccountQuery,
        response: { 200: PaymentSettings, ...changeErrors },
      },
    },
    async (request, reply) => {
      const { organisationId } = request.params;
      requireOrganisation(signedInStaff(request), organisationId, OWNERS);
      return answerChange(reply, async () => {
        await removePaymentAccount(
          requestDeps(deps, request),
          signedInStaff(request),
          organisationId,
          request.query.version,
        );
        return answerSettings(deps, request, organisationId);
      });
    },
  );
}

function answerSettings(deps: Deps, request: FastifyRequest, organisationId: number) {
  const owner = requireOrganisation(signedInStaff(request), organisationId, OWNERS);
  const reader = { db: deps.db, secretsKey: deps.config.secretsKey, origin: publicOrigin(deps.config, request) };
  return readPaymentSettings(reader, organisationId, owner.productionUnitIds);
}

/** A stale change is answered 409 with the EditConflict body (not the `{ errors }` of AppError). */
async function answerChange<T>(reply: FastifyReply, change: () => Promise<T>) {
  try {
    return await change();
  } catch (error) {
    if (error instanceof StaleAccount) return reply.status(409).send(error.answer);
    throw error;
  }
}
