/**
 * One product: texts in both languages, prices typed as the person writes money, the weekday sale, labels, image,
 * gift card, visible or hidden, categories — and beside the form the card as guests will see it, drawn from what
 * is typed now. Its option groups are set below the form once the product exists.
 */
import { type EditorProduct, ProductInput, ProductUpdate } from "@app/contracts";
import { localParts } from "@app/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { CheckboxField, FieldGroup, SelectField, TextField } from "../../components/form";
import { DeleteButton, deletedMessageKey } from "./delete-button";
import { useMenuEditor } from "./editor-context";
import { MoneyField, TextsField, textsLabels, textsOf } from "./fields";
import { FormFrame } from "./form-frame";
import { guestWeekday } from "./guest-texts";
import { ImageInput } from "./image-input";
import { moneyLocale } from "./money-input";
import { nameIn } from "./names";
import { ProductModifiers } from "./product-modifiers";
import { ProductPreview } from "./product-preview";
import { PRICE_PATHS, type ProductValues, previewOf, productInput, productValues } from "./product-values";
import { useEditForm } from "./use-edit-form";

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

export function ProductPage() {
  const { productId } = useParams();
  const { editor } = useMenuEditor();
  const { t } = useTranslation();
  const product = editor.products.find((p) => String(p.id) === productId);
  if (productId !== "new" && !product) return <p>{t("menu.notFound")}</p>;
  return <ProductEditor key={product?.id ?? "new"} product={product} />;
}

/** The weekday's name for a select in the person's language, capitalised as a menu entry. */
function weekdayOption(language: string, isoWeekday: number) {
  const name = guestWeekday(language === "en-US" ? "en-US" : "da-DK", isoWeekday);
  return { value: String(isoWeekday), label: name.charAt(0).toUpperCase() + name.slice(1) };
}

