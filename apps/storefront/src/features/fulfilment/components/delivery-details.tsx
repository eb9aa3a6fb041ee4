import { useId } from "react";
import { useTranslation } from "react-i18next";
import { errorCodeOf, errorStatusOf } from "../../../lib/api-client";
import { deliveryDatesQuery } from "../api/get-delivery-dates";
import { deliveryTimesQuery } from "../api/get-delivery-times";
import { useFulfilmentPage } from "../fulfilment-page";
import { usePickupRead, usePickupSlots } from "../hooks/pickup-slots";
import { useCheckoutChange } from "../hooks/use-checkout-change";
import { DeliveryAddressFields } from "./delivery-address-fields";
import { PickupChoiceGroup } from "./pickup-choice-group";
import { pickupDateText } from "./pickup-date-text";
import { PickupSlotPicker } from "./pickup-slot-picker";

type ChoiceProblem = "CheckoutDetails.SaveFailed" | "CheckoutDetails.SlotTaken";

/**
 * Delivery (SPEC §4, §5): the address and zip code are checked by the server (which sets the zip code's
 * fee), then the guest picks one of the delivery dates and one of its times.
 */
export function DeliveryDetails() {
  const page = useFulfilmentPage();
  const accepted = page.checkout.delivery !== null && page.session.delivery.address !== "";
  const serverDate = page.checkout.delivery?.date ?? null;
  return (
    <>
      <DeliveryAddressFields />
      {accepted ? <DeliveryDatePicker serverDate={serverDate} /> : null}
      {accepted && serverDate !== null ? <DeliveryTimePicker serverDate={serverDate} /> : null}
    </>
  );
}

/** The dates of the accepted address: read once the server has it; a new address reads them again. */
function DeliveryDatePicker({ serverDate }: { serverDate: string | null }) {
  const { t, i18n } = useTranslation();
  const dateMessageId = useId();
  const { checkout, session, dispatch, today, placing, api } = useFulfilmentPage();
  const dates = usePickupRead(deliveryDatesQuery(api.getDeliveryDates, checkout.id, session.delivery));
  const { change, pending, error } = useCheckoutChange(api.setDeliveryDate);
  // A choice is saved before the next is taken. The radios stay enabled meanwhile: a disabled radio drops the
  // keyboard focus to the page's body.
  const chooseDate = (date: string) => {
    if (pending === null) change(date, () => dispatch({ type: "dateChosen", date }));
  };

  const words = { today: t("CheckoutDetails.Today"), tomorrow: t("CheckoutDetails.Tomorrow") };
  const dateMissing = session.showValidationErrors && serverDate === null && (dates.data?.length ?? 0) > 0;
  const dateMessage = error ? t("CheckoutDetails.SaveFailed") : dateMissing ? t("DeliveryMethod.DatePicker") : null;
  return (
    <PickupChoiceGroup
      legend={t("CheckoutDetails.DeliveryDate")}
      choices={(dates.data ?? []).map(({ date }) => ({
        value: date,
        ...pickupDateText(date, today, i18n.language, words),
      }))}
      chosen={pending ?? serverDate}
      onChoose={chooseDate}
      disabled={placing}
      wide
      busy={dates.status === "loading" || pending !== null}
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
  );
}

/** The times of the date the server holds. */
function DeliveryTimePicker({ serverDate }: { serverDate: string }) {
  const { t } = useTranslation();
  const { basket, checkout, session, dispatch, timeZone, today, placing, api } = useFulfilmentPage();
  const slots = usePickupSlots({
    query: deliveryTimesQuery(api.getDeliveryTimes, checkout.id, serverDate, basket.itemCount),
    chosen: session.chosenTimeslot,
    clearChosen: () => dispatch({ type: "timeslotChosen", time: null }),
  });
  const { change, pending, error } = useCheckoutChange(api.setDeliveryTime);
  // 409 SLOT_FULL: someone took it first; the fresh list will no longer offer it.
  const problem: ChoiceProblem | null = error
    ? slotTaken(error)
      ? "CheckoutDetails.SlotTaken"
      : "CheckoutDetails.SaveFailed"
    : null;
  // One choice saved at a time, the radios enabled meanwhile (as the dates above).
  const chooseTime = (time: string) => {
    if (pending !== null) return;
    change(
      time,
      () => dispatch({ type: "timeslotChosen", time }),
      (failure) => slotTaken(failure) && slots.retry(),
    );
  };
  return (
    <PickupSlotPicker
      legend={t("CheckoutDetails.DeliveryTime")}
      slots={slots}
      chosen={pending ?? session.chosenTimeslot}
      onChoose={chooseTime}
      disabled={placing}
      timeZone={timeZone}
      showValidationErrors={session.showValidationErrors}
      problem={problem ? t(problem) : null}
      asap={serverDate === today}
    />
  );
}

function slotTaken(error: unknown): boolean {
  return errorStatusOf(error) === 409 || errorCodeOf(error) === "SLOT_FULL";
}
