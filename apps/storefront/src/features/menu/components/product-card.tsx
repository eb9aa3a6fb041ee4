import type { Label, Product } from "@app/contracts";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Counter } from "../../../components/ui/counter";
import { BLANK_IMAGE, useAppHasPainted } from "../../../lib/first-paint";
import { translate } from "../../../lib/i18n";
import type { AddLine } from "../modifier-selection";
import { revealElement, scrollToElement } from "../scroll-to";
import { ModifierPanel } from "./modifier-panel";
import { ProductLabels } from "./product-labels";
import { ProductPrice } from "./product-price";
import "./menu.css";

/** The image's box (4:3); CSS sizes it, these keep the layout from jumping while it loads. */
export const PRODUCT_IMAGE_SIZE = { width: 320, height: 240 } as const;

export type ProductCardProps = {
  product: Product;
  labels: readonly Label[];
  /** Sold out at the production unit: shown greyed, "Sold out", nothing to choose. */
  blocked: boolean;
  blockedChoiceIds: ReadonlySet<number>;
  language: string;
  /** Units of the product in the basket (its counter, for products without options). */
  count: number;
  onSetCount: (count: number) => void;
  onAdd: (line: AddLine) => Promise<void>;
  pending: boolean;
  /** Above the fold: the image loads at once instead of lazily. */
  eager?: boolean;
};

/**
 * SPEC §2's product card: name, subtitle, labels with an info popup, description, price, sale line,
 * then a counter (no options) or an options button opening the modifier panel.
 */
export function ProductCard(props: ProductCardProps) {
  const { product, labels, blocked, blockedChoiceIds, language, count, onSetCount, onAdd, pending, eager } = props;
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const painted = useAppHasPainted();
  const [announcement, setAnnouncement] = useState("");
  const optionsButtonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const scrollOnOpen = useRef<"offset" | "reveal" | null>(null);
  const name = translate(product.name, language);
  const subtitle = translate(product.subtitle, language);
  const description = translate(product.description, language);
  const hasOptions = product.modifiers.length > 0 && !blocked;

  // SPEC §2: opened from the image the page scrolls to the panel; from the button just enough to show it.
  useEffect(() => {
    const how = scrollOnOpen.current;
    scrollOnOpen.current = null;
    if (!open || !how || !panelRef.current) return;
    if (how === "offset") scrollToElement(panelRef.current);
    else revealElement(panelRef.current);
  }, [open]);

  const toggle = (from: "image" | "button") => {
    scrollOnOpen.current = open ? null : from === "image" ? "offset" : "reveal";
    setAnnouncement("");
    setOpen(!open);
  };

  const added = () => {
    setOpen(false);
    setAnnouncement(t("Product.Added", { name }));
    optionsButtonRef.current?.focus();
  };

  const image = product.imageUrl ? (
    <img
      className="product-image"
      src={painted ? product.imageUrl : BLANK_IMAGE}
      alt=""
      width={PRODUCT_IMAGE_SIZE.width}
      height={PRODUCT_IMAGE_SIZE.height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  ) : null;

  return (
    <article
      className={`product-card${blocked ? " product-card-blocked" : ""}${open ? " product-card-open" : ""}`}
      aria-labelledby={`${id}-name`}
    >
      <div className="product-body">
        <h2 id={`${id}-name`} className="product-name">
          {name}
        </h2>
        {subtitle ? <p className="product-subtitle">{subtitle}</p> : null}
        <ProductLabels labels={labels} language={language} />
        {description ? <p className="product-description">{description}</p> : null}
      </div>
      {image ? (
        <div className="product-media">
          {hasOptions ? (
            <button
              type="button"
              className="product-image-button"
              aria-label={t(open ? "Product.HideOptions" : "Product.ShowOptions", { name })}
              onClick={() => toggle("image")}
            >
              {image}
            </button>
          ) : (
            image
          )}
        </div>
      ) : null}
      <div className="product-footer">
        <ProductPrice product={product} language={language} />
        <div className="product-actions">
          {blocked ? (
            <p className="product-blocked">{t("Product.Blocked")}</p>
          ) : hasOptions ? (
            <button
              ref={optionsButtonRef}
              type="button"
              className="product-options-button"
              // The visible text first, then whose options (WCAG 2.5.3: the name contains what is seen).
              aria-label={`${t("Product.Options")}: ${name}`}
              aria-expanded={open}
              aria-controls={open ? `${id}-panel` : undefined}
              onClick={() => toggle("button")}
            >
              {t("Product.Options")}
              <span className="product-options-chevron" aria-hidden="true" />
            </button>
          ) : (
            <Counter value={count} onChange={onSetCount} name={name} />
          )}
        </div>
      </div>
      <div ref={panelRef} className="product-panel">
        {open ? (
          <ModifierPanel
            id={`${id}-panel`}
            product={product}
            blockedChoiceIds={blockedChoiceIds}
            language={language}
            onAdd={onAdd}
            pending={pending}
            onAdded={added}
          />
        ) : null}
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </article>
  );
}
