import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { phoneHref, phoneText } from "../../../lib/phone-text";
import { useFulfilmentPage } from "../fulfilment-page";
import { slotTimeText } from "../fulfilment-rules";
import type { PickupSlots } from "../hooks/pickup-slots";
import { type PickupChoice, PickupChoiceGroup } from "./pickup-choice-group";

export type PickupSlotPickerProps = {
  legend: string;
  slots: PickupSlots;
  chosen: string | null;
  onChoose: (time: string) => void;
  disabled: boolean;
  timeZone: string;
  /** After the first attempt to place the order: "Please choose a time" while none is chosen. */
  showValidationErrors: boolean;
  /** A message about the last choice (e.g. it could not be saved); null: none. */
  problem?: string | null;
  /**
   * The slots are today's: the earliest available one is offered as "As soon as possible (about 12:15)", first
   * and on a row of its own (issue 42). Choosing it chooses that slot, so the order is placed for it.
   */
  asap?: boolean;
  /**
   * The next date the guest may order for, when there is one: a day with no times (closed, or its times over)
   * then points to it, so the guest is not left on an empty day.
   */
  laterDate?: LaterDate | null;
};

export type LaterDate = { text: string; choose: () => void };

/** Slots shown before "Show all times": a day of a restaurant open late holds dozens, too many for a phone. */
export const FIRST_SLOTS_SHOWN = 12;

/**
 * The slots of one date (pickup or delivery), HH:MM on the restaurant's clock (SPEC §9 sends UTC), with
 * their loading, none and failed states in one live line, so the guest hears what happened.
 */
export function PickupSlotPicker({
  legend,
  slots,
  chosen,
  onChoose,
  disabled,
  timeZone,
  showValidationErrors,
  problem = null,
  asap = false,
  laterDate = null,
}: PickupSlotPickerProps) {
  const { t } = useTranslation();
  const messageId = useId();
  const { status, available } = slots;
  const choices = slotChoices(available, timeZone, asap, {
    asap: t("Pickup.Asap"),
    about: (time) => t("Pickup.AsapDetail", { time }),
  });
  const [showAll, setShowAll] = useState(false);
  // The chosen slot is always among those shown, also when it is later than the first ones.
  const chosenIndex = choices.findIndex((choice) => choice.value === chosen);
  const shownCount = showAll ? choices.length : Math.max(FIRST_SLOTS_SHOWN, chosenIndex + 1);
  const hiddenCount = choices.length - Math.min(shownCount, choices.length);
  const missing = showValidationErrors && chosen === null && available.length > 0;
  const message = problem ?? (missing ? t("DeliveryMethod.TimePicker") : null);
  return (
    <PickupChoiceGroup
      legend={legend}
      choices={choices.slice(0, shownCount)}
      chosen={chosen}
      onChoose={onChoose}
      disabled={disabled}
      describedBy={message ? messageId : undefined}
      busy={status === "loading"}
      invalid={missing}
    >
      {hiddenCount > 0 ? (
        <button type="button" className="button-quiet checkout-more-times" onClick={() => setShowAll(true)}>
          {t("CheckoutDetails.MoreTimes", { count: hiddenCount })}
        </button>
      ) : null}
      {/* One live line for loading / none / failed; while the same list is read again the old tiles stay. */}
      <SlotsStatus slots={slots} disabled={disabled} laterDate={laterDate} />
      <p
        id={messageId}
        className="checkout-field-message"
        role="alert"
        data-reserved={showValidationErrors || undefined}
      >
        {message}
      </p>
    </PickupChoiceGroup>
  );
}

/** The slots as choices: HH:MM each, the first of today's as "As soon as possible" with its time. */
export function slotChoices(
  available: readonly { time: string }[],
  timeZone: string,
  asap: boolean,
  words: { asap: string; about: (time: string) => string },
): PickupChoice[] {
  return available.map((slot, index) => {
    const time = slotTimeText(slot.time, timeZone);
    if (asap && index === 0) return { value: slot.time, label: words.asap, detail: words.about(time), featured: true };
    return { value: slot.time, label: time };
  });
}

function SlotsStatus({
  slots: { status, available, tooLarge, retry },
  disabled,
  laterDate,
}: {
  slots: PickupSlots;
  disabled: boolean;
  laterDate: LaterDate | null;
}) {
  const { t } = useTranslation();
  return (
    <div aria-live="polite">
      {status === "loading" && available.length === 0 ? (
        <p className="checkout-status">
          <span className="spinner" aria-hidden="true" />
          {t("DeliveryMethod.LoadingTimes")}
        </p>
      ) : tooLarge ? (
        <TooLargeForSlots />
      ) : status === "loaded" && available.length === 0 ? (
        <p className="checkout-status">
          {t("DeliveryMethod.NoAvailableTimes")}
          {laterDate ? (
            <button
              type="button"
              className="button-quiet checkout-later-date"
              onClick={laterDate.choose}
              disabled={disabled}
            >
              {t("CheckoutDetails.TimesOnLaterDate", { date: laterDate.text })}
            </button>
          ) : null}
        </p>
      ) : status === "failed" ? (
        <p className="checkout-status checkout-status-error">
          {t("CheckoutDetails.TimesFailed")}
          <button type="button" onClick={retry} disabled={disabled}>
            {t("Actions.TryAgain")}
          </button>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The basket is more than the kitchen can make for any one pickup time (PickupSlots.tooLarge): say so, and what
 * the guest can do: fewer items, or a call to the restaurant (its number, when the shop has one).
 */
function TooLargeForSlots() {
  const { t } = useTranslation();
  const phone = useFulfilmentPage().shop.productionUnit.phone.trim();
  return (
    <div className="checkout-status checkout-status-error checkout-too-large">
      <p>
        <strong>{t("Pickup.TooLarge")}</strong>
      </p>
      <p>
        {phone ? (
          <>
            {t("Pickup.TooLargeCall")} <a href={phoneHref(phone)}>{phoneText(phone)}</a>
          </>
        ) : (
          t("Pickup.TooLargeNoPhone")
        )}
      </p>
    </div>
  );
}
