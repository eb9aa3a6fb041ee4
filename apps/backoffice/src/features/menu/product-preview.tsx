/**
 * The product card as the guest will see it (SPEC §2: name, subtitle, labels, description, price with the
 * struck-through before-price, the weekday sale line, the options button or the counter), in Danish and English
 * side by side, for the weekday chosen. The prices are @app/domain's `shownPrices`, the rule the storefront's
 * catalogue prints; the words are the storefront's (guest-texts.ts). Nothing in it is a control: it is a picture.
 */
import { shownPrices } from "@app/domain";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { useImageFailed } from "../../lib/use-image-failed";
import { EDITOR_LANGUAGES, type EditorLanguage, type Texts } from "./fields";
import { GUEST_TEXTS, guestPrice, guestWeekday } from "./guest-texts";
import { LabelIcon } from "./label-icon";

export type PreviewLabel = { id: number; name: Texts; icon: string; colour: string };

export type PreviewProduct = {
  name: Texts;
  subtitle: Texts;
  description: Texts;
  /** null while the typed price is not a price yet: the card shows none. */
  priceMinor: number | null;
  originalPriceMinor: number | null;
  sale: { priceMinor: number; startDayOfWeek: number; endDayOfWeek: number } | null;
  imageUrl: string;
  labels: PreviewLabel[];
  hasOptions: boolean;
  isVisible: boolean;
};

export function ProductPreview(props: { product: PreviewProduct; isoWeekday: number; brandColour: string | null }) {
  const { t } = useTranslation();
  return (
    <div
      className="preview-cards"
      style={props.brandColour ? ({ "--brand": props.brandColour } as CSSProperties) : undefined}
    >
      {!props.product.isVisible && <p className="badge warn">{t("menu.preview.hidden")}</p>}
      {EDITOR_LANGUAGES.map((language) => (
        <figure key={language} className="preview-figure">
          <figcaption>{t(`menu.language.${language}`)}</figcaption>
          <PreviewCard product={props.product} language={language} isoWeekday={props.isoWeekday} />
        </figure>
      ))}
    </div>
  );
}

/** A missing text falls back to the other language, as the storefront's translate() does. */
function inLanguage(texts: Texts, language: EditorLanguage): string {
  return texts[language] || texts[language === "da-DK" ? "en-US" : "da-DK"];
}

function PreviewCard({
  product,
  language,
  isoWeekday,
}: {
  product: PreviewProduct;
  language: EditorLanguage;
  isoWeekday: number;
}) {
  const words = GUEST_TEXTS[language];
  const subtitle = inLanguage(product.subtitle, language);
  const description = inLanguage(product.description, language);
  const prices =
    product.priceMinor === null
      ? null
      : shownPrices(
          {
            priceMinor: product.priceMinor,
            originalPriceMinor: product.originalPriceMinor,
            dailyPriceMinor: product.sale?.priceMinor ?? null,
            dailyStartDayOfWeek: product.sale?.startDayOfWeek ?? null,
            dailyEndDayOfWeek: product.sale?.endDayOfWeek ?? null,
          },
          isoWeekday,
        );
  const image = useImageFailed(product.imageUrl);
  const shown = product.imageUrl !== "" && !image.failed;
  return (
    <div className={shown ? "preview-card" : "preview-card no-image"} lang={language}>
      <div className="preview-body">
        <p className="preview-name">{inLanguage(product.name, language)}</p>
        {subtitle && <p className="preview-subtitle">{subtitle}</p>}
        {product.labels.length > 0 && (
          <ul className="preview-labels">
            {product.labels.map((label) => (
              <li key={label.id} className="label-chip">
                <LabelIcon icon={label.icon} colour={label.colour} />
                <span>{inLanguage(label.name, language)}</span>
              </li>
            ))}
          </ul>
        )}
        {description && <p className="preview-description">{description}</p>}
      </div>
      {shown && (
        <img className="preview-image" src={product.imageUrl} alt="" width={112} height={84} onError={image.onError} />
      )}
      <div className="preview-footer">
        <div>
          {product.sale && <SaleLine sale={product.sale} language={language} />}
          {prices && (
            <p className="preview-price">
              {prices.originalPriceMinor !== null && (
                <>
                  <s aria-hidden="true">{guestPrice(prices.originalPriceMinor, language)}</s>
                  <span className="visually-hidden">
                    {words.originalPrice(guestPrice(prices.originalPriceMinor, language))},
                  </span>
                </>
              )}{" "}
              <strong>{guestPrice(prices.priceMinor, language)}</strong>
            </p>
          )}
        </div>
        <span className="preview-action">{product.hasOptions ? words.options : "−  0  +"}</span>
      </div>
    </div>
  );
}

function SaleLine({ sale, language }: { sale: NonNullable<PreviewProduct["sale"]>; language: EditorLanguage }) {
  const words = GUEST_TEXTS[language];
  const from = guestWeekday(language, sale.startDayOfWeek);
  const text =
    sale.startDayOfWeek === sale.endDayOfWeek
      ? words.saleOneDay(from)
      : words.sale(from, guestWeekday(language, sale.endDayOfWeek));
  return (
    <p className="preview-sale">
      {text}: {guestPrice(sale.priceMinor, language)}
    </p>
  );
}
