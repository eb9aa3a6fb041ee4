import { isValidZipCode } from "@app/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/ui/text-field";
import { errorCodeOf } from "../../../lib/api-client";
import { useFulfilmentPage } from "../fulfilment-page";
import { onEnter, useCheckoutChange } from "../hooks/use-checkout-change";

type Address = { address: string; zipCode: string };

/**
 * The delivery address and zip code, checked by the server (which sets the zip code's fee). The fields hold
 * what the guest types; the session holds the address the server accepted.
 */
export function DeliveryAddressFields() {
  const { t } = useTranslation();
  const { shop, instance, checkout, session, dispatch, placing, api } = useFulfilmentPage();
  const [address, setAddress] = useState(session.delivery.address);
  const [zipCode, setZipCode] = useState(session.delivery.zipCode);
  const [tried, setTried] = useState(false);
  const { change, pending, error, reset } = useCheckoutChange((checkoutId: string, draft: Address) =>
    api.setDeliveryAddress(checkoutId, { moduleId: shop.module.id, ...draft }),
  );

  const showFieldErrors = tried || session.showValidationErrors;
  const addressError = showFieldErrors && address.trim() === "" ? t("DeliveryMethod.Address") : null;
  const zipError = showFieldErrors && !isValidZipCode(zipCode.trim()) ? t("DeliveryMethod.Zipcode") : null;
  const accepted = checkout.delivery !== null && session.delivery.address !== "";
  const unchanged = address.trim() === session.delivery.address && zipCode.trim() === session.delivery.zipCode;
  const busy = placing || pending !== null;

  const checkAddress = () => {
    setTried(true);
    reset();
    const draft = { address: address.trim(), zipCode: zipCode.trim() };
    if (draft.address === "" || !isValidZipCode(draft.zipCode)) return;
    const futureOrderDatesAllowed = instance.guestFutureOrderDates > 0;
    change(draft, () => dispatch({ type: "deliverySet", delivery: draft, futureOrderDatesAllowed }));
  };
  const field = { onKeyDown: onEnter(checkAddress), required: true, reserveMessage: showFieldErrors, disabled: busy };
  return (
    <>
      <div className="checkout-address">
        <TextField
          {...field}
          label={t("GuestInfo.Address")}
          name="address"
          autoComplete="address-line1"
          value={address}
          onChange={setAddress}
          error={addressError}
        />
        <TextField
          {...field}
          label={t("GuestInfo.Zipcode")}
          name="zipCode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          value={zipCode}
          onChange={setZipCode}
          error={zipError}
        />
      </div>
      <button type="button" className="checkout-address-check" onClick={checkAddress} disabled={busy}>
        {t("CheckoutDetails.CheckAddress")}
      </button>
      <AddressStatus checking={pending !== null} error={error} accepted={accepted && unchanged} />
    </>
  );
}

/** One line for the check's progress and outcome, always there: nothing below jumps. */
function AddressStatus({ checking, error, accepted }: { checking: boolean; error: Error | null; accepted: boolean }) {
  const { t } = useTranslation();
  const problem =
    errorCodeOf(error) === "DELIVERY_NOT_POSSIBLE" ? "DeliveryMethod.CannotDeliver" : "CheckoutDetails.AddressFailed";
  return (
    <div aria-live="polite">
      {checking ? (
        <p className="checkout-status">
          <span className="spinner" aria-hidden="true" />
          {t("Spinner.CalculatingDeliveryPrice")}
        </p>
      ) : error ? (
        <p className="checkout-status checkout-status-error" role="alert">
          {t(problem)}
        </p>
      ) : accepted ? (
        <p className="checkout-status checkout-status-ok">{t("CheckoutDetails.AddressAccepted")}</p>
      ) : (
        <p className="checkout-status" />
      )}
    </div>
  );
}
