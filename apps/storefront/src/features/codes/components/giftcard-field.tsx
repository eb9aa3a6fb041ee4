import type { Checkout } from "@app/contracts";
import { normalizeCode } from "@app/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { priceText } from "../../../lib/price-text";
import { type GiftcardMessageKey, giftcardAmountToApply, giftcardCap, giftcardMessageKey } from "../code-rules";
import { type CodesPage, useCodesPage } from "../codes-page";
import { CodeEntry } from "./code-entry";

/**
 * The gift card (SPEC §5), shown when the checkout instance allows gift cards: read the card's balance,
 * apply what it may pay (at most basket − discount + delivery fee), show it, remove it. Not offered when
 * the basket holds a gift-card product (a gift card is not paid with a gift card).
 */
export function GiftcardField() {
  const { t } = useTranslation();
  const { instance, basketHoldsGiftcard } = useCodesPage();
  if (!instance.isGiftcardEnabled) return null;
  if (basketHoldsGiftcard) {
    return (
      <div className="payment-code">
        <span className="payment-code-label">{t("Giftcard.Label")}</span>
        <p className="payment-note">{t("Giftcard.NotAvailable")}</p>
      </div>
    );
  }
  return <GiftcardEntry />;
}

function GiftcardEntry() {
  const { t, i18n } = useTranslation();
  const { checkout, session, placing } = useCodesPage();
  const { apply, remove, busy, message } = useGiftcard();
  const [code, setCode] = useState("");
  const giftcard = session.giftcard;
  // The server's figure when the checkout has the card, else what the session asked for.
  const amount = giftcard ? (appliedCard(checkout, giftcard.giftcardCode)?.amount ?? giftcard.amount) : 0;
  const amountText = priceText(amount, i18n.language, t("Currency"));
  return (
    <CodeEntry
      label={t("Giftcard.Label")}
      applyText={t("Giftcard.Apply")}
      removeText={t("Giftcard.Remove")}
      value={code}
      onChange={setCode}
      onSubmit={() => {
        void apply(code.trim()).then((applied) => applied && setCode(""));
      }}
      busy={busy}
      busyText={t("Giftcard.Checking")}
      disabled={placing}
      error={message ? t(message) : null}
      applied={
        giftcard
          ? {
              title: t("Giftcard.Applied", { code: giftcard.giftcardCode }),
              detail: t("Giftcard.Pays", { amount: amountText }),
              removeLabel: t("Giftcard.RemoveCard", { code: giftcard.giftcardCode }),
              onRemove: () => void remove(),
            }
          : null
      }
      appliedStatus={giftcard ? t("Giftcard.AppliedStatus", { code: giftcard.giftcardCode, amount: amountText }) : null}
    />
  );
}

function appliedCard(checkout: Checkout, code: string) {
  return checkout.giftcards.find((card) => normalizeCode(card.giftcardCode) === normalizeCode(code));
}

/**
 * Applying, re-capping and removing the session's gift card. Like the discount, every path ends with the
 * session and the checkout agreeing: the card applied with what it pays, or no card (with the message).
 */
function useGiftcard() {
  const page = useCodesPage();
  const actions = useGiftcardActions(page);
  useGiftcardRepair(page, actions);
  return { apply: actions.apply, remove: actions.remove, busy: actions.busy, message: actions.message };
}

type GiftcardActions = ReturnType<typeof useGiftcardActions>;

/** The field's writes (TanStack Query mutations): one of them runs at a time. */
const GIFTCARD_WRITE = ["codes", "giftcard"] as const;

type GiftcardWrite =
  | { kind: "apply"; giftcardCode: string }
  /** The card paid more than the new cap, so its balance covers the cap: no need to read it again. */
  | { kind: "recap"; giftcardCode: string; cap: number }
  | { kind: "remove" };

/** The calls behind the field as one mutation, each reading the newest page values after its awaits. */
function useGiftcardActions(page: CodesPage) {
  const queryClient = useQueryClient();
  // After an await, read the newest checkout (its totals set the cap) from here.
  const latest = useRef(page);
  latest.current = page;
  const [message, setMessage] = useState<GiftcardMessageKey | null>(null);
  const checkoutCalls = giftcardCheckoutCalls(latest);

  async function clear(refusal: GiftcardMessageKey | null): Promise<void> {
    setMessage(refusal);
    latest.current.dispatch({ type: "giftcardCleared" });
    await checkoutCalls.removeFromCheckout(null);
  }

  const writing = useMutation({
    mutationKey: GIFTCARD_WRITE,
    mutationFn: async (write: GiftcardWrite): Promise<boolean> => {
      if (write.kind === "remove") {
        await clear(null);
        return true;
      }
      const amount = write.kind === "apply" ? await amountToApply(latest, write.giftcardCode) : write.cap;
      if (amount > 0) return checkoutCalls.addToCheckout(write.giftcardCode, amount);
      // An empty card, or nothing left to pay: nothing to apply (SPEC §8 has one message for it all). A card
      // with nothing left to pay after a discount is taken off silently.
      await clear(write.kind === "apply" ? "Giftcard.Generic" : null);
      return false;
    },
    onMutate: (write) => {
      if (write.kind === "apply") setMessage(null);
    },
    onError: (error) => clear(giftcardMessageKey(error)),
  });

  /** True when the card was applied (or removed). A call asked for while one runs is dropped. */
  function run(write: GiftcardWrite): Promise<boolean> {
    // Read from the mutation cache, not the hook's state: that reaches the page a task later, and two effects
    // of one render (React's development double run) must not both start a call.
    if (queryClient.isMutating({ mutationKey: GIFTCARD_WRITE }) > 0) return Promise.resolve(false);
    return writing.mutateAsync(write).catch(() => false);
  }

  return {
    apply: (giftcardCode: string) =>
      giftcardCode === "" ? Promise.resolve(false) : run({ kind: "apply", giftcardCode }),
    recap: (giftcardCode: string, cap: number) => run({ kind: "recap", giftcardCode, cap }),
    remove: () => run({ kind: "remove" }),
    busy: writing.isPending,
    message,
  };
}

