import type { Label, Product } from "@app/contracts";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { CounterStep } from "../../../components/ui/counter";
import { isGridLayout } from "../menu-rules";
import type { AddLine } from "../modifier-selection";
import { preloadModifierPanel } from "./preload-modifier-panel";
import { ProductCard } from "./product-card";
import "./menu.css";

/** Cards whose images load at once: the first row of a grid, the first two of a list. */
const EAGER_IMAGES = { grid: 4, rows: 2 } as const;

export type ProductListProps = {
  /** The category's products (categoryProducts), sold-out ones included. */
  products: readonly Product[];
  labels: readonly Label[];
  blockedProductIds: ReadonlySet<number>;
  blockedChoiceIds: ReadonlySet<number>;
  language: string;
  /** Units of a product in the basket, for the counters of products without options. */
  countOf: (productId: number) => number;
  /** One unit of a product more or less (its counter's + or −). */
  onStep: (productId: number, step: CounterStep) => void;
  onAdd: (line: AddLine) => Promise<void>;
  /** A basket action is running. */
  pending: boolean;
};

/** SPEC §2: the products as a grid when the first has no option groups, else as a list. */
export function ProductList(props: ProductListProps) {
  const { products, labels, blockedProductIds, blockedChoiceIds, language, countOf, onStep, onAdd, pending } = props;
  const { t } = useTranslation();
  const labelsById = useMemo(() => new Map(labels.map((label) => [label.id, label])), [labels]);
  usePanelPreload(products.some((product) => product.modifiers.length > 0));
  if (products.length === 0) return <p className="product-empty">{t("MenuPage.NoProducts")}</p>;
  const layout = isGridLayout(products) ? "grid" : "rows";
  return (
    <ul className={`product-list product-list-${layout}`} aria-label={t("MenuPage.Products")}>
      {products.map((product, index) => (
        <li key={product.id} className="product-list-item">
          <ProductCard
            product={product}
            labels={product.labelIds.flatMap((labelId) => labelsById.get(labelId) ?? [])}
            blocked={blockedProductIds.has(product.id)}
            blockedChoiceIds={blockedChoiceIds}
            language={language}
            count={countOf(product.id)}
            onStep={(step) => onStep(product.id, step)}
            onAdd={onAdd}
            pending={pending}
            eager={index < EAGER_IMAGES[layout]}
          />
        </li>
      ))}
    </ul>
  );
}

/** With option panels on the page, their chunk is fetched once the browser is idle, so a first open is instant. */
function usePanelPreload(needed: boolean) {
  useEffect(() => {
    if (!needed) return;
    const load = () => void preloadModifierPanel().catch(() => {});
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(load, { timeout: 4000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(load, 2000);
    return () => window.clearTimeout(handle);
  }, [needed]);
}
