import { z } from "zod";

/**
 * The session login's attempt (SPEC §4, §7), as the storefront posts it to our API. The server decides
 * whether the password was right (it equals the production unit id) and forwards that verdict. A client
 * written from SPEC alone sends `passwordApproved` and no password: accepted, its claim ignored, and the
 * verdict forwarded is "not approved", since nothing shows the password was right.
 */
export const LoginAttempt = z
  .object({
    username: z.string().max(200),
    password: z.string().max(200).optional(),
    passwordApproved: z.boolean().optional(),
  })
  .meta({ id: "LoginAttempt" });
export type LoginAttempt = z.infer<typeof LoginAttempt>;

/**
 * What the server forwards to LOGIN_WEBHOOK_URL (SPEC §7: url, passwordApproved, productionUnitId, username);
 * passwordApproved is the server's verdict, never the client's.
 */
export type LoginAttemptWebhookBody = {
  url: string;
  passwordApproved: boolean;
  productionUnitId: number;
  username: string;
};
