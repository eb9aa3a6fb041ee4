import { useTranslation } from "react-i18next";
import { useBagFeePage } from "../bag-fee-page";
import { useBagFeeRule } from "../hooks/use-bag-fee-rule";

/**
 * The bring-own-bag box (SPEC §4), offered when the shop has a bag product and the guest picks up: a
 * delivered order comes in the restaurant's bag. Ticking or unticking it records the guest's choice; the
 * bag fee rule it runs, whether the box shows or not, adds or removes the bag. Shown unticked until touched,
 * and an untouched box adds nothing: only an explicit untick does.
 */
export function BringOwnBag() {
  useBagFeeRule();
  return <BringOwnBagBox />;
}

function BringOwnBagBox() {
  const { t } = useTranslation();
  const { shop, session, dispatch, placing } = useBagFeePage();
  if (shop.settings.bagFeeItem === null || session.isDelivery === true) return null;
  return (
    <label className="payment-check">
      <input
        type="checkbox"
        checked={session.bringOwnBagIsChecked === true}
        disabled={placing}
        onChange={(event) => dispatch({ type: "bringOwnBagChanged", checked: event.target.checked })}
      />
      <span>{t("CheckoutPage.BringOwnBag")}</span>
    </label>
  );
}
