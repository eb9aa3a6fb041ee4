import { STORAGE_KEYS } from "@app/contracts/storefront-boot";
import { normalizeCode } from "@app/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { rememberDraft, storedDraft } from "../../../lib/draft-storage";
import { priceText } from "../../../lib/price-text";
import { type DiscountMessageKey, discountMessageKey } from "../code-rules";
import { type CodesPage, useCodesPage } from "../codes-page";
import { CodeEntry } from "./code-entry";

/**
 * The discount code (SPEC §5), shown when the checkout instance allows discounts: validate the code on this
 * basket, apply it to the checkout, show it with what it takes off, remove it. It is validated again when
 * the basket total changes, and a code the session holds but the checkout lost (a reused checkout has its
 * discounts removed, SPEC §4) is applied again.
 */
export function DiscountField() {
  const { instance } = useCodesPage();
  if (!instance.isDiscountEnabled) return null;
  return <DiscountEntry />;
}

function DiscountEntry() {
  const { t, i18n } = useTranslation();
  const { checkout, session, placing } = useCodesPage();
  // What was typed and not yet applied survives a reload (lib/draft-storage), like the delivery address.
  const [code, setTypedCode] = useState(() => storedDraft(STORAGE_KEYS.checkoutDiscountDraft, asText) ?? "");
  const setCode = (value: string) => {
    setTypedCode(value);
    rememberDraft(STORAGE_KEYS.checkoutDiscountDraft, value);
  };
  // A code the server refused after the basket changed goes back into the input: the guest sees which code
  // the message is about, and can use it again after adding to the basket, without remembering it.
  const { apply, remove, busy, message } = useDiscountCode(setCode);
  const discount = session.discount;
  // The server's figure when the checkout has the code (it recomputes it on every read), else the session's.
  const amount = discount
    ? (checkout.discounts.find((applied) => sameCode(applied.discountCode, discount.discountCode))?.amount ??
      discount.amount)
    : 0;
  const amountText = priceText(amount, i18n.language, t("Currency"));
  return (
    <CodeEntry
      label={t("Discount.Label")}
      applyText={t("Discount.Apply")}
      removeText={t("Discount.Remove")}
      value={code}
      onChange={setCode}
      onSubmit={() => {
        void apply(code.trim()).then((applied) => applied && setCode(""));
      }}
      busy={busy}
      busyText={t("Discount.Checking")}
      disabled={placing}
      error={message ? t(message) : null}
      // SPEC's "not valid for the chosen items" is also the answer to a basket below the code's minimum order.
      hint={message === "Discount.NoValue" ? t("Discount.NoValueHint") : null}
      applied={
        discount
          ? {
              title: t("Discount.Applied", { code: discount.discountCode }),
              detail: `−${amountText}`,
              removeLabel: t("Discount.RemoveCode", { code: discount.discountCode }),
              onRemove: () => void remove(),
            }
          : null
      }
      appliedStatus={discount ? t("Discount.AppliedStatus", { code: discount.discountCode, amount: amountText }) : null}
    />
  );
}

