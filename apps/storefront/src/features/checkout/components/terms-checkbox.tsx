import { useTranslation } from "react-i18next";
import { Link, useInRouterContext } from "react-router";

export type TermsCheckboxProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The shop's terms setting (a link); null: no link is shown. */
  termsUrl: string | null;
  disabled: boolean;
};

/**
 * "I accept the terms of trade" (SPEC §5: place order stays disabled until it is ticked). The link to the
 * terms sits outside the label, so following it does not tick the box. Another site's terms (an https
 * setting) open in a new tab; the shop's own page (/terms) opens in this one and its Back comes back here.
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
      {termsUrl && /^https:\/\//i.test(termsUrl) ? (
        <a href={termsUrl} target="_blank" rel="noopener noreferrer">
          {t("CheckoutPage.TermsLink")}
          <span aria-hidden="true"> ↗</span>
        </a>
      ) : termsUrl ? (
        <OwnTermsLink to={termsUrl}>{t("CheckoutPage.TermsLink")}</OwnTermsLink>
      ) : null}
    </div>
  );
}

/**
 * The shop's own terms page (/terms) in this tab, through the router: its Back returns here, and the checkout is
 * rebuilt from what it keeps in the browser. Rendered outside a router (the form on its own), a plain link.
 */
function OwnTermsLink({ to, children }: { to: string; children: string }) {
  return useInRouterContext() ? <Link to={to}>{children}</Link> : <a href={to}>{children}</a>;
}
