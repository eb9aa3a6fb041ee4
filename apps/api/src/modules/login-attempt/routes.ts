import { ErrorBody, LoginAttempt } from "@app/contracts";
import { isSessionPasswordRight } from "@app/domain";
import { z } from "zod";
import type { RouteModule } from "../../deps";
import { createLoginWebhook } from "./login-webhook";

const tags = ["Authentication"];

/**
 * The storefront's session login posts each attempt here; the server forwards it to LOGIN_WEBHOOK_URL,
 * so the page's CSP stays `connect-src 'self'`. Fire-and-forget: the answer never waits for the webhook.
 *
 * The verdict forwarded is the server's (SPEC §4: the password equals the production unit id), not the
 * client's. Every attempt, right or wrong, counts against LOGIN_ATTEMPTS_PER_MINUTE per client address:
 * each one costs a call of someone else's webhook, and the password is no secret worth a guessing limit
 * (the shop's own pages name the production unit) (docs/decisions/027-rows-and-webhook-calls-bounded-per-client.md).
 */
export const loginAttemptRoutes: RouteModule = (api, { config, log }) => {
  const webhook = createLoginWebhook({
    webhookUrl: config.loginWebhookUrl,
    warn: ({ failed, dropped, lastProblem }) =>
      log.warn(
        { loginWebhook: { failed, dropped, lastProblem } },
        `login webhook: ${failed} attempts not delivered and ${dropped} dropped (queue full) since the last report` +
          (lastProblem ? `; last problem: ${lastProblem}` : ""),
      ),
  });
  api.addHook("onClose", () => webhook.close());
  api.post(
    "/login-attempt",
    {
      config: {
        clientLimit: { name: "login-attempt", perMinute: config.loginAttemptsPerMinute, by: ["address"] },
      },
      schema: {
        tags,
        summary: "Record a storefront login attempt (forwarded to the login webhook when one is configured)",
        description:
          "The server decides whether the password is right (it equals the token's production unit id) and " +
          `forwards that verdict as passwordApproved. At most ${config.loginAttemptsPerMinute} attempts a minute ` +
          "per client address, right or wrong: then 429 TOO_MANY_REQUESTS with Retry-After.",
        body: LoginAttempt,
        response: { 204: z.null(), 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      webhook.forward({
        url: request.headers.referer ?? `${request.protocol}://${request.host}/`,
        passwordApproved:
          request.body.password !== undefined &&
          isSessionPasswordRight(request.body.password, request.productionUnitId),
        productionUnitId: request.productionUnitId,
        username: request.body.username,
      });
      return reply.code(204).send(null);
    },
  );
};
