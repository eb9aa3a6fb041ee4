import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useGuestDetailsPage } from "../guest-details-page";
import { commentCharactersLeft, ORDER_COMMENT_MAX } from "../guest-rules";

/** Within this many characters of the limit a screen reader hears the count (once the guest pauses). */
export const ORDER_COMMENT_NEAR_LIMIT = 20;
/** How long the guest pauses typing before the count is announced: never on every keystroke. */
export const ORDER_COMMENT_ANNOUNCE_DELAY_MS = 1000;

/**
 * The order comment (SPEC §5): at most 125 characters, with a counter. The textarea's maxLength stops
 * typing, and the change handler cuts what a paste or an autofill brings in beyond it (maxLength does not
 * bind script-set values everywhere). The visible counter is the textarea's description, read when it gets
 * focus; a polite live region speaks the count only near the limit and only after a pause.
 */
export function OrderCommentSection() {
  const { t } = useTranslation();
  const id = useId();
  const { session, dispatch, placing } = useGuestDetailsPage();
  const comment = session.guestInformation.orderComment;
  const counter = t("CheckoutPage.OrderCommentCounter", { count: comment.length, max: ORDER_COMMENT_MAX });
  const announcement = useCalmAnnouncement(commentCharactersLeft(comment) <= ORDER_COMMENT_NEAR_LIMIT ? counter : "");
  return (
    <section className="checkout-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <label htmlFor={id}>{t("CheckoutPage.OrderComment")}</label>
      </h2>
      <div className="checkout-field">
        <textarea
          id={id}
          name="orderComment"
          className="checkout-input"
          rows={3}
          maxLength={ORDER_COMMENT_MAX}
          value={comment}
          disabled={placing}
          aria-describedby={`${id}-counter`}
          onChange={(event) =>
            dispatch({
              type: "guestInformationChanged",
              changes: { orderComment: event.target.value.slice(0, ORDER_COMMENT_MAX) },
            })
          }
        />
        <p
          id={`${id}-counter`}
          className="checkout-counter"
          data-full={comment.length >= ORDER_COMMENT_MAX || undefined}
        >
          {counter}
        </p>
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
      </div>
    </section>
  );
}

/** `text` once it has stood still for the announce delay: a live region fed by it speaks once per pause. */
function useCalmAnnouncement(text: string): string {
  const [announced, setAnnounced] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(text), ORDER_COMMENT_ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return announced;
}
