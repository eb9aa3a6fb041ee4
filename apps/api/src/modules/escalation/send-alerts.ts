/**
 * Sending staff alerts from the outbox (staff_alert rows the sweep wrote), as receipts are sent: claimed with a
 * lease so several processes never send one twice at once; a failed send stays pending with attempts + 1 and a
 * later next attempt (30 s, 1 min, 2 min, … at most 6 h), and is given up after 10 attempts (`failed`).
 */
import { isValidEmail } from "@app/domain";
import { findOrder } from "../order";
import type { EmailSender, SmsProvider } from "../receipt";
import { findUnitDefaultLanguage } from "../settings";
import { findProductionUnit } from "../tenancy";
import type { EscalationDeps } from "./escalate";
import { renderAlert } from "./render-alert";
import { claimDueAlerts, type StaffAlertRow, updateAlert } from "./repository";

export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 6 * 60 * 60_000;
const LEASE_MS = 5 * 60_000;
const BATCH = 20;

export type AlertSenders = { email: EmailSender; sms: SmsProvider | null; backofficeUrl: string | null };

export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** Sends every alert that is due now; answers how many were sent and how many failed this time. */
export async function deliverDueAlerts(deps: EscalationDeps & AlertSenders): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const at = deps.now();
    const claimed = await claimDueAlerts(deps.db, { at, limit: BATCH, leaseUntil: new Date(at.getTime() + LEASE_MS) });
    for (const alert of claimed) {
      if (await deliverOne(deps, alert)) sent++;
      else failed++;
    }
    if (claimed.length < BATCH) return { sent, failed };
  }
}

async function deliverOne(deps: EscalationDeps & AlertSenders, alert: StaffAlertRow): Promise<boolean> {
  try {
    const rendered = await render(deps, alert);
    if (alert.channel === "email") {
      if (!isValidEmail(alert.recipient)) throw new Error("The recipient is not one plain email address");
      await deps.email.send({
        outboxName: `staff-alert-${alert.id}`,
        to: alert.recipient,
        replyTo: null,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
      });
    } else {
      if (!deps.sms) throw new Error("No SMS provider is configured");
      // The outbox SMS provider names its file by orderId: an alert without an order goes by its own id.
      await deps.sms.send({
        orderId: alert.orderId ?? `staff-alert-${alert.id}`,
        to: alert.recipient,
        text: rendered.sms,
      });
    }
    await updateAlert(deps.db, alert.id, {
      status: "sent",
      sentAt: deps.now(),
      attempts: alert.attempts + 1,
      lastError: null,
    });
    return true;
  } catch (error) {
    const attempts = alert.attempts + 1;
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    await updateAlert(deps.db, alert.id, {
      status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
      attempts,
      lastError,
      nextAttemptAt: new Date(deps.now().getTime() + retryDelayMs(attempts)),
    });
    deps.log.warn({ staffAlertId: alert.id, kind: alert.kind, attempts, err: lastError }, "staff alert not sent");
    return false;
  }
}

async function render(deps: EscalationDeps & AlertSenders, alert: StaffAlertRow) {
  const unit = await findProductionUnit(deps.db, alert.productionUnitId);
  const order = alert.orderId ? await findOrder(deps.db, alert.orderId) : undefined;
  return renderAlert({
    kind: alert.kind,
    language: (await findUnitDefaultLanguage(deps.db, alert.productionUnitId)) ?? "da-DK",
    restaurantName: unit?.name ?? `#${alert.productionUnitId}`,
    receiptNumber: order?.receiptNumber ?? null,
    backofficeUrl: deps.backofficeUrl,
  });
}
