import { useTranslation } from "react-i18next";
import { priceText } from "../../../lib/price-text";
import { type OrderReceipt, type PaidWith, type ReadyTimeText, readyTimeText } from "../order-receipt";

export type OrderReceiptDetailsProps = {
  receipt: OrderReceipt;
  /** The restaurant's time zone: the time is shown on its clock. */
  timeZone: string;
  now: Date;
};

/** When the order is ready and what the guest still owes: the top of the receipt, read first. */
export function ReceiptWhen({ receipt, timeZone, now }: OrderReceiptDetailsProps) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const when = readyTimeText(receipt.readyTime, now, timeZone, i18n.language);
  const delivery = receipt.fulfilment === "delivery";
  return (
    <>
      <dl className="receipt-when">
        <dt>{t(delivery ? "Receipt.DeliveryTime" : "Receipt.PickupTime")}</dt>
        <dd>
          <time dateTime={receipt.readyTime}>{whenText(t, when)}</time>
        </dd>
        {delivery && receipt.deliveryAddress ? (
          <>
            <dt>{t("Receipt.DeliveryAddress")}</dt>
            <dd className="receipt-address">{receipt.deliveryAddress}</dd>
          </>
        ) : null}
      </dl>
      {receipt.toPayAtPickup > 0 ? (
        <p className="receipt-due">
          <strong>
            {t(delivery ? "Receipt.PayOnDelivery" : "Receipt.PayAtPickup", { amount: money(receipt.toPayAtPickup) })}
          </strong>
          <span>{t(delivery ? "Receipt.PayOnDeliveryNote" : "Receipt.PayAtPickupNote")}</span>
        </p>
      ) : null}
    </>
  );
}

/** The lines with their choices, the fees, the totals and how it was paid: what the email receipt says too. */
export function ReceiptBody({ receipt }: { receipt: OrderReceipt }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <>
      <section className="receipt-section" aria-labelledby="receipt-lines-title">
        <h2 id="receipt-lines-title">{t("Receipt.YourOrder")}</h2>
        <ul className="receipt-lines">
          {receipt.lines.map((line, index) => (
            // Lines have no id of their own; their order is the basket's and never changes on this page.
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, shown once
            <li key={index} className="receipt-line">
              <span className="receipt-line-name">
                <span className="receipt-amount">{line.amount} ×</span> {line.name}
              </span>
              <span className="receipt-price">{money(line.total)}</span>
              {line.choices.length > 0 ? (
                <ul className="receipt-choices">
                  {line.choices.map((choice, choiceIndex) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, shown once
                    <li key={choiceIndex}>
                      {choice.amount > 1 ? `${choice.amount} × ` : ""}
                      {choice.name}
                      {choice.price > 0 ? ` (+${money(choice.price)})` : ""}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <dl className="receipt-totals">
        <ReceiptRow label={t("Receipt.ItemsTotal")} value={money(receipt.itemsTotal)} />
        {receipt.fees.map((fee, index) => (
          <ReceiptRow
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, shown once
            key={index}
            label={fee.amount > 1 ? t("Receipt.BagFeeCount", { count: fee.amount }) : t("Receipt.BagFee")}
            value={money(fee.total)}
          />
        ))}
        {receipt.discounts.map((discount) => (
          <ReceiptRow
            key={discount.code}
            label={t("Receipt.Discount", { code: discount.code })}
            value={`−${money(discount.amount)}`}
          />
        ))}
        {receipt.fulfilment === "delivery" ? (
          <ReceiptRow label={t("Receipt.DeliveryFee")} value={money(receipt.deliveryFee)} />
        ) : null}
        <ReceiptRow className="receipt-total" label={t("Receipt.Total")} value={money(receipt.total)} />
      </dl>
      <section className="receipt-section" aria-labelledby="receipt-payment-title">
        <h2 id="receipt-payment-title">{t("Receipt.Payment")}</h2>
        <dl className="receipt-totals receipt-payments">
          {receipt.paid.map((paid, index) => (
            <ReceiptRow
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, shown once
              key={index}
              label={paidText(t, paid)}
              value={money(paid.amount)}
            />
          ))}
          {receipt.toPayAtPickup > 0 ? (
            <ReceiptRow
              className="receipt-due-row"
              label={t(receipt.fulfilment === "delivery" ? "Receipt.DueOnDelivery" : "Receipt.DueAtPickup")}
              value={money(receipt.toPayAtPickup)}
            />
          ) : null}
        </dl>
        {receipt.paid.some((paid) => paid.isTest) ? <p className="receipt-test">{t("Receipt.TestPayment")}</p> : null}
        <p className="receipt-vat">{t("Receipt.VatIncluded")}</p>
      </section>
    </>
  );
}

function ReceiptRow({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={className ? `receipt-row ${className}` : "receipt-row"}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

type Translate = ReturnType<typeof useTranslation>["t"];

function whenText(t: Translate, when: ReadyTimeText): string {
  if (when.day.kind === "today") return t("Receipt.Today", { time: when.time });
  if (when.day.kind === "tomorrow") return t("Receipt.Tomorrow", { time: when.time });
  return t("Receipt.OnDate", { date: when.day.text, time: when.time });
}

const PAID_KEYS: Record<PaidWith["method"], string> = {
  card: "Receipt.PaidCard",
  mobilepay: "Receipt.PaidMobilePay",
  giftcard: "Receipt.PaidGiftcard",
};

function paidText(t: Translate, paid: PaidWith): string {
  return t(PAID_KEYS[paid.method]);
}

/** An amount in DKK as the guest's language writes it (SPEC §5). */
function useMoney() {
  const { t, i18n } = useTranslation();
  const currency = t("Currency");
  return (dkk: number) => priceText(dkk, i18n.language, currency);
}
