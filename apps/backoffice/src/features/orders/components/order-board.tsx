import type { AdminOrder } from "@app/contracts";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMediaQuery } from "../../../lib/use-media-query";
import { BOARD_COLUMNS, type BoardColumn, boardColumns } from "../format";
import type { PrintKind } from "./order-actions";
import { OrderCard } from "./order-card";

type Props = { orders: AdminOrder[]; onPrint: (order: AdminOrder, kind: PrintKind) => void; printOnAccept: boolean };

/** The active orders: three columns side by side on a tablet; on a phone, one at a time as tabs with counts. */
export function OrderBoard(props: Props) {
  const wide = useMediaQuery("(min-width: 52rem)");
  const columns = boardColumns(props.orders);
  return wide ? <Columns columns={columns} {...props} /> : <Tabs columns={columns} {...props} />;
}

type ColumnsProps = Props & { columns: Record<BoardColumn, AdminOrder[]> };

function Columns({ columns, orders: _all, ...props }: ColumnsProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="board">
      {BOARD_COLUMNS.map((column) => (
        <section key={column} className={`board-column ${column}`} aria-labelledby={`${id}-${column}`}>
          <h2 id={`${id}-${column}`}>
            {t(`orders.column.${column}`)} <span className="count">{columns[column].length}</span>
          </h2>
          <OrderList orders={columns[column]} empty={t(`orders.empty.${column}`)} {...props} />
        </section>
      ))}
    </div>
  );
}

/** WAI-ARIA tabs: arrow keys move between them, Tab goes into the shown list. */
function Tabs({ columns, orders: _all, ...props }: ColumnsProps) {
  const { t } = useTranslation();
  const id = useId();
  const [selected, setSelected] = useState<BoardColumn>("new");
  const tabs = useRef<Record<string, HTMLButtonElement | null>>({});
  const move = (event: React.KeyboardEvent, index: number) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    const next = BOARD_COLUMNS[(index + step + BOARD_COLUMNS.length) % BOARD_COLUMNS.length] as BoardColumn;
    setSelected(next);
    tabs.current[next]?.focus();
  };
  return (
    <div className="board-tabs">
      <div role="tablist" aria-label={t("orders.columns")} className="tablist">
        {BOARD_COLUMNS.map((column, index) => (
          <button
            key={column}
            ref={(element) => {
              tabs.current[column] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${column}`}
            aria-selected={selected === column}
            aria-controls={`${id}-panel`}
            tabIndex={selected === column ? 0 : -1}
            onClick={() => setSelected(column)}
            onKeyDown={(event) => move(event, index)}
          >
            <span className="tab-label">{t(`orders.column.${column}`)}</span>{" "}
            <span className="count">{columns[column].length}</span>
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${selected}`}>
        <OrderList orders={columns[selected]} empty={t(`orders.empty.${selected}`)} {...props} />
      </div>
    </div>
  );
}

export function OrderList({ orders, empty, ...props }: Props & { empty: string }) {
  if (orders.length === 0) return <p className="muted empty">{empty}</p>;
  return (
    <ul className="order-list">
      {orders.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} {...props} />
        </li>
      ))}
    </ul>
  );
}
