import { useId } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/ui/text-field";
import type { GuestInformationDraft } from "../guest-details-page";
import { useGuestDetailsPage } from "../guest-details-page";
import { formatHintKey, type GuestFieldName, guestFieldErrors } from "../guest-rules";

/**
 * Name, phone and email (SPEC §5). Required per the shop's requiredGuestInformation; errors only after the
 * first attempt to place the order (session.showValidationErrors), then live as the guest corrects them.
 * Values go to the session as typed: the api sanitizes on send, so what the guest sees is what they typed.
 */
export function GuestInfoSection() {
  const { t } = useTranslation();
  const titleId = useId();
  const { shop, session, dispatch, placing } = useGuestDetailsPage();
  const required = shop.settings.requiredGuestInformation;
  const guest = session.guestInformation;
  const shown = session.showValidationErrors;
  const errors = shown ? guestFieldErrors(guest, required) : {};
  const hint = (field: GuestFieldName) => {
    const key = formatHintKey(field, errors[field]);
    return key ? t(key) : null;
  };
  const change = (changes: Partial<GuestInformationDraft>) => dispatch({ type: "guestInformationChanged", changes });
  return (
    <section className="checkout-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t("CheckoutPage.GuestInfo")}</h2>
      <TextField
        label={t("GuestInfo.Name")}
        name="name"
        autoComplete="name"
        value={guest.name}
        onChange={(name) => change({ name })}
        required={required.name}
        error={errors.name ? t(errors.name) : null}
        reserveMessage={shown}
        disabled={placing}
      />
      <TextField
        label={t("GuestInfo.Phone")}
        name="phone"
        type="tel"
        // "tel", not "numeric": the phone keypad has the "+" of "+45 12 34 56 78", which is accepted.
        inputMode="tel"
        autoComplete="tel"
        value={guest.phone}
        onChange={(phone) => change({ phone })}
        required={required.phone}
        error={errors.phone ? t(errors.phone) : null}
        hint={hint("phone")}
        reserveMessage={shown}
        disabled={placing}
      />
      <TextField
        label={t("GuestInfo.Email")}
        name="email"
        type="email"
        autoComplete="email"
        value={guest.email}
        onChange={(email) => change({ email })}
        required={required.email}
        error={errors.email ? t(errors.email) : null}
        hint={hint("email")}
        reserveMessage={shown}
        disabled={placing}
      />
    </section>
  );
}
