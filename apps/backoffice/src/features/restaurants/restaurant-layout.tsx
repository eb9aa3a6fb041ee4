import type { Restaurant } from "@app/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, NavLink, Outlet, useOutletContext, useParams } from "react-router";
import { LoadFailed, Loading, PageHeading } from "../../components/page-heading";
import { ScrollRowNav } from "../../components/scroll-row-nav";
import { ApiError } from "../../lib/api";
import { ownerOf, useMe } from "../../lib/session";
import { restaurantQuery } from "./api";

type RestaurantContext = { restaurant: Restaurant; isOwner: boolean };

/** One restaurant: its name, its sections as links, and the section shown. */
export function RestaurantLayout() {
  const { t } = useTranslation();
  const id = Number(useParams().restaurantId);
  const me = useMe();
  const restaurant = useQuery(restaurantQuery(id));
  const base = `/restaurants/${id}`;
  // The API answers 404 for a restaurant outside the account's (not 403): the same page as for one that does not exist.
  if (restaurant.error instanceof ApiError && restaurant.error.status === 404) {
    return (
      <>
        <PageHeading title={t("notFound.title")} />
        <p>{t("notFound.text")}</p>
        <Link to="/">{t("nav.restaurants")}</Link>
      </>
    );
  }
  // Staff of the restaurant may follow a manager's link here (figures, a menu page): its settings are not theirs.
  if (restaurant.error instanceof ApiError && restaurant.error.status === 403) {
    return (
      <>
        <PageHeading title={t("restaurant.managersOnly.title")} />
        <p>{t("restaurant.managersOnly.text")}</p>
        <p className="actions">
          <Link className="button" to={`/restaurants/${id}/orders`}>
            {t("nav.orders")}
          </Link>
          <Link className="button quiet" to={`/restaurants/${id}/kitchen`}>
            {t("kitchen.title")}
          </Link>
        </p>
      </>
    );
  }
  return (
    <>
      <PageHeading title={restaurant.data?.name ?? t("restaurant.title")} />
      {restaurant.data?.maintenance && <p className="badge warn">{t("restaurant.maintenanceOn")}</p>}
      <SectionNav base={base} />
      {restaurant.isPending ? (
        <Loading />
      ) : restaurant.isError ? (
        <LoadFailed />
      ) : (
        <Outlet
          context={
            { restaurant: restaurant.data, isOwner: ownerOf(me, restaurant.data.organisationId) } as RestaurantContext
          }
        />
      )}
    </>
  );
}

/** The restaurant's sections as one row of links (scrolling sideways where it does not fit). */
function SectionNav({ base }: { base: string }) {
  const { t } = useTranslation();
  return (
    <ScrollRowNav label={t("restaurant.sections")} className="section-nav">
      <NavLink to={base} end>
        {t("restaurant.details")}
      </NavLink>
      <NavLink to={`${base}/menu`}>{t("menu.title")}</NavLink>
      <NavLink to={`${base}/hours`}>{t("hours.link")}</NavLink>
      <NavLink to={`${base}/discount-codes`}>{t("codes.navCodes")}</NavLink>
      <NavLink to={`${base}/giftcards`}>{t("codes.navGiftcards")}</NavLink>
      <NavLink to={`${base}/figures`}>{t("figures.title")}</NavLink>
      <NavLink to={`${base}/brand`}>{t("restaurant.brand")}</NavLink>
      <NavLink to={`${base}/settings`}>{t("restaurant.settings")}</NavLink>
      <NavLink to={`${base}/terms`}>{t("restaurant.terms")}</NavLink>
    </ScrollRowNav>
  );
}

export function useRestaurant(): RestaurantContext {
  return useOutletContext<RestaurantContext>();
}
