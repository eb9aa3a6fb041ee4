import type { Terms } from "@app/contracts";
import { useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, redirect, useLoaderData, useLocation, useNavigate } from "react-router";
import {
  type AppState,
  BrandBar,
  getTerms,
  paragraphsOf,
  RestaurantContact,
  type Shop,
  termsIn,
  termsTarget,
} from "../../features/shop";
import { api } from "../../lib/api-client";
import { applyBrandColour } from "../../lib/brand-colour";
import { chooseLanguage, type Language } from "../../lib/i18n";
import { usePageTitle } from "../page-title";
import { redirectFor } from "../redirect-rules";
import "./terms-page.css";

export type TermsPageData = { shop: Shop; terms: Terms | null };

export type TermsPageDeps = {
  appState: () => Promise<AppState>;
  /** GET /terms/{moduleId}; left out, the API's. */
  terms?: ((moduleId: number) => Promise<Terms | null>) | undefined;
  userAgent: () => string;
};

/**
 * /terms: the restaurant's terms of trade. Guests read them before they log in or pay, so only the app start's
 * rules apply (an error, no shop for this host, maintenance), never the session login.
 */
export async function termsPageLoader(deps: TermsPageDeps): Promise<TermsPageData> {
  const state = await deps.appState();
  const shop = state.status === "ready" ? state.shop : undefined;
  const target = redirectFor("/", "", {
    status: state.status,
    traceId: state.status === "error" ? state.traceId : undefined,
    unsupportedBrowser: false,
    isDownForMaintenance: false,
    showClosedFrontpageMessage: false,
    startCategory: null,
    // The login gate does not stand in front of the terms.
    requireLogin: false,
    loggedIn: true,
  });
  if (target || !shop) throw redirect(target ?? "/notfound");
  const terms = await (deps.terms ?? ((moduleId) => getTerms(api, moduleId)))(shop.module.id);
  return { shop, terms };
}

export function TermsPage() {
  const { shop, terms } = useLoaderData() as TermsPageData;
  const { t, i18n } = useTranslation();
  const title = usePageTitle("Terms.Title");
  const colour = shop.settings.primaryColor;
  useLayoutEffect(() => applyBrandColour(document.documentElement, colour), [colour]);
  // Outside the shop's layout, which resets the scroll on each page (SPEC §2): the terms start at their top,
  // not where the checkout's terms box was.
  // In braces: Chromium's scrollTo returns a promise, which React would take for the effect's cleanup.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  const text = terms ? termsIn(terms, i18n.language) : null;
  const external = termsTarget(shop.settings.terms);
  return (
    <>
      <BrandBar restaurantName={shop.productionUnit.name} logo={shop.settings.logo}>
        <OtherLanguageButton />
      </BrandBar>
      <main className="page terms-page" id="main">
        <BackButton />
        <h1>{title}</h1>
        <p className="terms-meta">
          {shop.productionUnit.name}
          {terms ? ` · ${t("Terms.EffectiveFrom", { date: longDate(terms.effectiveFrom, i18n.language) })}` : ""}
        </p>
        {text ? (
          <article className="terms-text" lang={text.language}>
            {text.sections.map((section) => (
              <section key={section.heading}>
                <h2>{section.heading}</h2>
                {paragraphsOf(section.body).map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </section>
            ))}
          </article>
        ) : (
          <div className="terms-missing">
            <p>{t("Terms.Missing")}</p>
            {external?.kind === "external" ? (
              <a href={external.url} target="_blank" rel="noopener noreferrer">
                {t("Terms.External")}
                <span aria-hidden="true"> ↗</span>
              </a>
            ) : null}
          </div>
        )}
        <RestaurantContact productionUnit={shop.productionUnit} label={t("Terms.Seller")} full />
        <div className="page-actions terms-actions">
          <BackButton />
        </div>
      </main>
    </>
  );
}

/**
 * Back to where the guest came from, as the browser's back button would: the checkout they left is built again
 * from what it keeps in the browser. Opened on its own (a new tab, a shared link), back is the front page.
 */
function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const arrow = <span aria-hidden="true">← </span>;
  if (location.key === "default") {
    return (
      <Link to="/" className="button terms-back">
        {arrow}
        {t("Terms.Back")}
      </Link>
    );
  }
  return (
    <button type="button" className="button terms-back" onClick={() => navigate(-1)}>
      {arrow}
      {t("Terms.Back")}
    </button>
  );
}

/** "Read in English" / "Læs på dansk": the terms and the page in the other language. */
function OtherLanguageButton() {
  const { t, i18n } = useTranslation();
  const other: Language = i18n.language === "da-DK" ? "en-US" : "da-DK";
  return (
    <button
      type="button"
      className="button button-quiet terms-language"
      lang={other}
      onClick={() => void chooseLanguage(other)}
    >
      {t("Terms.OtherLanguage")}
    </button>
  );
}

/** "1. november 2026" / "November 1, 2026" for a YYYY-MM-DD date. */
function longDate(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
