import type { ProductionUnit } from "@app/contracts";
import { useTranslation } from "react-i18next";
import { phoneHref, phoneText } from "../../../lib/phone-text";
import "./shop-brand.css";

export type RestaurantContactProps = {
  productionUnit: Pick<ProductionUnit, "name" | "address" | "phone" | "receiptEmail" | "cvrNumber">;
  /** The block's first line ("Contact Bistro Nørrebro", "Seller"); the restaurant's name without one. */
  label?: string;
  /** Also the name (under a label), the e-mail address and the CVR number: the terms page's seller block. */
  full?: boolean;
};

/**
 * How to reach the restaurant: its address and its phone as a link a phone dials. Pages that say "contact the
 * restaurant" (error, not found, maintenance, closed) show it, so the guest can.
 */
export function RestaurantContact({ productionUnit, label, full = false }: RestaurantContactProps) {
  const { t } = useTranslation();
  const { name, address, phone, receiptEmail, cvrNumber } = productionUnit;
  return (
    <address className="restaurant-contact">
      <span className="contact-name">{label ?? name}</span>
      {full && label ? <span>{name}</span> : null}
      <span>{address}</span>
      {phone ? (
        <a className="contact-phone" href={phoneHref(phone)}>
          <PhoneIcon />
          {t("Brand.Call", { phone: phoneText(phone) })}
        </a>
      ) : null}
      {full && receiptEmail ? (
        <span>
          {t("Brand.Email")}: <a href={`mailto:${receiptEmail}`}>{receiptEmail}</a>
        </span>
      ) : null}
      {full && cvrNumber ? <span>{t("Brand.Cvr", { cvr: cvrNumber })}</span> : null}
    </address>
  );
}

function PhoneIcon() {
  return (
    <svg className="contact-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
      />
    </svg>
  );
}
