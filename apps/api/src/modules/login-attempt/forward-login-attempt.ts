import type { LoginAttemptWebhookBody } from "@app/contracts";

export type ForwardLoginAttemptDeps = {
  /** LOGIN_WEBHOOK_URL; unset: the attempt is not forwarded anywhere. */
  webhookUrl: string | undefined;
  fetch?: typeof globalThis.fetch;
  /** The webhook is a side channel: a slow one must not hold sockets open for long. */
  timeoutMs?: number;
  warn: (message: string) => void;
};

/**
 * Forwards a login attempt to the webhook of SPEC §7. Never rejects: the guest's login does not depend
 * on it, so a failing or slow webhook is logged and forgotten. Resolves whether it was delivered.
 */
export async function forwardLoginAttempt(
  deps: ForwardLoginAttemptDeps,
  body: LoginAttemptWebhookBody,
): Promise<boolean> {
  if (!deps.webhookUrl) return false;
  const send = deps.fetch ?? globalThis.fetch;
  try {
    const response = await send(deps.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(deps.timeoutMs ?? 3000),
    });
    if (!response.ok) deps.warn(`Login webhook answered ${response.status}`);
    return response.ok;
  } catch (error) {
    deps.warn(`Login webhook failed: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}
