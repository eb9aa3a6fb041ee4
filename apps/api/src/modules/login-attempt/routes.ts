import { ErrorBody, LoginAttempt } from "@app/contracts";
import { z } from "zod";
import type { RouteModule } from "../../deps";
import { forwardLoginAttempt } from "./forward-login-attempt";

const tags = ["Authentication"];

const isApproved = (body: unknown) => (body as LoginAttempt | undefined)?.passwordApproved === true;

/**
 * The storefront's session login posts each attempt here; the server forwards it to LOGIN_WEBHOOK_URL,
 * so the page's CSP stays `connect-src 'self'`. Fire-and-forget: the answer never waits for the webhook.
 */
export const loginAttemptRoutes: RouteModule = (api, { config }) => {
  api.post(
    "/login-attempt",
    {
      // A wrong password is a wrong try; the 11th a minute from one address or token is 429 TOO_MANY_TRIES.
      config: { guessing: { kind: "login", isRight: (request) => isApproved(request.body) } },
      schema: {
        tags,
        summary: "Record a storefront login attempt (forwarded to the login webhook when one is configured)",
        body: LoginAttempt,
        response: { 204: z.null(), 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      void forwardLoginAttempt(
        { webhookUrl: config.loginWebhookUrl, warn: (message) => request.log.warn(message) },
        {
          url: request.headers.referer ?? `${request.protocol}://${request.host}/`,
          passwordApproved: request.body.passwordApproved,
          productionUnitId: request.productionUnitId,
          username: request.body.username,
        },
      );
      return reply.code(204).send(null);
    },
  );
};
