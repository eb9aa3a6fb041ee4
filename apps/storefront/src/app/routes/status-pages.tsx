import { BOOT_BLOCK_IDS } from "@app/contracts/storefront-boot";
import { type ReactNode, useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLoaderData, useSearchParams } from "react-router";
import {
  type AppState,
  BrandBar,
  parseSettings,
  RestaurantContact,
  type Shop,
  type StartAnswers,
} from "../../features/shop";
import { readDataBlock } from "../../lib/boot-data";
import { applyBrandColour } from "../../lib/brand-colour";
import { LanguageButton } from "../header";
import { usePageTitle } from "../page-title";
import { isInternetExplorer } from "../redirect-rules";

/**
 * How long a status page waits for the app start before it shows unbranded: /error or /maintenance opened while
 * the API does not answer must not wait for it.
 */
const START_WAIT_MS = 3_000;

/** What a status page shows of the restaurant: its name, logo, colour and how to reach it. */
export type ShopBrand = Pick<Shop, "productionUnit" | "settings">;

/**
 * The status pages' loader: their messages, and the shop when the app has started, so they keep the restaurant's
 * logo, colour and contact details. When it could not start (/error after a failed start: the API did not
 * answer), or does not answer within START_WAIT_MS, the restaurant as the server wrote it into the page
 * (pageBrand), so a guest told to "contact the restaurant" is shown how; null without it: unbranded.
 */
export async function statusPageLoader(deps: {
  appState: () => Promise<AppState>;
  ensureLanguage: () => Promise<void>;
  pageBrand?: () => ShopBrand | null;
}): Promise<ShopBrand | null> {
  const started = deps.appState().then(
    (state) => (state.status === "ready" ? state.shop : null),
    () => null,
  );
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), START_WAIT_MS));
  const [, shop] = await Promise.all([deps.ensureLanguage(), Promise.race([started, late])]);
  return shop ?? (deps.pageBrand ?? brandInPage)();
}

/** The production unit and settings of the app start's answers the server embedded in the page (lib/boot-data.ts). */
export function brandInPage(doc: Document = document): ShopBrand | null {
  const start = readDataBlock<Pick<StartAnswers, "productionUnit" | "frontend">>(BOOT_BLOCK_IDS.start, doc);
  if (typeof start?.productionUnit?.name !== "string" || !Array.isArray(start.frontend?.features)) return null;
  return { productionUnit: start.productionUnit, settings: parseSettings(start.frontend.features) };
}

/**
 * The frame every status page shares: the restaurant's logo and colour when the shop started, with the language
 * button (a guest who cannot read Danish is not stuck on a Danish page), its title (also the document's), its text, its actions and how to reach the restaurant, since the text says to.
 */
function StatusPage({ titleKey, children, actions }: { titleKey: string; children: ReactNode; actions: ReactNode }) {
  const { t } = useTranslation();
  const title = usePageTitle(titleKey);
  const shop = useLoaderData() as ShopBrand | null;
  const colour = shop?.settings.primaryColor ?? null;
  useLayoutEffect(() => applyBrandColour(document.documentElement, colour), [colour]);
  // Outside the shop's layout, which resets the scroll on each page (SPEC §2): shown from the top.
  // In braces: Chromium's scrollTo returns a promise, which React would take for the effect's cleanup.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <>
      {shop ? (
        <BrandBar restaurantName={shop.productionUnit.name} logo={shop.settings.logo}>
          <div className="header-actions">
            <LanguageButton />
          </div>
        </BrandBar>
      ) : null}
      <main className="page status-page" id="main">
        <h1>{title}</h1>
        {children}
        <div className="page-actions">{actions}</div>
        {shop ? (
          <RestaurantContact
            productionUnit={shop.productionUnit}
            label={t("Brand.Contact", { name: shop.productionUnit.name })}
          />
        ) : null}
      </main>
    </>
  );
}

/** A full load: the app starts over instead of reusing the failed start. */
function TryAgainButton() {
  const { t } = useTranslation();
  return (
    <button type="button" className="button-primary" onClick={() => window.location.assign("/")}>
      {t("Actions.TryAgain")}
    </button>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      titleKey="NotFoundPage.Title"
      actions={
        <Link to="/" className="button button-primary">
          {t("Actions.BackToFrontpage")}
        </Link>
      }
    >
      <p>{t("NotFoundPage.Message")}</p>
    </StatusPage>
  );
}

/** /error (SPEC §2): try again, back to the front page, the trace id as subtitle, the browser message. */
export function ErrorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const traceId = params.get("traceId");
  const unsupported = params.get("reason") === "browser" || isInternetExplorer(navigator.userAgent);
  return (
    <StatusPage
      titleKey="ErrorPage.Title"
      actions={
        <>
          <TryAgainButton />
          <a href="/" className="button">
            {t("Actions.BackToFrontpage")}
          </a>
        </>
      }
    >
      {traceId ? <p className="trace-id">{t("ErrorPage.TraceId", { traceId })}</p> : null}
      <p>{t(errorMessageKey(unsupported, params.get("reason")))}</p>
    </StatusPage>
  );
}

/** What the error page says: the browser is unsupported, the guest's network is busy (429), or try again later. */
function errorMessageKey(unsupported: boolean, reason: string | null): string {
  if (unsupported) return "ErrorMessage.UnsupportedBrowser";
  return reason === "busy" ? "ErrorMessage.TooManyRequests" : "ErrorMessage.TryAgain";
}

export function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <StatusPage titleKey="MaintenancePage.Title" actions={<TryAgainButton />}>
      <p>{t("Maintenance")}</p>
    </StatusPage>
  );
}
