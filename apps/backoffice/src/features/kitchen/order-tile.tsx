/**
 * One accepted order on the kitchen display: its receipt number, ready time and timer (on time, due soon, late:
 * words and an icon as well as the colour), each line large enough to read at arm's length, each a button that
 * strikes it through, and a full-width Ready button. A tap anywhere else on the tile bumps it too (the Ready
 * button is the keyboard's and the screen reader's way).
 */
import type { AdminOrder } from "@app/contracts";
import { type MouseEvent, useRef } from "react";
import { useTranslation } from "react-i18next";
import { clockTime } from "../../lib/clock";
import { useFocusKeptInList } from "../../lib/use-focus-kept-in-list";
import { tileTiming } from "./tile-timing";

type Props = {
  order: AdminOrder;
  now: Date;
  timeZone: string;
  struck: number[];
  busy: boolean;
  onToggleLine: (line: number) => void;
  onBump: () => void;
};

/** Shapes every system font has (no emoji): the words beside them carry the meaning. */
const TIMING_ICON = { "on-time": "◷", "due-soon": "◔", late: "⚠" } as const;

export function OrderTile({ order, now, timeZone, struck, busy, onToggleLine, onBump }: Props) {
  const { t } = useTranslation();
  const timing = tileTiming(order.readyTime, now);
  const titleId = `tile-${order.id}`;
  const tile = useRef<HTMLElement>(null);
  // Bumped, the tile leaves: the bump bar's next press is for the tile that took its place (Recall when none is left).
  useFocusKeptInList(tile, { key: order.id, target: ".bump", fallback: ".kitchen-buttons .button" });
  const bumpFromTile = (event: MouseEvent<HTMLElement>) => {
    // Only a tap on the tile itself: a tap on an item strikes it, the Ready button bumps on its own.
    if ((event.target as HTMLElement).closest("button")) return;
    onBump();
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the tile's tap is a shortcut for touch; the Ready button inside is the keyboard's way
    <article
      ref={tile}
      data-focus-key={order.id}
      className={`tile ${timing.state}`}
      aria-labelledby={titleId}
      onClick={bumpFromTile}
    >
      <header className="tile-head">
        <h2 id={titleId} className="tile-number">
          <span className="visually-hidden">{t("kitchen.order")} </span>#{order.receiptNumber}
        </h2>
        <p className="tile-ready">
          <span className="visually-hidden">{t("kitchen.readyAt")} </span>
          {clockTime(order.readyTime, timeZone)}
        </p>
        <p className={`timer ${timing.state}`}>
          <span aria-hidden="true">{TIMING_ICON[timing.state]}</span>{" "}
          {t(`kitchen.timing.${timing.state}`, { count: timing.minutes })}
        </p>
        {order.guest.name && <p className="tile-guest">{order.guest.name}</p>}
        {order.delivery && <p className="tile-delivery">{t("kitchen.delivery")}</p>}
        {order.refundedInFull && (
          <p className="tile-refunded">
            <span className="badge refunded">{t("kitchen.refunded")}</span>
          </p>
        )}
      </header>
      <ul className="tile-lines">
        {order.lines.map((line, index) => {
          const done = struck.includes(index);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a line's place in its order is its identity (the same product can be on two lines)
            <li key={index}>
              <button
                type="button"
                className={done ? "line done" : "line"}
                aria-pressed={done}
                onClick={() => onToggleLine(index)}
              >
                <span className="line-main">
                  <span className="line-amount">{line.amount} ×</span> {line.name}
                </span>
                {line.choices.length > 0 && (
                  <span className="tile-choices">
                    {line.choices
                      .map((choice) => (choice.amount > 1 ? `${choice.amount} × ${choice.name}` : choice.name))
                      .join(", ")}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {order.comment && (
        <p className="tile-comment">
          <span className="tile-comment-label">{t("kitchen.comment")}</span> {order.comment}
        </p>
      )}
      <button type="button" className="button primary bump" aria-disabled={busy || undefined} onClick={onBump}>
        {t("kitchen.bump", { number: order.receiptNumber })}
      </button>
    </article>
  );
}