/** Reads the card's balance: what it may pay of the newest checkout's totals. */
async function amountToApply(latest: { current: CodesPage }, giftcardCode: string): Promise<number> {
  const instanceId = latest.current.shop.module.giftcardInstanceId;
  if (instanceId === null) throw new Error("The module has no gift-card instance");
  const balance = await latest.current.api.getGiftcardAmount(instanceId, giftcardCode);
  return giftcardAmountToApply(balance, latest.current.checkout.totals);
}

/** Adding the card to the checkout and taking cards off it; each call's answer becomes the page's checkout. */
function giftcardCheckoutCalls(latest: { current: CodesPage }) {
  async function removeFromCheckout(keep: string | null): Promise<void> {
    const { api, setCheckout } = latest.current;
    let checkout = latest.current.checkout;
    try {
      for (const card of checkout.giftcards) {
        if (keep === null || normalizeCode(card.giftcardCode) !== keep)
          checkout = await api.removeGiftcard(checkout.id, card.id);
      }
    } catch {
      // The checkout keeps it for now; placing the order brings it in line with the session (place-order's
      // syncGiftcard) before anything is paid.
    }
    if (checkout !== latest.current.checkout) setCheckout(checkout);
  }

  /** Sends `amount` for the card; true when the checkout took it. */
  async function addToCheckout(giftcardCode: string, amount: number): Promise<boolean> {
    const { api } = latest.current;
    // The session holds one card: another card on the checkout goes first, so it does not pay as well.
    await removeFromCheckout(normalizeCode(giftcardCode));
    const answer = await api.addGiftcard(latest.current.checkout.id, { giftcardCode, amount });
    latest.current.setCheckout(answer);
    const applied = appliedCard(answer, giftcardCode);
    latest.current.dispatch({
      type: "giftcardApplied",
      giftcard: {
        giftcardCode: applied?.giftcardCode ?? normalizeCode(giftcardCode),
        amount: applied?.amount ?? amount,
      },
    });
    return true;
  }

  return { removeFromCheckout, addToCheckout };
}

/**
 * A card the session holds that the checkout lost (a reused checkout has its gift cards removed, SPEC §4) is
 * applied again, and an applied card that now pays more than the order (a discount was added) is applied again
 * at the new cap. While a discount the session holds is being applied again too, wait for it: it lowers the cap.
 */
function useGiftcardRepair({ session, checkout, instance, placing }: CodesPage, actions: GiftcardActions) {
  const wanted = session.giftcard;
  const onCheckout = wanted ? appliedCard(checkout, wanted.giftcardCode) : undefined;
  const discountPending = instance.isDiscountEnabled && session.discount !== null && checkout.discounts.length === 0;
  const cap = giftcardCap(checkout.totals);
  const paysMoreThanCap = wanted !== null && Math.max(wanted.amount, onCheckout?.amount ?? 0) > cap;
  const { busy } = actions;
  // Each repair is tried once per checkout (and cap): a server that answers without the card, or above the
  // cap, must not make this call itself again and again.
  const tried = useRef(new Set<string>());
  // biome-ignore lint/correctness/useExhaustiveDependencies: the calls read the newest values through `latest`
  useEffect(() => {
    if (wanted === null || busy || placing || discountPending) return;
    const repair = onCheckout === undefined ? `apply|${checkout.id}` : `cap|${checkout.id}|${cap}`;
    if ((onCheckout !== undefined && !paysMoreThanCap) || tried.current.has(repair)) return;
    tried.current.add(repair);
    if (onCheckout === undefined) void actions.apply(wanted.giftcardCode);
    else void actions.recap(wanted.giftcardCode, cap);
  }, [
    wanted?.giftcardCode,
    onCheckout === undefined,
    paysMoreThanCap,
    cap,
    checkout.id,
    busy,
    placing,
    discountPending,
  ]);
}
