import { useMutation } from "@tanstack/react-query";
import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { pickupSlotsQuery } from "../api/get-available-order-times";
import { oneItemSlotsQuery } from "../api/get-one-item-slots";
import { useFulfilmentPage } from "../fulfilment-page";
import { orderDates } from "../fulfilment-rules";
import { usePickupSlots } from "../hooks/pickup-slots";
import { DeliveryDetails } from "./delivery-details";
import { PickupChoiceGroup, type PickupChoiceGroupHandle } from "./pickup-choice-group";
import { pickupDateText } from "./pickup-date-text";
import { PickupSlotPicker } from "./pickup-slot-picker";

/**
 * "Pickup time" (SPEC §2, §4, §5): with delivery enabled, pickup or delivery first; then, for pickup, the
 * date (when future dates are allowed) and the available slots of that date; for delivery, the address,
 * the delivery date and time. The session's rules (what a switch or a new date clears) are the reducer's.
 */
export function PickupTimeSection() {
  const { t } = useTranslation();
  const titleId = useId();
  const { shop, session } = useFulfilmentPage();
  const deliveryEnabled = shop.settings.deliveryEnabled;
  // Named for what it is (issue 42): a delivery is no pickup time.
  const title = !deliveryEnabled
    ? "Pickup.TitlePickup"
    : session.isDelivery === true
      ? "Pickup.TitleDelivery"
      : session.isDelivery === false
        ? "Pickup.TitlePickup"
        : "Pickup.TitleChoose";
  return (
    <section className="checkout-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t(title)}</h2>
      {deliveryEnabled ? <DeliveryMethodSwitch /> : null}
      {/*
       * Until the guest has said pickup or delivery there is no time to pick: a slot chosen first would be
       * cleared by the switch (SPEC §4) right after.
       */}
      {!deliveryEnabled || session.isDelivery === false ? <PickupTimePicker /> : null}
      {deliveryEnabled && session.isDelivery === true ? <DeliveryDetails /> : null}
    </section>
  );
}

function DeliveryMethodSwitch() {
  const { t } = useTranslation();
  const messageId = useId();
  const { session, dispatch, checkout, setCheckout, instance, placing, api } = useFulfilmentPage();
  // Back to pickup: the server drops the address, fee, date and time, and the totals lose the fee.
  const removal = useMutation({ mutationFn: (checkoutId: string) => api.removeDelivery(checkoutId) });
  const removeFailed = removal.isError;
  const removeServerDelivery = () => removal.mutate(checkout.id, { onSuccess: setCheckout });
  const choose = (value: string) => {
    const isDelivery = value === "delivery";
    dispatch({ type: "deliveryMethodChosen", isDelivery, futureOrderDatesAllowed: instance.guestFutureOrderDates > 0 });
    if (!isDelivery && checkout.delivery !== null) removeServerDelivery();
  };

  const missing = session.showValidationErrors && session.isDelivery === null;
  const chosen = session.isDelivery === null ? null : session.isDelivery ? "delivery" : "pickup";
  return (
    <PickupChoiceGroup
      legend={t("CheckoutDetails.Method")}
      choices={[
        { value: "pickup", label: t("DeliveryMethod.Pickup") },
        { value: "delivery", label: t("DeliveryMethod.Delivery") },
      ]}
      chosen={chosen}
      onChoose={choose}
      disabled={placing}
      wide
      className="checkout-method"
      describedBy={missing || removeFailed ? messageId : undefined}
      invalid={missing}
    >
      <p id={messageId} className="checkout-field-message" role="alert">
        {removeFailed ? (
          <>
            {t("CheckoutDetails.SaveFailed")}{" "}
            <button type="button" onClick={() => removeServerDelivery()} disabled={placing}>
              {t("Actions.TryAgain")}
            </button>
          </>
        ) : missing ? (
          t("CheckoutDetails.ChooseMethod")
        ) : null}
      </p>
    </PickupChoiceGroup>
  );
}

function PickupTimePicker() {
  const { t, i18n } = useTranslation();
  const dateMessageId = useId();
  const dateGroup = useRef<PickupChoiceGroupHandle>(null);
  const { shop, instance, basket, checkout, session, dispatch, today, timeZone, placing, api } = useFulfilmentPage();
  const dates = orderDates(today, instance.guestFutureOrderDates);
  const date = session.chosenDate;
  const slots = usePickupSlots({
    query:
      date === null
        ? null
        : pickupSlotsQuery(
            api.getAvailableOrderTimes,
            checkout.id,
            { productionUnitId: shop.productionUnit.id, date, capacityInstanceId: shop.module.capacityInstanceId },
            basket.itemCount,
          ),
    oneItemQuery:
      date === null ? null : oneItemSlotsQuery(api.getOneItemSlots, checkout.id, shop.module.capacityInstanceId, date),
    chosen: session.chosenTimeslot,
    clearChosen: () => dispatch({ type: "timeslotChosen", time: null }),
  });

  const words = { today: t("CheckoutDetails.Today"), tomorrow: t("CheckoutDetails.Tomorrow") };
  const dateText = (value: string) => pickupDateText(value, today, i18n.language, words);
  const nextDate = date === null ? undefined : dates[dates.indexOf(date) + 1];
  const laterDate = nextDate
    ? {
        text: `${dateText(nextDate).label} ${dateText(nextDate).detail}`,
        choose: () => {
          dispatch({ type: "dateChosen", date: nextDate });
          // The button goes with the empty day: the keyboard's focus goes to the date now chosen, not to the top.
          dateGroup.current?.focusChoice(nextDate);
        },
      }
    : null;
  const dateMissing = session.showValidationErrors && date === null;
  return (
    <>
      {dates.length > 1 ? (
        <PickupChoiceGroup
          ref={dateGroup}
          legend={t("CheckoutDetails.Date")}
          choices={dates.map((value) => ({ value, ...dateText(value) }))}
          chosen={date}
          onChoose={(value) => dispatch({ type: "dateChosen", date: value })}
          disabled={placing}
          wide
          describedBy={dateMissing ? dateMessageId : undefined}
          invalid={dateMissing}
        >
          <p id={dateMessageId} className="checkout-field-message" role="alert">
            {dateMissing ? t("DeliveryMethod.DatePicker") : null}
          </p>
        </PickupChoiceGroup>
      ) : null}
      {date !== null ? (
        <PickupSlotPicker
          legend={t("CheckoutDetails.Time")}
          slots={slots}
          chosen={session.chosenTimeslot}
          onChoose={(time) => dispatch({ type: "timeslotChosen", time })}
          disabled={placing}
          timeZone={timeZone}
          showValidationErrors={session.showValidationErrors}
          asap={date === today}
          laterDate={laterDate}
        />
      ) : null}
    </>
  );
}
