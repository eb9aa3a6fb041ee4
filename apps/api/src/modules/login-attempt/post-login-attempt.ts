import type { LoginAttemptWebhookBody } from "@app/contracts";

export type PostLoginAttemptDeps = {
  webhookUrl: string;
  fetch?: typeof globalThis.fetch;
  /** The webhook is a side channel: a slow one must not hold sockets open for long. */
  timeoutMs?: number;
};

/**
 * Posts one login attempt to the webhook of SPEC §7. Never rejects: the guest's login does not depend on
 * it. Resolves undefined when delivered, else what went wrong (for the problem report, not a log line each).
 */
export async function postLoginAttempt(
  deps: PostLoginAttemptDeps,
  body: LoginAttemptWebhookBody,
): Promise<string | undefined> {
  const send = deps.fetch ?? globalThis.fetch;
  try {
    const response = await send(deps.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(deps.timeoutMs ?? 3000),
    });
    await response.body?.cancel();
    return response.ok ? undefined : `answered ${response.status}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
