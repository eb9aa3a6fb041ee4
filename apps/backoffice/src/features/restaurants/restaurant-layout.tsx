import type { Restaurant } from "@app/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, NavLink, Outlet, useOutletContext, useParams } from "react-router";
import { LoadFailed, Loading, PageHeading } from "../../components/page-heading";
import { ApiError } from "../../lib/api";
import { ownerOf, useMe } from "../../lib/session";
import { restaurantQuery } from "./api";

type RestaurantContext = { restaurant: Restaurant; isOwner: boolean };

/** One restaurant: its name, the sections (details, brand, settings, terms) as links, and the section shown. */
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
  return (
    <>
      <PageHeading title={restaurant.data?.name ?? t("restaurant.title")} />
      {restaurant.data?.maintenance && <p className="badge warn">{t("restaurant.maintenanceOn")}</p>}
      <nav aria-label={t("restaurant.sections")} className="section-nav">
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
      </nav>
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

export function useRestaurant(): RestaurantContext {
  return useOutletContext<RestaurantContext>();
}
