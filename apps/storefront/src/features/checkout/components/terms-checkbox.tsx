import { useTranslation } from "react-i18next";

export type TermsCheckboxProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The shop's terms setting (a link); null: no link is shown. */
  termsUrl: string | null;
  disabled: boolean;
};

/**
 * "I accept the terms of trade" (SPEC §5: place order stays disabled until it is ticked). The link to the
 * terms sits outside the label, so following it does not tick the box, and opens in a new tab, so the
 * guest's checkout stays where it was.
 */
export function TermsCheckbox({ checked, onChange, termsUrl, disabled }: TermsCheckboxProps) {
  const { t } = useTranslation();
  return (
    <div className="payment-terms">
      <label className="payment-check">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{t("CheckoutPage.Terms")}</span>
      </label>
      {termsUrl ? (
        <a href={termsUrl} target="_blank" rel="noopener noreferrer">
          {t("CheckoutPage.TermsLink")}
          <span aria-hidden="true"> ↗</span>
        </a>
      ) : null}
    </div>
  );
}
