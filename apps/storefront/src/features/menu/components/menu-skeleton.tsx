import { useTranslation } from "react-i18next";
import "./menu.css";

/** Grey blocks shaped like the product list while the menu loads, so nothing jumps when it arrives. */
export function MenuSkeleton({ cards = 4, layout = "rows" }: { cards?: number; layout?: "rows" | "grid" }) {
  const { t } = useTranslation();
  return (
    <div className="product-skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">{t("Spinner.Loading")}</span>
      <div className="product-skeleton-title skeleton" aria-hidden="true" />
      <ul className={`product-list product-list-${layout}`} aria-hidden="true">
        {Array.from({ length: cards }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder
          <li key={index} className="product-list-item">
            <div className="product-card product-skeleton-card">
              <div className="product-media">
                <div className="product-skeleton-image skeleton" />
              </div>
              <div className="product-body">
                <div className="product-skeleton-line skeleton" />
                <div className="product-skeleton-line product-skeleton-line-short skeleton" />
                <div className="product-skeleton-line product-skeleton-line-button skeleton" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
