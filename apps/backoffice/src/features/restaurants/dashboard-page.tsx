import type { Membership } from "@app/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation } from "react-router";
import { LoadFailed, Loading, PageHeading } from "../../components/page-heading";
import { managesRestaurant, useMe } from "../../lib/session";
import { restaurantsQuery } from "./api";

/** The account's restaurants, by organisation, with what its role may do there. */
export function DashboardPage() {
  const { t } = useTranslation();
  const me = useMe();
  const list = useQuery(restaurantsQuery);
  // Kitchen and counter staff of one restaurant come for its orders: they land there after signing in (the
  // Restaurants link still shows this list).
  const justSignedIn = (useLocation().state as { signedIn?: boolean } | null)?.signedIn === true;
  const onlyStaff = me.memberships.every((m) => m.role === "staff");
  const only = list.data?.restaurants.length === 1 ? list.data.restaurants[0] : undefined;
  if (justSignedIn && onlyStaff && only) return <Navigate to={ordersPathOf(only.id)} replace />;
  return (
    <>
      <PageHeading title={t("dashboard.title")} />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed />
      ) : (
        me.memberships.map((membership) => (
          <Organisation
            key={membership.organisationId}
            membership={membership}
            restaurants={list.data.restaurants.filter((r) => r.organisationId === membership.organisationId)}
            canEdit={(restaurant) => managesRestaurant(me, restaurant)}
          />
        ))
      )}
    </>
  );
}

/** The orders feature's page (features/orders ordersPath): features do not import each other. */
const ordersPathOf = (restaurantId: number) => `/restaurants/${restaurantId}/orders`;

type Summary = { id: number; organisationId: number; name: string; hosts: string[]; maintenance: boolean };

function Organisation(props: { membership: Membership; restaurants: Summary[]; canEdit: (r: Summary) => boolean }) {
  const { t } = useTranslation();
  const { membership, restaurants, canEdit } = props;
  const headingId = `organisation-${membership.organisationId}`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="card-head">
        <h2 id={headingId}>{membership.organisationName}</h2>
        <span className="badge">{t(`roles.${membership.role}`)}</span>
      </div>
      {restaurants.length === 0 ? (
        <p>{t("dashboard.none")}</p>
      ) : (
        <ul className="restaurant-list">
          {restaurants.map((restaurant) => (
            <li key={restaurant.id}>
              {canEdit(restaurant) ? (
                <Link className="restaurant-link" to={`/restaurants/${restaurant.id}`}>
                  {restaurant.name}
                </Link>
              ) : (
                <span className="restaurant-name">{restaurant.name}</span>
              )}
              <span className="muted">{restaurant.hosts.join(", ")}</span>
              {restaurant.maintenance && <span className="badge warn">{t("restaurant.maintenanceOn")}</span>}
              {/* The restaurant's two screens, alike and side by side after what describes it. */}
              <span className="restaurant-screens">
                <Link className="button" to={ordersPathOf(restaurant.id)}>
                  {t("nav.orders")}
                  <span className="visually-hidden"> · {restaurant.name}</span>
                </Link>
                <Link className="button" to={`/restaurants/${restaurant.id}/kitchen`}>
                  {t("kitchen.title")}
                  <span className="visually-hidden">: {restaurant.name}</span>
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
      {membership.role !== "staff" && (
        <div className="actions">
          {membership.role === "owner" && (
            <Link className="button primary" to={`/organisations/${membership.organisationId}/restaurants/new`}>
              {t("dashboard.newRestaurant")}
            </Link>
          )}
          <Link className="button" to={`/organisations/${membership.organisationId}/staff`}>
            {t("nav.staff")}
          </Link>
          {membership.role === "owner" && (
            // The payments feature's page (features/payments paymentsPath): features do not import each other.
            <Link className="button" to={`/organisations/${membership.organisationId}/payments`}>
              {t("nav.payments")}
            </Link>
          )}
        </div>
      )}
    </section>
  );
}
