import type { Label, Product } from "@app/contracts";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
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
  const { product, labels, blocked, blockedChoiceIds, language, count, onSetCount, onAdd, pending } = props;
  const { t } = useTranslation();
  const id = useId();
  const name = translate(product.name, language);
  const subtitle = translate(product.subtitle, language);
  const description = translate(product.description, language);
  const hasOptions = product.modifiers.length > 0 && !blocked;
  const panel = useProductPanel(t("Product.Added", { name }));
  const image = <ProductImage product={product} eager={props.eager} />;

  return (
    <article
      className={`product-card${blocked ? " product-card-blocked" : ""}${panel.open ? " product-card-open" : ""}`}
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
      {product.imageUrl ? (
        <div className="product-media">
          {hasOptions ? <ImageButton panel={panel} name={name} image={image} /> : image}
        </div>
      ) : null}
      <div className="product-footer">
        <ProductPrice product={product} language={language} />
        <div className="product-actions">
          {blocked ? (
            <p className="product-blocked">{t("Product.Blocked")}</p>
          ) : hasOptions ? (
            <OptionsButton panel={panel} name={name} panelId={`${id}-panel`} />
          ) : (
            <Counter value={count} onChange={onSetCount} name={name} />
          )}
        </div>
      </div>
      <div ref={panel.panelRef} className="product-panel">
        {panel.open ? (
          <ModifierPanel
            id={`${id}-panel`}
            product={product}
            blockedChoiceIds={blockedChoiceIds}
            language={language}
            onAdd={onAdd}
            pending={pending}
            onAdded={panel.added}
          />
        ) : null}
      </div>
      <p className="visually-hidden" role="status">
        {panel.announcement}
      </p>
    </article>
  );
}

type ProductPanel = ReturnType<typeof useProductPanel>;

/** The card's modifier panel: open or closed, where the page scrolls on opening, and what is announced. */
function useProductPanel(addedMessage: string) {
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const optionsButtonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const scrollOnOpen = useRef<"offset" | "reveal" | null>(null);

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
    setAnnouncement(addedMessage);
    optionsButtonRef.current?.focus();
  };

  return { open, toggle, added, announcement, optionsButtonRef, panelRef };
}

/** The picture, blank until the app has painted (lib/first-paint.ts says why). */
function ProductImage({ product, eager }: { product: ProductCardProps["product"]; eager: boolean | undefined }) {
  const painted = useAppHasPainted();
  if (!product.imageUrl) return null;
  return (
    <img
      className="product-image"
      src={painted ? product.imageUrl : BLANK_IMAGE}
      alt=""
      width={PRODUCT_IMAGE_SIZE.width}
      height={PRODUCT_IMAGE_SIZE.height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}

/** With options, the picture opens the panel too (SPEC §2), and the page scrolls to it. */
function ImageButton({ panel, name, image }: { panel: ProductPanel; name: string; image: ReactNode }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="product-image-button"
      aria-label={t(panel.open ? "Product.HideOptions" : "Product.ShowOptions", { name })}
      onClick={() => panel.toggle("image")}
    >
      {image}
    </button>
  );
}

function OptionsButton({ panel, name, panelId }: { panel: ProductPanel; name: string; panelId: string }) {
  const { t } = useTranslation();
  return (
    <button
      ref={panel.optionsButtonRef}
      type="button"
      className="product-options-button"
      // The visible text first, then whose options (WCAG 2.5.3: the name contains what is seen).
      aria-label={`${t("Product.Options")}: ${name}`}
      aria-expanded={panel.open}
      aria-controls={panel.open ? panelId : undefined}
      onClick={() => panel.toggle("button")}
    >
      {t("Product.Options")}
      <span className="product-options-chevron" aria-hidden="true" />
    </button>
  );
}
