import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useLoaderData, useLocation, useNavigate } from "react-router";
import { LoginForm } from "../../features/auth";
import { isBasketEmpty, KeptBasket, useBasket } from "../../features/basket";
import { type CategoryTile, CategoryTiles } from "../../features/menu";
import { usePageTitle } from "../page-title";
import { nextAfterLogin } from "../redirect-rules";
import { useRouteShop } from "../route-shop";
import "./front-page.css";

const FrontPageBand = lazy(() => import("./front-page-band"));

export type FrontPageData =
  | { view: "login"; productionUnitId: number }
  | { view: "closed" }
  | { view: "tiles"; categories: CategoryTile[] };

export function FrontPage({
  onLoginAttempt,
}: {
  onLoginAttempt: (attempt: { username: string; password: string }) => void;
}) {
  const data = useLoaderData() as FrontPageData;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const title = usePageTitle(data.view === "closed" ? "ClosedFrontpage.Title" : "Frontpage.Title");
  const shop = useRouteShop();
  const { basket } = useBasket();
  // Today's hours, open now and the earliest pickup, as a restaurant's page opens in a delivery app; its place is
  // kept while its code loads, so nothing below it moves.
  const band = shop ? (
    <Suspense fallback={<div className="restaurant-band-placeholder" />}>
      <FrontPageBand shop={shop} closed={false} />
    </Suspense>
  ) : null;
  if (data.view === "login") {
    return (
      <>
        {band}
        <h1>{title}</h1>
        <LoginForm
          productionUnitId={data.productionUnitId}
          onAttempt={onLoginAttempt}
          onLoggedIn={() => navigate(nextAfterLogin(search), { replace: true })}
        />
      </>
    );
  }
  if (data.view === "closed") {
    return (
      <>
        <h1>{title}</h1>
        <p className="closed-message">{t("ClosedFrontpage.Message")}</p>
        {/* A basket filled before the shop closed: what is in it and why it cannot be ordered (its own chunk). */}
        {shop && !isBasketEmpty(basket, shop.settings.bagFeeItem) ? (
          <Suspense fallback={null}>
            <KeptBasket bagFeeItem={shop.settings.bagFeeItem} />
          </Suspense>
        ) : null}
        {/* Closed until further notice (the setting), whatever the hours say: no band, but how to reach them. */}
        {shop ? (
          <Suspense fallback={null}>
            <FrontPageBand shop={shop} closed />
          </Suspense>
        ) : null}
      </>
    );
  }
  return (
    <>
      {band}
      <h1>{title}</h1>
      <CategoryTiles categories={data.categories} />
    </>
  );
}
