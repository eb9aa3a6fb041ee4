import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePageTitle } from "../page-title";

/**
 * The checkout's way back and its heading: the top of the page, and all of it the first load shows while the
 * checkout's own code and reads arrive (app/page-loading.tsx), in the same place.
 */
export function CheckoutHeading() {
  const { t } = useTranslation();
  const title = usePageTitle("CheckoutPage.Title");
  return (
    <>
      <Link to="/" className="checkout-back">
        <span aria-hidden="true">←</span>
        {t("CheckoutPage.GoBack")}
      </Link>
      <h1>{title}</h1>
    </>
  );
}
