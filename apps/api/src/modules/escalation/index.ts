/**
 * No order goes unseen (issue 44 §5): the escalation sweep and the sending of its alerts, run every 30 s by
 * app.ts while the server listens. Owner of staff_alert.
 */
import { type BackgroundRun, backgroundRun, runEvery } from "../../background-run";
import type { Deps } from "../../deps";
import type { AutoRejectedOrder } from "../kitchen";
import { createEmailSender, type SmsProvider } from "../receipt";
import { alertAutoRejected, type EscalationDeps, escalateMissingScreens, escalateUnseenOrders } from "./escalate";
import { type AlertSenders, deliverDueAlerts } from "./send-alerts";

export { NO_SCREEN_AFTER_MS, NO_SCREEN_REPEAT_MS, UNSEEN_REPEAT_MS } from "./escalate";

export const ESCALATION_INTERVAL_MS = 30_000;

export type EscalationService = BackgroundRun & {
  /** One sweep and send, awaited (tests drive it with a fixed clock). */
  sweep: () => Promise<{ unseen: number; noScreen: number; sent: number; failed: number }>;
  /** The kitchen's auto-reject tells of each order it rejected (app.ts wires it): alert, then send at once. */
  alertAutoRejected: (rejected: AutoRejectedOrder) => Promise<void>;
};

export function createEscalationService(
  deps: Pick<Deps, "db" | "now" | "log" | "config">,
  senders: { sms?: SmsProvider | null; email?: AlertSenders["email"] } = {},
): EscalationService {
  const sms = senders.sms ?? null;
  const full: EscalationDeps & AlertSenders = {
    db: deps.db,
    now: deps.now,
    log: deps.log,
    smsConfigured: sms !== null,
    email: senders.email ?? createEmailSender(deps.config),
    sms,
    backofficeUrl: deps.config.publicUrl ? `${deps.config.publicUrl.replace(/\/$/, "")}/admin/` : null,
  };
  const sweep = async () => {
    const unseen = await escalateUnseenOrders(full);
    const noScreen = await escalateMissingScreens(full);
    const { sent, failed } = await deliverDueAlerts(full);
    return { unseen, noScreen, sent, failed };
  };
  const run = backgroundRun(sweep, (error) => deps.log.error({ err: error }, "escalation sweep failed"));
  const alertRejected = async (rejected: AutoRejectedOrder) => {
    if (await alertAutoRejected(full, rejected)) run.kick();
  };
  return { ...run, sweep, alertAutoRejected: alertRejected };
}

/** Sweeps now and every 30 s (app.ts, while the server listens); answers the stop function. */
export function startEscalationLoop(
  service: EscalationService,
  intervalMs = ESCALATION_INTERVAL_MS,
): () => Promise<void> {
  return runEvery(service, intervalMs);
}
