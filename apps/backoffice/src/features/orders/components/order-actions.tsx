import type { AdminOrder } from "@app/contracts";
import { READY_TIME_STEPS } from "@app/domain";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ChangedElsewhere, changeKitchenStatus, type KitchenChange } from "../api/change-kitchen-status";
import { later } from "../format";
import { RejectDialog } from "./reject-dialog";
import { useClock } from "./restaurant-clock";

export type PrintKind = "ticket" | "receipt";

type Props = { order: AdminOrder; onPrint: (order: AdminOrder, kind: PrintKind) => void; printOnAccept: boolean };

/**
 * What can be done with the order now: accept at the guest's time or later, move the time, ready, picked up,
 * reject; print. When another screen changed it first, the server's answer (409) carries the order as it now
 * is: the card shows that, and says why.
 */
export function OrderActions({ order, onPrint, printOnAccept }: Props) {
  const { t } = useTranslation();
  const clockTime = useClock();
  const [rejecting, setRejecting] = useState(false);
  const change = useMutation({
    mutationFn: (what: KitchenChange) => changeKitchenStatus(order, what),
    onSuccess: (changed, what) => {
      if (what.action === "accept" && printOnAccept) onPrint(changed, "ticket");
    },
  });
  const send = (what: KitchenChange) => {
    if (!change.isPending) change.mutate(what);
  };
  const busy = change.isPending || undefined;
  const { kitchenStatus: status } = order;

  return (
    <div className="order-actions">
      {change.error && (
        <p className={change.error instanceof ChangedElsewhere ? "conflict" : "field-error"} role="alert">
          {change.error instanceof ChangedElsewhere ? t("orders.changedElsewhere") : t("orders.changeFailed")}
        </p>
      )}
      {status === "new" && (
        <fieldset className="action-row">
          <legend className="visually-hidden">{t("orders.accept")}</legend>
          <button
            type="button"
            className="button primary big"
            aria-disabled={busy}
            onClick={() => send({ action: "accept" })}
          >
            {t("orders.acceptAt", { time: clockTime(order.orderReadyTime) })}
          </button>
          <LaterSteps
            from={order.orderReadyTime}
            busy={busy}
            label={(minutes, time) => t("orders.acceptLater", { minutes, time })}
            onChoose={(readyTime) => send({ action: "accept", readyTime })}
          />
        </fieldset>
      )}
      {status === "accepted" && (
        <>
          <button
            type="button"
            className="button primary big"
            aria-disabled={busy}
            onClick={() => send({ action: "ready" })}
          >
            {t("orders.markReady")}
          </button>
          <fieldset className="action-row">
            <legend className="action-label">{t("orders.moveTime")}</legend>
            <LaterSteps
              from={order.readyTime}
              busy={busy}
              label={(minutes, time) => t("orders.moveLater", { minutes, time })}
              onChoose={(readyTime) => send({ action: "time", readyTime })}
            />
          </fieldset>
        </>
      )}
      {status === "ready" && (
        <button
          type="button"
          className="button primary big"
          aria-disabled={busy}
          onClick={() => send({ action: "picked-up" })}
        >
          {t("orders.markPickedUp")}
        </button>
      )}
      <div className="action-row order-tools">
        <button type="button" className="button" onClick={() => onPrint(order, "ticket")}>
          {t("orders.printTicket")}
        </button>
        <button type="button" className="button" onClick={() => onPrint(order, "receipt")}>
          {t("orders.printReceipt")}
        </button>
        {(status === "new" || status === "accepted") && (
          <button type="button" className="button danger" aria-disabled={busy} onClick={() => setRejecting(true)}>
            {t("orders.reject")}
          </button>
        )}
      </div>
      {rejecting && (
        <RejectDialog
          receiptNumber={order.receiptNumber}
          onCancel={() => setRejecting(false)}
          onReject={(reason, text) => {
            setRejecting(false);
            send({ action: "reject", reason, ...(text ? { text } : {}) });
          }}
        />
      )}
    </div>
  );
}

/** +5, +10, +15, +30: each button names the time it leads to, on the restaurant's clock. */
function LaterSteps(props: {
  from: string;
  busy: true | undefined;
  label: (minutes: number, time: string) => string;
  onChoose: (readyTime: string) => void;
}) {
  const clockTime = useClock();
  // One group, so the four share a row: beside "Later:" on a wide card, under it on a narrow one (never +30 alone).
  return (
    <div className="later-steps">
      {READY_TIME_STEPS.map((minutes) => {
        const readyTime = later(props.from, minutes);
        return (
          <button
            key={minutes}
            type="button"
            className="button step"
            aria-disabled={props.busy}
            aria-label={props.label(minutes, clockTime(readyTime))}
            onClick={() => props.onChoose(readyTime)}
          >
            +{minutes}
          </button>
        );
      })}
    </div>
  );
}
