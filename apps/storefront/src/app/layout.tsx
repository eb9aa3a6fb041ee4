import { useTranslation } from "react-i18next";
import { Link, Outlet, useRouteLoaderData } from "react-router";
import type { Shop } from "../features/shop";
import { chooseLanguage } from "../lib/i18n";
import { useScrollToTopOnNavigation } from "./navigation-effects";

/** The frame of every shop page. A later step adds the minicart, sidebar and pause screen (issue 9). */
export function Layout() {
  const shop = useRouteLoaderData("root") as Shop | undefined;
  const { t, i18n } = useTranslation();
  useScrollToTopOnNavigation();
  const next = i18n.language === "da-DK" ? "en-US" : "da-DK";
  return (
    <>
      <header className="site-header">
        <Link to="/" className="logo">
          {/* A restaurant's logo is its wordmark: it carries the name, so the text shows only without one. */}
          {shop?.settings.logo ? (
            <img className="logo-image" src={shop.settings.logo} alt={shop.productionUnit.name} height={44} />
          ) : (
            <span>{shop?.productionUnit.name}</span>
          )}
        </Link>
        <button type="button" lang={next} onClick={() => void chooseLanguage(next)}>
          {t("Language.Switch")}
        </button>
      </header>
      <main>
        <Outlet />
      </main>
    </>
  );
}
