import type { DeliveryDate } from "@app/contracts";
import { isValidZipCode } from "@app/domain";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorCodeOf, errorStatusOf } from "../../../lib/api-client";
import { useCheckoutPage } from "../checkout-page-context";
import { usePickupRead, usePickupSlots } from "../hooks/pickup-slots";
import { GuestTextField } from "./guest-text-field";
import { PickupChoiceGroup } from "./pickup-choice-group";
import { pickupDateText } from "./pickup-date-text";
import { PickupSlotPicker } from "./pickup-slot-picker";
import "./checkout-details.css";

type AddressProblem = "DeliveryMethod.CannotDeliver" | "CheckoutDetails.AddressFailed";
type ChoiceProblem = "CheckoutDetails.SaveFailed" | "CheckoutDetails.SlotTaken";

/**
 * Delivery (SPEC §4, §5): the address and zip code are checked by the server (which sets the zip code's
 * fee), then the guest picks one of the delivery dates and one of its times. Each choice is saved on the
 * checkout first and put in the session once the server took it, so the session never holds a date or
 * time the server does not.
 */
export function DeliveryDetails() {
  const { t, i18n } = useTranslation();
  const dateMessageId = useId();
  const page = useCheckoutPage();
  const { shop, instance, basket, checkout, setCheckout, session, dispatch, today, timeZone, placing, slotsVersion } =
    page;
  const { api } = page;
  const futureOrderDatesAllowed = instance.guestFutureOrderDates > 0;

  // The fields hold what the guest types; the session holds the address the server accepted.
  const [address, setAddress] = useState(session.delivery.address);
  const [zipCode, setZipCode] = useState(session.delivery.zipCode);
  const [tried, setTried] = useState(false);
  const [checking, setChecking] = useState(false);
  const [addressProblem, setAddressProblem] = useState<AddressProblem | null>(null);
  const mounted = useMounted();

  const showFieldErrors = tried || session.showValidationErrors;
  const addressError = showFieldErrors && address.trim() === "" ? t("DeliveryMethod.Address") : null;
  const zipError = showFieldErrors && !isValidZipCode(zipCode.trim()) ? t("DeliveryMethod.Zipcode") : null;
  const accepted = checkout.delivery !== null && session.delivery.address !== "";
  const unchanged = address.trim() === session.delivery.address && zipCode.trim() === session.delivery.zipCode;

  const checkAddress = async () => {
    setTried(true);
    setAddressProblem(null);
    const draft = { address: address.trim(), zipCode: zipCode.trim() };
    if (draft.address === "" || !isValidZipCode(draft.zipCode)) return;
    setChecking(true);
    try {
      const answered = await api.setDeliveryAddress(checkout.id, { moduleId: shop.module.id, ...draft });
      // Switched back to pickup meanwhile: the switch owns the session and the checkout now.
      if (!mounted.current) return;
      setCheckout(answered);
      dispatch({ type: "deliverySet", delivery: draft, futureOrderDatesAllowed });
    } catch (error) {
      if (!mounted.current) return;
      setAddressProblem(
        errorCodeOf(error) === "DELIVERY_NOT_POSSIBLE"
          ? "DeliveryMethod.CannotDeliver"
          : "CheckoutDetails.AddressFailed",
      );
    } finally {
      if (mounted.current) setChecking(false);
    }
  };
  // Enter in either field checks the address (and never submits a form around the page).
  const checkOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    void checkAddress();
  };

  // ── Dates: read once the server has the address; a new address reads them again. ──
  const serverDate = checkout.delivery?.date ?? null;
  const dates = usePickupRead<DeliveryDate[]>(
    accepted ? () => api.getDeliveryDates(checkout.id) : null,
    `${checkout.id}|${session.delivery.address}|${session.delivery.zipCode}`,
  );
  const [pendingDate, setPendingDate] = useState<string | null>(null);
  const [dateProblem, setDateProblem] = useState<ChoiceProblem | null>(null);
  const chooseDate = async (date: string) => {
    setPendingDate(date);
    setDateProblem(null);
    try {
      const answered = await api.setDeliveryDate(checkout.id, date);
      if (!mounted.current) return;
      setCheckout(answered);
      dispatch({ type: "dateChosen", date });
    } catch {
      if (mounted.current) setDateProblem("CheckoutDetails.SaveFailed");
    } finally {
      if (mounted.current) setPendingDate(null);
    }
  };

  // ── Times of the date the server holds. ──
  const slots = usePickupSlots({
    read: accepted && serverDate !== null ? () => api.getDeliveryTimes(checkout.id) : null,
    listKey: `${checkout.id}|${serverDate}`,
    refreshKey: `${basket.itemCount}|${slotsVersion}`,
    chosen: session.chosenTimeslot,
    clearChosen: () => dispatch({ type: "timeslotChosen", time: null }),
  });
  const [pendingTime, setPendingTime] = useState<string | null>(null);
  const [timeProblem, setTimeProblem] = useState<ChoiceProblem | null>(null);
  const chooseTime = async (time: string) => {
    setPendingTime(time);
    setTimeProblem(null);
    try {
      const answered = await api.setDeliveryTime(checkout.id, time);
      if (!mounted.current) return;
      setCheckout(answered);
      dispatch({ type: "timeslotChosen", time });
    } catch (error) {
      if (!mounted.current) return;
      // 409 SLOT_FULL: someone took it first; the fresh list will no longer offer it.
      const taken = errorStatusOf(error) === 409 || errorCodeOf(error) === "SLOT_FULL";
      setTimeProblem(taken ? "CheckoutDetails.SlotTaken" : "CheckoutDetails.SaveFailed");
      if (taken) slots.retry();
    } finally {
      if (mounted.current) setPendingTime(null);
    }
  };

  const words = { today: t("CheckoutDetails.Today"), tomorrow: t("CheckoutDetails.Tomorrow") };
  const dateMissing = session.showValidationErrors && serverDate === null && (dates.data?.length ?? 0) > 0;
  const dateMessage = dateProblem ? t(dateProblem) : dateMissing ? t("DeliveryMethod.DatePicker") : null;
  const busy = placing || checking;

  return (
    <>
      <div className="checkout-address">
        <GuestTextField
          label={t("GuestInfo.Address")}
          name="address"
          autoComplete="address-line1"
          value={address}
          onChange={setAddress}
          onKeyDown={checkOnEnter}
          required
          error={addressError}
          reserveMessage={showFieldErrors}
          disabled={busy}
        />
        <GuestTextField
          label={t("GuestInfo.Zipcode")}
          name="zipCode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          value={zipCode}
          onChange={setZipCode}
          onKeyDown={checkOnEnter}
          required
          error={zipError}
          reserveMessage={showFieldErrors}
          disabled={busy}
        />
      </div>
      <button type="button" className="checkout-address-check" onClick={() => void checkAddress()} disabled={busy}>
        {t("CheckoutDetails.CheckAddress")}
      </button>
      {/* One line for the check's progress and outcome, always there: nothing below jumps. */}
      <div aria-live="polite">
        {checking ? (
          <p className="checkout-status">
            <span className="spinner" aria-hidden="true" />
            {t("Spinner.CalculatingDeliveryPrice")}
          </p>
        ) : addressProblem ? (
          <p className="checkout-status checkout-status-error" role="alert">
            {t(addressProblem)}
          </p>
        ) : accepted && unchanged ? (
          <p className="checkout-status checkout-status-ok">{t("CheckoutDetails.AddressAccepted")}</p>
        ) : (
          <p className="checkout-status" />
        )}
      </div>

      {accepted ? (
        <PickupChoiceGroup
          legend={t("CheckoutDetails.DeliveryDate")}
          choices={(dates.data ?? []).map(({ date }) => ({
            value: date,
            ...pickupDateText(date, today, i18n.language, words),
          }))}
          chosen={pendingDate ?? serverDate}
          onChoose={(date) => void chooseDate(date)}
          disabled={placing || pendingDate !== null}
          wide
          busy={dates.status === "loading"}
          describedBy={dateMessage ? dateMessageId : undefined}
        >
          <div aria-live="polite">
            {dates.status === "loading" && !dates.data ? (
              <p className="checkout-status">
                <span className="spinner" aria-hidden="true" />
                {t("CheckoutDetails.LoadingDates")}
              </p>
            ) : dates.status === "loaded" && dates.data?.length === 0 ? (
              <p className="checkout-status">{t("CheckoutDetails.NoDeliveryDates")}</p>
            ) : dates.status === "failed" ? (
              <p className="checkout-status checkout-status-error">
                {t("CheckoutDetails.DatesFailed")}
                <button type="button" onClick={dates.retry} disabled={placing}>
                  {t("Actions.TryAgain")}
                </button>
              </p>
            ) : null}
          </div>
          <p id={dateMessageId} className="checkout-field-message" role="alert">
            {dateMessage}
          </p>
        </PickupChoiceGroup>
      ) : null}

      {accepted && serverDate !== null ? (
        <PickupSlotPicker
          legend={t("CheckoutDetails.DeliveryTime")}
          slots={slots}
          chosen={pendingTime ?? session.chosenTimeslot}
          onChoose={(time) => void chooseTime(time)}
          disabled={placing || pendingTime !== null}
          timeZone={timeZone}
          showValidationErrors={session.showValidationErrors}
          problem={timeProblem ? t(timeProblem) : null}
        />
      ) : null}
    </>
  );
}

/** Whether the component is still on the page when an answer arrives (the guest may have switched to pickup). */
function useMounted() {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}
