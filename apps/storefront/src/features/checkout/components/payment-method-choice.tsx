import type { PaymentMethod } from "@app/contracts";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

export type PaymentMethodChoiceProps = {
  /** The methods offered, in order (paymentMethodsOffered of the shop's settings). */
  methods: readonly PaymentMethod[];
  /** The chosen method; null until chosen. */
  value: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
  disabled: boolean;
  /** The shop's online payments move no money (issue 46): said under the choice while one is chosen. */
  testMode: boolean;
};

const LABEL_KEY = {
  card: "PaymentMethod.Card",
  mobilepay: "PaymentMethod.MobilePay",
  pickup: "PaymentMethod.Pickup",
} as const satisfies Record<PaymentMethod, string>;

/**
 * How the guest pays: a radio group of the offered methods, or, with one method, a plain line saying it (a
 * single radio button is a choice that is not one). No methods: nothing (the shop's settings are wrong;
 * the page cannot place the order either). In test mode, an online method chosen says that no money moves,
 * right above the button that starts the payment.
 */
export function PaymentMethodChoice({ methods, value, onChange, disabled, testMode }: PaymentMethodChoiceProps) {
  const { t } = useTranslation();
  const only = methods.length === 1 ? methods[0] : undefined;

  // With one method there is nothing to choose, so it is the choice: the page's value must say so too.
  useEffect(() => {
    if (only !== undefined && value !== only) onChange(only);
  }, [only, value, onChange]);

  if (methods.length === 0) return null;
  const notice = testMode && value !== null && value !== "pickup" ? <TestModeNotice /> : null;
  if (only !== undefined) {
    return (
      <>
        <p className="payment-method-only">{t("PaymentMethod.Only", { method: t(LABEL_KEY[only]) })}</p>
        {notice}
      </>
    );
  }
  return (
    <>
      <fieldset className="payment-methods" disabled={disabled}>
        <legend>{t("PaymentMethod.Legend")}</legend>
        {methods.map((method) => (
          <label key={method} className="payment-check">
            <input
              type="radio"
              name="payment-method"
              value={method}
              checked={value === method}
              // The fieldset disables them too; said on each as well for tools that do not follow the fieldset.
              disabled={disabled}
              onChange={() => onChange(method)}
            />
            <span>{t(LABEL_KEY[method])}</span>
          </label>
        ))}
      </fieldset>
      {notice}
    </>
  );
}

/** Issue 46: the guest reads this before pressing the button that takes them to the payment page. */
function TestModeNotice() {
  const { t } = useTranslation();
  return (
    <div className="payment-test-mode">
      <p className="payment-test-mode-title">{t("TestMode.Notice")}</p>
      <p>{t("TestMode.Payment")}</p>
    </div>
  );
}
