import { z } from "zod";

/** The session login's attempt (SPEC §4, §7), as the storefront posts it to our API. */
export const LoginAttempt = z
  .object({
    username: z.string().max(200),
    passwordApproved: z.boolean(),
  })
  .meta({ id: "LoginAttempt" });
export type LoginAttempt = z.infer<typeof LoginAttempt>;

/** What the server forwards to LOGIN_WEBHOOK_URL (SPEC §7: url, passwordApproved, productionUnitId, username). */
export type LoginAttemptWebhookBody = {
  url: string;
  passwordApproved: boolean;
  productionUnitId: number;
  username: string;
};
