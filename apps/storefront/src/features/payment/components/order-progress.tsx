import type { Order } from "@app/contracts";
import { useTranslation } from "react-i18next";
import { PROGRESS_STEPS, progressView, reasonKeyOf } from "../order-progress-rules";

export type OrderProgressProps = {
  order: Order;
  /** The restaurant's time zone: the ready time is shown on its clock. */
  timeZone: string;
};

/**
 * The kitchen's progress on the order: received → accepted → ready as three steps, and one sentence in a polite
 * live region, so a screen reader says each change once without interrupting.
 */
export function OrderProgress({ order, timeZone }: OrderProgressProps) {
  const { t } = useTranslation();
  const view = progressView(order, timeZone);
  const reached = view.step === null ? -1 : PROGRESS_STEPS.indexOf(view.step);
  return (
    <section className={`order-progress order-progress-${view.tone}`} aria-labelledby="order-progress-title">
      <h2 id="order-progress-title">{t("OrderProgress.Title")}</h2>
      {view.step ? (
        <ol className="order-progress-steps">
          {PROGRESS_STEPS.map((step, index) => (
            <li
              key={step}
              className={index <= reached ? "order-progress-step is-reached" : "order-progress-step"}
              aria-current={index === reached ? "step" : undefined}
            >
              <span className="order-progress-dot" aria-hidden="true" />
              {t(`OrderProgress.Step.${step}`)}
            </li>
          ))}
        </ol>
      ) : null}
      <p className="order-progress-message" role="status" aria-live="polite">
        {t(view.key, { ...view.values, reason: t(reasonKeyOf(order)) })}
      </p>
    </section>
  );
}
