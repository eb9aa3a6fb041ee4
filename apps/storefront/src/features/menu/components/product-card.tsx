import type { Label, Product } from "@app/contracts";
import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Counter, type CounterStep } from "../../../components/ui/counter";
import { BLANK_IMAGE, useAppHasPainted } from "../../../lib/first-paint";
import { translate } from "../../../lib/i18n";
import { responsiveImage } from "../../../lib/menu-image";
import type { AddLine } from "../modifier-selection";
import { keepCardBelowHeader, revealWithin, scrollToElement } from "../scroll-to";
import { preloadModifierPanel } from "./preload-modifier-panel";
import { LabelInfoButton, ProductLabels } from "./product-labels";
import { ProductPrice } from "./product-price";
import "./menu.css";

/**
 * The option panel and what only it needs (the option pricing of @app/domain) load on first use: the menu's
 * first paint does without them (the first-load budget, apps/storefront/scripts/check-first-load.mjs).
 */
const ModifierPanel = lazy(() => preloadModifierPanel().then((module) => ({ default: module.ModifierPanel })));

/** The image's box (4:3); CSS sizes it, these keep the layout from jumping while it loads. */
export const PRODUCT_IMAGE_SIZE = { width: 320, height: 240 } as const;
/**
 * How wide the picture is shown (menu.css): a 7rem thumbnail beside the text, or a grid card's width (two
 * columns on a phone, 12rem and wider above 40rem).
 */
const PRODUCT_IMAGE_SIZES = "(min-width: 40rem) 16rem, 50vw";

export type ProductCardProps = {
  product: Product;
  labels: readonly Label[];
  /** Sold out at the production unit: shown greyed, "Sold out", nothing to choose. */
  blocked: boolean;
  blockedChoiceIds: ReadonlySet<number>;
  language: string;
  /** Units of the product in the basket (its counter, for products without options). */
  count: number;
  /** One unit more or less: a step, since the count shown may not yet hold the guest's last tap. */
  onStep: (step: CounterStep) => void;
  onAdd: (line: AddLine) => Promise<void>;
  pending: boolean;
  /** Above the fold: the image loads at once instead of lazily. */
  eager?: boolean;
};

/**
 * SPEC §2's product card: name, subtitle, labels with an info popup, description, price, sale line,
 * then a counter (no options) or an options button opening the modifier panel. One tab stop for the card's
 * action (issue 42): the picture opens the panel for a mouse or a finger but is no stop of its own, and the
 * labels' info is one button after the action.
 */
export function ProductCard(props: ProductCardProps) {
  const { product, labels, blocked, blockedChoiceIds, language, count, onStep, onAdd, pending } = props;
  const { t } = useTranslation();
  const id = useId();
  const name = translate(product.name, language);
  const subtitle = translate(product.subtitle, language);
  const description = translate(product.description, language);
  const hasOptions = product.modifiers.length > 0 && !blocked;
  const panel = useProductPanel(t("Product.Added", { name }));

  return (
    <article
      ref={panel.cardRef}
      className={`product-card${blocked ? " product-card-blocked" : ""}${panel.open ? " product-card-open" : ""}${product.imageUrl ? "" : " product-card-no-image"}`}
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
        hasOptions ? (
          // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut (SPEC §2); the options button is the keyboard's
          // biome-ignore lint/a11y/useKeyWithClickEvents: the options button right below does the same from the keyboard
          <div
            className="product-media product-media-opens"
            onClick={() => panel.toggle("image")}
            onPointerEnter={() => void preloadModifierPanel()}
          >
            <ProductImage product={product} eager={props.eager} />
          </div>
        ) : (
          <div className="product-media">
            <ProductImage product={product} eager={props.eager} />
          </div>
        )
      ) : null}
      <div className="product-footer">
        <ProductPrice product={product} language={language} />
        <div className="product-actions">
          {blocked ? (
            <p className="product-blocked">{t("Product.Blocked")}</p>
          ) : hasOptions ? (
            <OptionsButton panel={panel} name={name} panelId={`${id}-panel`} />
          ) : (
            <Counter value={count} onChange={(_, step) => onStep(step)} name={name} />
          )}
          <LabelInfoButton labels={labels} language={language} />
        </div>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape inside the panel closes it (a disclosure's key, the controls inside keep theirs) */}
      <div ref={panel.panelRef} className="product-panel" onKeyDown={panel.onKeyDown}>
        {panel.open ? (
          <Suspense fallback={<PanelLoading />}>
            <ModifierPanel
              id={`${id}-panel`}
              product={product}
              blockedChoiceIds={blockedChoiceIds}
              language={language}
              onAdd={onAdd}
              pending={pending}
              onAdded={panel.added}
            />
            <WhenShown onShown={panel.shown} />
          </Suspense>
        ) : null}
      </div>
      <p className="visually-hidden" role="status">
        {panel.announcement}
      </p>
    </article>
  );
}