function ProductEditor({ product }: { product: EditorProduct | undefined }) {
  const { t, i18n } = useTranslation();
  const { editor, calls, base, reload, restaurant } = useMenuEditor();
  const navigate = useNavigate();
  const locale = moneyLocale(i18n.language);
  const form = useEditForm({
    schema: product ? ProductUpdate : ProductInput,
    initial: productValues(product, locale),
    version: product?.version,
    toInput: (values: ProductValues) => productInput(values, locale),
    onValid: async (input) => {
      if (product) return calls.updateProduct(product.id, input as ProductUpdate);
      const created = await calls.createProduct(input);
      navigate(`${base}/products/${created.id}`, { replace: true });
      return created;
    },
    loadCurrent: async () => {
      const current = (await reload()).products.find((p) => p.id === product?.id);
      return current ? { values: productValues(current, locale), version: current.version } : null;
    },
  });
  const { values, errors, update } = form;
  const [weekday, setWeekday] = useState(() => localParts(new Date(), restaurant.timeZone).isoWeekday);
  const languageName = (lang: string) => t(`menu.language.${lang}`);
  const labels: Record<string, string> = {
    ...textsLabels("name", t("menu.fields.name"), languageName),
    ...textsLabels("subtitle", t("menu.fields.subtitle"), languageName),
    ...textsLabels("description", t("menu.fields.description"), languageName),
    internalName: t("menu.fields.internalName"),
    [PRICE_PATHS.price]: t("menu.product.price"),
    [PRICE_PATHS.originalPrice]: t("menu.product.originalPrice"),
    [PRICE_PATHS.salePrice]: t("menu.product.salePrice"),
    "productPriceDaily.startDayOfWeek": t("menu.product.saleFrom"),
    "productPriceDaily.endDayOfWeek": t("menu.product.saleTo"),
    labelIds: t("menu.labels"),
    imageUrl: t("menu.fields.image"),
    categoryIds: t("menu.product.categories"),
  };
  const currency = t("menu.currency");
  const unnamed = t("menu.unnamed");
  const title = product ? nameIn(product.name, i18n.language, unnamed) : t("menu.product.new");
  const previewLabels = editor.labels.map((label) => ({ ...label, name: textsOf(label.name) }));
  const toggle = (list: number[], id: number, on: boolean) => (on ? [...list, id] : list.filter((x) => x !== id));
  const weekdays = WEEKDAYS.map((day) => weekdayOption(i18n.language, day));

  return (
    <section aria-labelledby="product-title" className="menu-page">
      <p>
        <Link to={`${base}/products`}>{t("menu.backTo", { name: t("menu.products") })}</Link>
      </p>
      <h2 id="product-title">{title}</h2>
      <div className="product-editor">
        <div className="product-editor-form">
          <FormFrame form={form} labels={labels}>
            <TextsField
              path="name"
              labels={labels}
              value={values.name}
              errors={errors}
              onChange={(name) => update({ name })}
            />
            <TextsField
              path="subtitle"
              labels={labels}
              value={values.subtitle}
              errors={errors}
              onChange={(subtitle) => update({ subtitle })}
            />
            <TextsField
              path="description"
              labels={labels}
              value={values.description}
              errors={errors}
              multiline
              onChange={(description) => update({ description })}
            />
            <div className="money-row">
              <MoneyField
                path={PRICE_PATHS.price}
                label={labels[PRICE_PATHS.price]!}
                hint={t("menu.product.priceHint", { example: locale === "da-DK" ? "89,50" : "89.50" })}
                value={values.price}
                currency={currency}
                errors={errors}
                onChange={(price) => update({ price })}
              />
              <MoneyField
                path={PRICE_PATHS.originalPrice}
                label={labels[PRICE_PATHS.originalPrice]!}
                hint={t("menu.product.originalPriceHint")}
                value={values.originalPrice}
                currency={currency}
                errors={errors}
                onChange={(originalPrice) => update({ originalPrice })}
              />
            </div>
            <CheckboxField
              path="saleOn"
              label={t("menu.product.saleOn")}
              hint={t("menu.product.saleHint")}
              checked={values.saleOn}
              onChange={(saleOn) => update({ saleOn })}
            />
            {values.saleOn && (
              <div className="money-row">
                <MoneyField
                  path={PRICE_PATHS.salePrice}
                  label={labels[PRICE_PATHS.salePrice]!}
                  value={values.salePrice}
                  currency={currency}
                  errors={errors}
                  onChange={(salePrice) => update({ salePrice })}
                />
                <SelectField
                  path="productPriceDaily.startDayOfWeek"
                  label={labels["productPriceDaily.startDayOfWeek"]!}
                  value={String(values.saleStart)}
                  error={errors["productPriceDaily.startDayOfWeek"]}
                  options={weekdays}
                  onChange={(day) => update({ saleStart: Number(day) })}
                />
                <SelectField
                  path="productPriceDaily.endDayOfWeek"
                  label={labels["productPriceDaily.endDayOfWeek"]!}
                  value={String(values.saleEnd)}
                  error={errors["productPriceDaily.endDayOfWeek"]}
                  options={weekdays}
                  onChange={(day) => update({ saleEnd: Number(day) })}
                />
              </div>
            )}
            {editor.labels.length > 0 && (
              <FieldGroup legend={labels.labelIds!} path="labelIds" error={errors.labelIds}>
                <div className="check-grid">
                  {editor.labels.map((label) => (
                    <CheckboxField
                      key={label.id}
                      path={`label-${label.id}`}
                      label={nameIn(label.name, i18n.language, unnamed)}
                      checked={values.labelIds.includes(label.id)}
                      onChange={(on) => update((v) => ({ ...v, labelIds: toggle(v.labelIds, label.id, on) }))}
                    />
                  ))}
                </div>
              </FieldGroup>
            )}
            <ImageInput
              path="imageUrl"
              label={labels.imageUrl!}
              value={values.imageUrl}
              error={errors.imageUrl}
              onChange={(imageUrl) => update({ imageUrl })}
            />
            <CheckboxField
              path="isVisible"
              label={t("menu.product.visible")}
              hint={t("menu.product.visibleHint")}
              checked={values.isVisible}
              onChange={(isVisible) => update({ isVisible })}
            />
            <CheckboxField
              path="isGiftcard"
              label={t("menu.product.giftcard")}
              hint={t("menu.product.giftcardHint")}
              checked={values.isGiftcard}
              onChange={(isGiftcard) => update({ isGiftcard })}
            />
            <FieldGroup legend={labels.categoryIds!} path="categoryIds" error={errors.categoryIds}>
              {editor.menus.map((menu) => (
                <div key={menu.id} className="check-grid">
                  <p className="check-grid-title">{menu.name}</p>
                  {menu.categories.map((category) => (
                    <CheckboxField
                      key={category.id}
                      path={`category-${category.id}`}
                      label={nameIn(category.name, i18n.language, unnamed)}
                      checked={values.categoryIds.includes(category.id)}
                      onChange={(on) => update((v) => ({ ...v, categoryIds: toggle(v.categoryIds, category.id, on) }))}
                    />
                  ))}
                </div>
              ))}
            </FieldGroup>
            <TextField
              path="internalName"
              label={labels.internalName!}
              hint={t("menu.fields.internalNameHint")}
              value={values.internalName}
              error={errors.internalName}
              onChange={(internalName) => update({ internalName })}
            />
          </FormFrame>
        </div>
        <aside className="product-editor-preview" aria-labelledby="preview-title">
          <h3 id="preview-title">{t("menu.preview.title")}</h3>
          <SelectField
            path="previewWeekday"
            label={t("menu.preview.weekday")}
            value={String(weekday)}
            options={weekdays}
            onChange={(day) => setWeekday(Number(day))}
          />
          <ProductPreview
            product={previewOf(values, locale, previewLabels, (product?.modifiers.length ?? 0) > 0)}
            isoWeekday={weekday}
            brandColour={restaurant.settings.primaryColor}
          />
          <p className="hint">{t("menu.preview.hint")}</p>
        </aside>
      </div>
      {product && <ProductModifiers product={product} onProductSaved={(saved) => form.rebase(saved.version)} />}
      {product && (
        <DeleteButton
          name={title}
          onDelete={() => calls.deleteProduct(product.id, form.version)}
          onDone={(result) =>
            navigate(`${base}/products`, { state: { notice: { key: deletedMessageKey(result), name: title } } })
          }
        />
      )}
    </section>
  );
}