function asText(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

function sameCode(a: string, b: string): boolean {
  return normalizeCode(a) === normalizeCode(b);
}

/**
 * What a discount was last validated for: the checkout and the basket total. Another total (the guest
 * changed the basket, the bag fee was added) or another checkout (started again) means validating again.
 */
function validationKey({ checkout, basket }: Pick<CodesPage, "checkout" | "basket">): string {
  return `${checkout.id}|${basket.totalPrice}`;
}

/** The field's writes (TanStack Query mutations): one of them runs at a time. */
const DISCOUNT_WRITE = ["codes", "discount"] as const;

/**
 * Applying, revalidating and removing the session's discount code. Every path ends in one of two states the
 * session and the checkout agree on: the code applied (checkout has it, session has its amount) or no code
 * (session cleared, removed from the checkout), with the refusal's message and, when the refused code was
 * the applied one, that code handed to `onRefusedAgain`.
 */
function useDiscountCode(onRefusedAgain: (code: string) => void) {
  const page = useCodesPage();
  const queryClient = useQueryClient();
  // The calls below await the server; after an await they read the newest checkout and basket from here,
  // not the ones of the render that started them.
  const latest = useRef(page);
  latest.current = page;
  const [message, setMessage] = useState<DiscountMessageKey | null>(null);
  // The page was opened with the code on the checkout: it was validated there, for this basket.
  const validatedFor = useRef<string | null>(onCheckoutAlready(page) ? validationKey(page) : null);

  async function clear(refusal: DiscountMessageKey | null): Promise<void> {
    setMessage(refusal);
    // Only an applied code can be refused again (a typed one that is refused is still in the input).
    const applied = latest.current.session.discount?.discountCode;
    if (refusal !== null && applied !== undefined) onRefusedAgain(applied);
    validatedFor.current = null;
    latest.current.dispatch({ type: "discountCleared" });
    await removeDiscounts(latest.current);
  }

  const applying = useMutation({
    mutationKey: DISCOUNT_WRITE,
    mutationFn: ({ discountCode }: { discountCode: string; key: string }) => validateAndAdd(latest, discountCode),
    onMutate: () => setMessage(null),
    // SPEC §5: a code worth nothing on this basket is refused, not applied at 0.
    onSuccess: async (applied, { key }) => {
      if (applied) validatedFor.current = key;
      else await clear("Discount.NoValue");
    },
    onError: (error) => clear(discountMessageKey(error)),
  });
  const removing = useMutation({ mutationKey: DISCOUNT_WRITE, mutationFn: () => clear(null) });
  // Read from the mutation cache, not the hooks' state: that reaches the page a task later, and two effects of
  // one render (React's development double run) must not both start a call.
  const writing = () => queryClient.isMutating({ mutationKey: DISCOUNT_WRITE }) > 0;

  /** Validates and applies `discountCode`; true when it was applied. A call asked for while one runs is dropped. */
  function apply(discountCode: string): Promise<boolean> {
    if (discountCode === "" || writing()) return Promise.resolve(false);
    return applying.mutateAsync({ discountCode, key: validationKey(latest.current) }).catch(() => false);
  }

  const remove = () => (writing() ? undefined : removing.mutate());
  const busy = applying.isPending || removing.isPending;

  // SPEC §5: revalidate when the basket total changes; this also applies again a code the session holds
  // (restored from local storage) that the checkout lost. `busy` is a dependency so a change that came
  // while a call ran is looked at when it ends.
  const wanted = page.session.discount?.discountCode ?? null;
  const key = validationKey(page);
  // biome-ignore lint/correctness/useExhaustiveDependencies: apply reads the newest values through `latest`
  useEffect(() => {
    if (wanted === null || busy || page.placing || validatedFor.current === key) return;
    void apply(wanted);
  }, [wanted, key, busy, page.placing]);

  return { apply, remove, busy, message };
}

/** The session's code is on the checkout already (validated there, for this basket). */
function onCheckoutAlready({ session, checkout }: CodesPage): boolean {
  const code = session.discount?.discountCode;
  return code !== undefined && checkout.discounts.some((applied) => sameCode(applied.discountCode, code));
}

/** Validates the code on the basket and adds it to the checkout; false when it is worth nothing here. */
async function validateAndAdd(latest: { current: CodesPage }, discountCode: string): Promise<boolean> {
  const { shop, basket, api, checkout } = latest.current;
  const instanceId = shop.module.discountInstanceId;
  // A module without a discount instance cannot verify any code: the "could not verify" message.
  if (instanceId === null) throw new Error("The module has no discount instance");
  const { sumDiscount } = await api.validateDiscount({
    instanceId,
    moduleId: shop.module.id,
    discountCode,
    basketId: basket.id,
  });
  if (!(sumDiscount > 0)) return false;
  const answer = await api.addDiscount(checkout.id, discountCode);
  latest.current.setCheckout(answer);
  const applied = answer.discounts.find((d) => sameCode(d.discountCode, discountCode));
  latest.current.dispatch({
    type: "discountApplied",
    discount: {
      discountCode: applied?.discountCode ?? normalizeCode(discountCode),
      amount: applied?.amount ?? answer.totals.discount,
    },
  });
  return true;
}

/** Takes every discount off the checkout; its last answer becomes the page's checkout. */
async function removeDiscounts({ api, setCheckout, checkout: before }: CodesPage): Promise<void> {
  let checkout = before;
  try {
    for (const applied of checkout.discounts) checkout = await api.removeDiscount(checkout.id, applied.id);
  } catch {
    // The checkout keeps it for now; placing the order brings the checkout in line with the session
    // (place-order's syncDiscount) before anything is paid.
  }
  if (checkout !== before) setCheckout(checkout);
}
