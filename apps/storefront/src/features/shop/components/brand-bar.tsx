import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import "./shop-brand.css";

export type BrandBarProps = {
  restaurantName: string;
  logo: string | null;
  /** What sits at the bar's end (the terms page's language link). */
  children?: ReactNode;
};

/**
 * The restaurant's logo (or name) as a link to its front page, for the pages that stand outside the shop's
 * layout: the status pages and the terms, which a guest may open before or without the session login.
 */
export function BrandBar({ restaurantName, logo, children }: BrandBarProps) {
  const { t } = useTranslation();
  return (
    <header className="brand-bar">
      <Link to="/" className="logo" aria-label={t("Brand.Home", { name: restaurantName })}>
        {logo ? (
          <img className="logo-image" src={logo} alt="" height={40} width={142} />
        ) : (
          <span>{restaurantName}</span>
        )}
      </Link>
      {children}
    </header>
  );
}
