import { isValidZipCode } from "@app/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/ui/text-field";
import { errorCodeOf } from "../../../lib/api-client";
import { priceText } from "../../../lib/price-text";
import { type AddressDraft, rememberAddressDraft, storedAddressDraft } from "../address-draft-storage";
import { useFulfilmentPage } from "../fulfilment-page";
import { onEnter, useCheckoutChange } from "../hooks/use-checkout-change";

/**
 * The delivery address, an optional floor and door, and the zip code, checked by the server (which sets the zip
 * code's fee, shown here once known: issue 42). The fields hold what the guest types; the session holds the
 * address the server accepted; what was typed is also kept apart, so a reload loses nothing (address-draft-storage).
 * The floor and door travel in the stored address line ("Vestergade 12, 3. tv.",
 * deliveryAddressLine), where the driver and the receipt read the address: no API change (decision 029).
 */
export function DeliveryAddressFields() {
  const { t } = useTranslation();
  const { shop, instance, checkout, session, dispatch, placing, api } = useFulfilmentPage();
  const [typed] = useState(
    () =>
      storedAddressDraft() ?? {
        address: session.delivery.address,
        zipCode: session.delivery.zipCode,
        floorDoor: session.delivery.floorDoor ?? "",
      },
  );
  const [address, setAddress] = useState(typed.address);
  const [zipCode, setZipCode] = useState(typed.zipCode);
  const [floorDoor, setFloorDoor] = useState(typed.floorDoor);
  const fields = { address, zipCode, floorDoor };
  const [tried, setTried] = useState(false);
  const { change, pending, error, reset } = useCheckoutChange((checkoutId: string, draft: AddressDraft) =>
    api.setDeliveryAddress(checkoutId, {
      moduleId: shop.module.id,
      address: deliveryAddressLine(draft.address, draft.floorDoor),
      zipCode: draft.zipCode,
    }),
  );

  const showFieldErrors = tried || session.showValidationErrors;
  const addressError = showFieldErrors && address.trim() === "" ? t("DeliveryMethod.Address") : null;
  const zipError = showFieldErrors && !isValidZipCode(zipCode.trim()) ? t("DeliveryMethod.Zipcode") : null;
  const accepted = checkout.delivery !== null && session.delivery.address !== "";
  const unchanged =
    address.trim() === session.delivery.address &&
    zipCode.trim() === session.delivery.zipCode &&
    floorDoor.trim() === (session.delivery.floorDoor ?? "");
  // While the address is being checked the fields are read-only and the button aria-disabled, not disabled: a
  // disabled control drops the keyboard focus to the page's body (the guest pressed Enter in the zip code, or
  // the button), and a keyboard or screen-reader user starts again at the top.
  const checking = pending !== null;

  const checkAddress = () => {
    if (checking) return;
    setTried(true);
    reset();
    const draft = { address: address.trim(), zipCode: zipCode.trim(), floorDoor: floorDoor.trim() };
    if (draft.address === "" || !isValidZipCode(draft.zipCode)) return;
    const futureOrderDatesAllowed = instance.guestFutureOrderDates > 0;
    const delivery = {
      address: draft.address,
      zipCode: draft.zipCode,
      ...(draft.floorDoor ? { floorDoor: draft.floorDoor } : {}),
    };
    change(draft, () => dispatch({ type: "deliverySet", delivery, futureOrderDatesAllowed }));
  };
  const field = {
    onKeyDown: onEnter(checkAddress),
    required: true,
    reserveMessage: showFieldErrors,
    disabled: placing,
    readOnly: checking,
  };
  return (
    <>
      <div className="checkout-address">
        <TextField
          {...field}
          label={t("GuestInfo.Address")}
          name="address"
          autoComplete="address-line1"
          value={address}
          onChange={(value) => {
            setAddress(value);
            rememberAddressDraft({ ...fields, address: value });
          }}
          error={addressError}
        />
        <TextField
          {...field}
          required={false}
          reserveMessage={false}
          label={t("Pickup.FloorDoor")}
          name="floorDoor"
          autoComplete="address-line2"
          maxLength={FLOOR_DOOR_MAX}
          value={floorDoor}
          onChange={(value) => {
            setFloorDoor(value);
            rememberAddressDraft({ ...fields, floorDoor: value });
          }}
          error={null}
        />
        <TextField
          {...field}
          label={t("GuestInfo.Zipcode")}
          name="zipCode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          value={zipCode}
          onChange={(value) => {
            setZipCode(value);
            rememberAddressDraft({ ...fields, zipCode: value });
          }}
          error={zipError}
        />
      </div>
      <button
        type="button"
        className="checkout-address-check"
        onClick={checkAddress}
        disabled={placing}
        aria-disabled={checking || undefined}
      >
        {t("CheckoutDetails.CheckAddress")}
      </button>
      <AddressStatus
        checking={checking}
        error={error}
        accepted={accepted && unchanged}
        fee={
          checkout.delivery ? { amount: checkout.delivery.deliveryFee, zipCode: checkout.delivery.zipCode ?? "" } : null
        }
      />
    </>
  );
}

/** Room for "3. tv." or "4th floor, door 12": a line, not a letter. */
const FLOOR_DOOR_MAX = 40;

/** The address line the server stores: the street, then the floor and door when given ("Vestergade 12, 3. tv."). */
export function deliveryAddressLine(street: string, floorDoor: string): string {
  const extra = floorDoor.trim();
  return extra === "" ? street.trim() : `${street.trim()}, ${extra}`;
}

/** What the guest reads for the server's refusals of an address (the zone's minimum order: issue 45). */
const ADDRESS_PROBLEMS: Record<string, string> = {
  DELIVERY_NOT_POSSIBLE: "DeliveryMethod.CannotDeliver",
  DELIVERY_BELOW_MINIMUM: "DeliveryMinimum.Below",
};

type AddressStatusProps = {
  checking: boolean;
  error: Error | null;
  accepted: boolean;
  /** The fee of the accepted zip code (the server's); null until an address is accepted. */
  fee: { amount: number; zipCode: string } | null;
};

/**
 * One line for the check's progress and outcome, always there: nothing below jumps. Where the address is entered,
 * the guest also reads what delivering to it costs (issue 42: the fee showed only in the totals).
 */
function AddressStatus({ checking, error, accepted, fee }: AddressStatusProps) {
  const { t, i18n } = useTranslation();
  const problem = ADDRESS_PROBLEMS[errorCodeOf(error) ?? ""] ?? "CheckoutDetails.AddressFailed";
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
        <p className="checkout-status checkout-status-ok">
          {t("CheckoutDetails.AddressAccepted")}
          {fee ? (
            <>
              {". "}
              <strong className="checkout-delivery-fee">
                {fee.amount > 0
                  ? t("Pickup.DeliveryFee", {
                      zipCode: fee.zipCode,
                      fee: priceText(fee.amount, i18n.language, t("Currency")),
                    })
                  : t("Pickup.DeliveryFeeFree", { zipCode: fee.zipCode })}
              </strong>
            </>
          ) : null}
        </p>
      ) : (
        <p className="checkout-status">{t("Pickup.DeliveryFeeUnknown")}</p>
      )}
    </div>
  );
}
