/**
 * Every page's frame: the skip link, the header (the app's name, the navigation a role may use, the language and
 * the account menu; on a phone one row with a menu holding them), and the page in <main>; around them the guard
 * that asks before a link leaves unsaved typing.
 */
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useMatches } from "react-router";
import { ordersPath } from "../features/orders";
import { paymentsPath } from "../features/payments";
import { restaurantsQuery } from "../lib/restaurant-list";
import { managingMemberships, meQuery } from "../lib/session";
import { useMediaQuery } from "../lib/use-media-query";
import { AccountMenu } from "./account-menu";
import { LanguageSwitch } from "./language-switch";
import { LeaveGuard } from "./leave-guard";
import { PhoneMenu } from "./phone-menu";

/** A route's `handle`: how wide its page is (the header takes the same width). */
export type PageHandle = { width?: "wide" | "full" };

export function Shell({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const me = useQuery({ ...meQuery, enabled: signedIn }).data;
  const managing = me ? managingMemberships(me) : [];
  const staffOrganisation = managing.length === 1 ? managing[0] : undefined;
  const owned = me?.memberships.filter((m) => m.role === "owner") ?? [];
  // Payments are the organisation's owner's: one organisation owned, its page from the menu (several: the list).
  const paymentsOrganisation = owned.length === 1 ? owned[0] : undefined;
  const restaurants = useQuery({ ...restaurantsQuery, enabled: signedIn }).data?.restaurants ?? [];
  // One restaurant: its orders straight from the menu; several: the list, where each has its orders link.
  const onlyRestaurant = restaurants.length === 1 ? restaurants[0] : undefined;
  // A page may ask for more width, and the header lines up with it: the order queue's columns ("wide"), the
  // kitchen's tiles (the whole screen, "full").
  const width = useMatches()
    .map((match) => (match.handle as PageHandle | undefined)?.width)
    .find((w) => w !== undefined);
  // Below 48rem the name, the language, the account and the links do not fit one row (issue: two rows, the account
  // cut to "Ejer, Bistro Nørr…" on a 390 px phone): they go into the menu.
  const phone = !useMediaQuery("(min-width: 48rem)");
  const links = (
    <>
      <NavLink to="/" end>
        {t("nav.restaurants")}
      </NavLink>
      {onlyRestaurant && <NavLink to={ordersPath(onlyRestaurant.id)}>{t("nav.orders")}</NavLink>}
      {staffOrganisation && (
        <NavLink to={`/organisations/${staffOrganisation.organisationId}/staff`}>{t("nav.staff")}</NavLink>
      )}
      {paymentsOrganisation && (
        <NavLink to={paymentsPath(paymentsOrganisation.organisationId)}>{t("nav.payments")}</NavLink>
      )}
      {managing.length > 0 && <NavLink to="/audit">{t("nav.audit")}</NavLink>}
    </>
  );
  return (
    <LeaveGuard>
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link to #main (and works as one without script); the handler only keeps the router out */}
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          const heading = document.getElementById("page-title");
          if (heading) {
            event.preventDefault();
            heading.focus();
          }
        }}
      >
        {t("app.skipToContent")}
      </a>
      <header className={width ? `app-header ${width}` : "app-header"}>
        <div className="header-row">
          <span className="app-name">{t("app.name")}</span>
          {me && phone ? (
            <PhoneMenu me={me} links={links} />
          ) : (
            <div className="header-tools">
              <LanguageSwitch />
              {me && <AccountMenu me={me} />}
            </div>
          )}
        </div>
        {me && !phone && (
          <nav aria-label={t("nav.label")} className="app-nav">
            {links}
          </nav>
        )}
      </header>
      <main id="main" className={!signedIn ? "page narrow" : width ? `page ${width}` : "page"}>
        <Outlet />
      </main>
    </LeaveGuard>
  );
}