type ProductPanel = ReturnType<typeof useProductPanel>;

/** The card's modifier panel: open or closed, where the page scrolls once it shows, and what is announced. */
function useProductPanel(addedMessage: string) {
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const optionsButtonRef = useRef<HTMLButtonElement>(null);
  const cardRef = useRef<HTMLElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const scrollOnShow = useRef<"offset" | "reveal" | null>(null);

  const toggle = (from: "image" | "button") => {
    scrollOnShow.current = open ? null : from === "image" ? "offset" : "reveal";
    setAnnouncement("");
    setOpen(!open);
  };

  // Once the panel has its content (it may load first). SPEC §2: opened from the image the page scrolls to
  // the card, 85 px from the top; from the button just enough to show the panel. Either way the product's
  // title stays clear of the sticky header.
  const shown = () => {
    const how = scrollOnShow.current;
    scrollOnShow.current = null;
    if (!how || !cardRef.current || !panelRef.current) return;
    if (how === "offset") scrollToElement(cardRef.current);
    else revealWithin(cardRef.current, panelRef.current);
  };

  const focusBack = useRef(false);
  const close = () => {
    focusBack.current = true;
    setOpen(false);
  };
  const added = () => {
    close();
    setAnnouncement(addedMessage);
  };
  // Escape closes the inline panel as it would a dialog, and the focus goes back to the button that opened
  // it (WAI-ARIA APG, disclosure). Not when a control inside handled the key itself (a select or a combobox
  // closing its own list), nor while focus is outside the panel.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape" || event.defaultPrevented || !open) return;
    if (event.target instanceof Element && event.target.closest(ESCAPE_KEEPERS)) return;
    event.preventDefault();
    close();
  };
  // After the panel has closed, not before: the card is its short self again, so where it sits is known.
  useLayoutEffect(() => {
    if (open || !focusBack.current) return;
    focusBack.current = false;
    optionsButtonRef.current?.focus({ preventScroll: true });
    if (cardRef.current) keepCardBelowHeader(cardRef.current);
  }, [open]);

  return { open, toggle, shown, added, onKeyDown, announcement, optionsButtonRef, cardRef, panelRef };
}

/** Controls that use Escape themselves: a native select, an open combobox or listbox. */
const ESCAPE_KEEPERS = 'select, [role="combobox"][aria-expanded="true"], [role="listbox"]';

/** Mounts beside the panel inside its Suspense boundary: it runs once the panel is on the screen. */
function WhenShown({ onShown }: { onShown: () => void }) {
  const shown = useRef(onShown);
  useEffect(() => shown.current(), []);
  return null;
}

function PanelLoading() {
  const { t } = useTranslation();
  return (
    <p className="modifier-loading" role="status">
      {t("Options.Loading")}
    </p>
  );
}

/** The picture, blank until the app has painted (lib/first-paint.ts says why). */
function ProductImage({ product, eager }: { product: ProductCardProps["product"]; eager: boolean | undefined }) {
  const painted = useAppHasPainted();
  if (!product.imageUrl) return null;
  return (
    <img
      className="product-image"
      // srcset before src: a browser that sees src first may start downloading it.
      {...(painted ? responsiveImage(product.imageUrl, PRODUCT_IMAGE_SIZES) : {})}
      src={painted ? product.imageUrl : BLANK_IMAGE}
      alt=""
      width={PRODUCT_IMAGE_SIZE.width}
      height={PRODUCT_IMAGE_SIZE.height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
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
      onPointerEnter={() => void preloadModifierPanel()}
      onFocus={() => void preloadModifierPanel()}
    >
      {t("Product.Options")}
      <span className="product-options-chevron" aria-hidden="true" />
    </button>
  );
}
