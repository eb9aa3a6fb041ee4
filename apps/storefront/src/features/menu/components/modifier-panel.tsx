import type { Product } from "@app/contracts";
import { type RefObject, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Counter } from "../../../components/ui/counter";
import { translate } from "../../../lib/i18n";
import { minorPriceText } from "../../../lib/price-text";
import { useDisclosure } from "../hooks/use-disclosure";
import { useModifierSelection } from "../hooks/use-modifier-selection";
import type { AddLine } from "../modifier-selection";
import { ModifierGroup } from "./modifier-group";
import { chosenText, notAllChosenText } from "./option-texts";
import "./menu.css";

export type ModifierPanelProps = {
  product: Product;
  blockedChoiceIds: ReadonlySet<number>;
  language: string;
  /** Adds the line to the basket. A rejection keeps the panel open (the caller reports the failure). */
  onAdd: (line: AddLine) => Promise<void>;
  /** A basket action is running: adding waits. */
  pending: boolean;
  /** After onAdd resolved: the card closes the panel, announces and returns the focus. */
  onAdded?: () => void;
  id?: string;
};

/**
 * SPEC §2's modifier panel: a quantity section, one section per option group and an add-to-cart button
 * with the live price of priceLine (@app/domain), the function the server prices the line with. The
 * button, what is chosen and the refusal's message sit in a footer that sticks to the bottom of the screen
 * while the panel is in view, so the guest never scrolls to find them. Loaded on first use (product-card.tsx).
 */
export function ModifierPanel({
  product,
  blockedChoiceIds,
  language,
  onAdd,
  pending,
  onAdded,
  id,
}: ModifierPanelProps) {
  const { t } = useTranslation();
  const selection = useModifierSelection(product, blockedChoiceIds, language);
  const { groups, summary } = selection;
  const disclosure = useDisclosure(selection.initiallyOpen);
  const { panelRef, firstToggleRef } = useFocusOnOpen();
  const footerRef = useFooterHeight(panelRef);
  const adding = useAddLine({ selection, disclosure, onAdd, pending, onAdded, panelRef });
  const name = translate(product.name, language);
  const total = minorPriceText(summary.totalPriceMinor, language, t("Currency"));
  const showFlags = adding.attempted && !summary.complete;
  const shortNames = groups.filter((state) => state.isShort).map((state) => translate(state.group.name, language));

  const changeAmount = (groupIndex: number, choiceId: number, amount: number) => {
    const state = groups[groupIndex];
    if (!state) return;
    const { filledGroup } = selection.setAmount(state.group.id, choiceId, amount);
    // SPEC §5: a group at its limit opens the next one; the focus stays where the guest is.
    const next = groups[groupIndex + 1];
    if (filledGroup && next) disclosure.open([next.group.id]);
  };

  return (
    <section ref={panelRef} id={id} className="modifier-panel" aria-label={`${t("Product.Options")}: ${name}`}>
      {selection.showsQuantity ? (
        <div className="modifier-quantity">
          <h3 className="modifier-quantity-heading">{t("Counter.Quantity")}</h3>
          <Counter value={selection.quantity} onChange={selection.setQuantity} name={name} min={1} max={99} />
        </div>
      ) : null}
      {groups.map((state, index) => (
        <ModifierGroup
          key={state.group.id}
          state={state}
          language={language}
          open={disclosure.isOpen(state.group.id)}
          onToggle={() => disclosure.toggle(state.group.id)}
          flagged={showFlags && state.isShort}
          onAmount={(choiceId, amount) => changeAmount(index, choiceId, amount)}
          toggleRef={index === 0 ? firstToggleRef : undefined}
        />
      ))}
      <PanelFooter
        footerRef={footerRef}
        total={total}
        chosen={chosenText(
          t,
          groups.flatMap((state) => state.chosen),
        )}
        alert={showFlags ? notAllChosenText(t, shortNames) : ""}
        busy={adding.busy}
        onAdd={() => void adding.add()}
      />
    </section>
  );
}

/** The panel just opened: the guest continues in it, at its first group (or its first control). */
function useFocusOnOpen() {
  const panelRef = useRef<HTMLElement>(null);
  const firstToggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const first =
      firstToggleRef.current ??
      panelRef.current?.querySelector<HTMLElement>("button:not([disabled]), input:not([disabled])");
    first?.focus({ preventScroll: true });
  }, []);
  return { panelRef, firstToggleRef };
}

type AddLineArgs = {
  selection: ReturnType<typeof useModifierSelection>;
  disclosure: ReturnType<typeof useDisclosure>;
  onAdd: ModifierPanelProps["onAdd"];
  pending: boolean | undefined;
  onAdded: ModifierPanelProps["onAdded"];
  panelRef: RefObject<HTMLElement | null>;
};

/**
 * Adding the line: refused with the groups that are short opened and the focus on the first of them (its
 * heading says what is missing), else sent once, the choices kept on failure.
 */
function useAddLine({ selection, disclosure, onAdd, pending, onAdded, panelRef }: AddLineArgs) {
  const [attempted, setAttempted] = useState(false);
  const [adding, setAdding] = useState(false);
  const add = async () => {
    if (pending || adding) return;
    if (!selection.summary.complete) {
      setAttempted(true);
      disclosure.open(selection.summary.shortModifierIds);
      const first = selection.summary.shortModifierIds[0];
      const group = panelRef.current?.querySelector<HTMLElement>(`[data-modifier-id="${first}"]`);
      group?.querySelector<HTMLButtonElement>(".modifier-group-toggle")?.focus({ preventScroll: true });
      // focus() alone leaves a heading that is on the screen but under the sticky add button where it is: on a
      // phone the refusal names the group and the group is hidden. Its top is brought under the site header.
      group?.scrollIntoView({ block: "start" });
      return;
    }
    setAdding(true);
    try {
      await onAdd(selection.line);
      onAdded?.();
    } catch {
      // The basket reports its own failure; the guest's choices stay for another try.
    } finally {
      setAdding(false);
    }
  };
  return { add, attempted, busy: Boolean(pending) || adding };
}

/**
 * The sticky footer's height, as --modifier-footer-height on the panel: the controls above it keep that much room
 * below them when the browser scrolls them into view (menu.css), so Tab never puts one under the footer (WCAG
 * 2.4.11). Measured, not a constant: the summary wraps onto more lines as choices are made, and the refusal adds
 * a line.
 */
function useFooterHeight(panelRef: RefObject<HTMLElement | null>) {
  const footerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const footer = footerRef.current;
    const panel = panelRef.current;
    if (!footer || !panel) return;
    const measure = () => panel.style.setProperty("--modifier-footer-height", `${footer.offsetHeight}px`);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(footer);
    return () => observer.disconnect();
  }, [panelRef]);
  return footerRef;
}

type PanelFooterProps = {
  footerRef: RefObject<HTMLDivElement | null>;
  total: string;
  chosen: string;
  alert: string;
  busy: boolean;
  onAdd: () => void;
};

function PanelFooter({ footerRef, total, chosen, alert, busy, onAdd }: PanelFooterProps) {
  const { t } = useTranslation();
  return (
    <div ref={footerRef} className="modifier-footer">
      <p role="alert" className="modifier-alert">
        {alert}
      </p>
      <p className="modifier-summary">
        <span className="modifier-summary-label">{t("Options.Chosen")}:</span> {chosen}
      </p>
      <button
        type="button"
        className="button-primary modifier-add"
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        onClick={onAdd}
      >
        {t("Product.AddToCart")} · {total}
      </button>
    </div>
  );
}
