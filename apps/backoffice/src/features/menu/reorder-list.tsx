/**
 * An ordered list a person rearranges by dragging an entry's handle (a mouse) or with its move up/down buttons (a
 * keyboard, a finger, a screen reader). Every move is announced politely ("Burgers moved to place 2 of 5") and the
 * focus stays on the button that moved the entry, so pressing it again keeps moving the same entry.
 */
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Move, stepMove } from "./reorder";

export type ReorderEntry = { id: number; name: string; content: ReactNode };

export function ReorderList(props: {
  label: string;
  entries: ReorderEntry[];
  /** Saves the move (or applies it to a form); false when it was refused, and then nothing is announced. */
  onMove: (move: Move) => Promise<boolean> | boolean;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const [announcement, setAnnouncement] = useState("");
  const dragged = useRef<number | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const { entries } = props;

  const move = async (move: Move, focus?: "up" | "down") => {
    const entry = entries[move.from];
    if (!entry || props.busy) return;
    if (!(await props.onMove(move))) return;
    setAnnouncement(t("menu.order.moved", { name: entry.name, place: move.to + 1, count: entries.length }));
    if (focus) {
      // The moved entry's button, in its new row (or the other one where this one stops at the end).
      requestAnimationFrame(() => {
        const row = listRef.current?.querySelector<HTMLElement>(`[data-entry="${entry.id}"]`);
        const wanted = row?.querySelector<HTMLButtonElement>(`[data-move="${focus}"]:not([aria-disabled])`);
        (wanted ?? row?.querySelector<HTMLButtonElement>("[data-move]:not([aria-disabled])"))?.focus();
      });
    }
  };

  return (
    <>
      <ol className="reorder-list" aria-label={props.label} ref={listRef} aria-busy={props.busy || undefined}>
        {entries.map((entry, index) => {
          const up = stepMove(entries.length, index, -1);
          const down = stepMove(entries.length, index, 1);
          return (
            <li
              key={entry.id}
              data-entry={entry.id}
              className={dropTarget === index ? "reorder-row drop-target" : "reorder-row"}
              onDragOver={(event) => {
                if (dragged.current === null) return;
                event.preventDefault();
                setDropTarget(index);
              }}
              onDragLeave={() => setDropTarget((current) => (current === index ? null : current))}
              onDrop={(event) => {
                event.preventDefault();
                const from = dragged.current;
                dragged.current = null;
                setDropTarget(null);
                if (from !== null && from !== index) void move({ from, to: index });
              }}
            >
              {/* Only the handle starts a drag (the rows show where it drops): with the whole row draggable,
                  pressing in one of its fields and moving the mouse dragged the row instead of selecting the field's
                  text. */}
              <span
                className="drag-handle"
                aria-hidden="true"
                title={t("menu.order.drag")}
                draggable
                onDragStart={(event) => {
                  dragged.current = index;
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("text/plain", entry.name);
                }}
                onDragEnd={() => {
                  dragged.current = null;
                  setDropTarget(null);
                }}
              >
                ⠿
              </span>
              <span className="reorder-place" aria-hidden="true">
                {index + 1}
              </span>
              <div className="reorder-content">{entry.content}</div>
              <span className="reorder-buttons">
                <MoveButton direction="up" name={entry.name} disabled={!up} onClick={() => up && void move(up, "up")} />
                <MoveButton
                  direction="down"
                  name={entry.name}
                  disabled={!down}
                  onClick={() => down && void move(down, "down")}
                />
              </span>
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}

/** aria-disabled rather than disabled: a disabled button would drop the focus at the list's end. */
function MoveButton(props: { direction: "up" | "down"; name: string; disabled: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="button quiet move-button"
      data-move={props.direction}
      aria-disabled={props.disabled || undefined}
      aria-label={t(`menu.order.${props.direction}`, { name: props.name })}
      onClick={props.disabled ? undefined : props.onClick}
    >
      <span aria-hidden="true">{props.direction === "up" ? "↑" : "↓"}</span>
    </button>
  );
}
