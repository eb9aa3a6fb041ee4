/**
 * One category: its name and description in both languages, internal name, image, whether it is the lunch
 * category (SPEC §5), and its products in their order (moved like the categories, saved with the category).
 */
import { CategoryInput, CategoryUpdate, type EditorCategory } from "@app/contracts";
import { LUNCH_CATEGORY_INTERNAL_NAME } from "@app/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { CheckboxField, SelectField, TextField } from "../../components/form";
import { DeleteButton, deletedMessageKey } from "./delete-button";
import { useMenuEditor } from "./editor-context";
import { EMPTY_TEXTS, type Texts, TextsField, textsLabels, textsOf } from "./fields";
import { FormFrame } from "./form-frame";
import { ImageInput } from "./image-input";
import { nameIn } from "./names";
import { moveItem } from "./reorder";
import { ReorderList } from "./reorder-list";
import { useEditForm } from "./use-edit-form";

type CategoryValues = {
  name: Texts;
  description: Texts;
  internalName: string;
  lunch: boolean;
  imageUrl: string;
  productIds: number[];
};

function categoryValues(category: EditorCategory | undefined): CategoryValues {
  const lunch = category?.internalName === LUNCH_CATEGORY_INTERNAL_NAME;
  return {
    name: category ? textsOf(category.name) : EMPTY_TEXTS,
    description: category ? textsOf(category.description) : EMPTY_TEXTS,
    internalName: lunch ? "" : (category?.internalName ?? ""),
    lunch,
    imageUrl: category?.imageUrl ?? "",
    productIds: category?.productIds ?? [],
  };
}

/** The lunch category is the one named so internally (SPEC §5); the checkbox sets that name. */
function categoryInput(values: CategoryValues) {
  const { lunch, ...rest } = values;
  return { input: { ...rest, internalName: lunch ? LUNCH_CATEGORY_INTERNAL_NAME : values.internalName } };
}

export function CategoryPage() {
  const { categoryId } = useParams();
  const { editor } = useMenuEditor();
  const [params] = useSearchParams();
  const category = editor.menus.flatMap((menu) => menu.categories).find((c) => String(c.id) === categoryId);
  const menuId = category?.menuId ?? Number(params.get("menu"));
  const menu = editor.menus.find((m) => m.id === menuId);
  const { t } = useTranslation();
  if (!menu || (categoryId !== "new" && !category)) return <p>{t("menu.notFound")}</p>;
  return <CategoryForm key={category?.id ?? "new"} category={category} menuId={menu.id} menuName={menu.name} />;
}

function CategoryForm({
  category,
  menuId,
  menuName,
}: {
  category: EditorCategory | undefined;
  menuId: number;
  menuName: string;
}) {
  const { t, i18n } = useTranslation();
  const { editor, calls, base, reload } = useMenuEditor();
  const navigate = useNavigate();
  const back = `${base}?menu=${menuId}`;
  const form = useEditForm({
    schema: category ? CategoryUpdate : CategoryInput,
    initial: categoryValues(category),
    version: category?.version,
    toInput: categoryInput,
    onValid: async (input) => {
      if (category) return calls.updateCategory(category.id, input as CategoryUpdate);
      const created = await calls.createCategory(menuId, input);
      navigate(`${base}/categories/${created.id}`, { replace: true });
      return created;
    },
    loadCurrent: async () => {
      const current = (await reload()).menus.flatMap((m) => m.categories).find((c) => c.id === category?.id);
      return current ? { values: categoryValues(current), version: current.version } : null;
    },
  });
  const { values, errors, update } = form;
  const languageName = (lang: string) => t(`menu.language.${lang}`);
  const labels: Record<string, string> = {
    ...textsLabels("name", t("menu.fields.name"), languageName),
    ...textsLabels("description", t("menu.fields.description"), languageName),
    internalName: t("menu.fields.internalName"),
    imageUrl: t("menu.fields.image"),
    productIds: t("menu.categories.products"),
  };
  const unnamed = t("menu.unnamed");
  const productName = (id: number) => {
    const product = editor.products.find((p) => p.id === id);
    return product ? nameIn(product.name, i18n.language, unnamed) : `#${id}`;
  };
  const title = category ? nameIn(category.name, i18n.language, unnamed) : t("menu.categories.new");
  return (
    <section aria-labelledby="category-title" className="menu-page">
      <p>
        <Link to={back}>{t("menu.backTo", { name: menuName })}</Link>
      </p>
      <h2 id="category-title">{title}</h2>
      <FormFrame form={form} labels={labels}>
        <TextsField
          path="name"
          labels={labels}
          value={values.name}
          errors={errors}
          onChange={(name) => update({ name })}
        />
        <TextsField
          path="description"
          labels={labels}
          value={values.description}
          errors={errors}
          multiline
          onChange={(description) => update({ description })}
        />
        <CheckboxField
          path="lunch"
          label={t("menu.categories.lunch")}
          hint={t("menu.categories.lunchHint")}
          checked={values.lunch}
          onChange={(lunch) => update({ lunch })}
        />
        {!values.lunch && (
          <TextField
            path="internalName"
            label={labels.internalName!}
            hint={t("menu.fields.internalNameHint")}
            value={values.internalName}
            error={errors.internalName}
            onChange={(internalName) => update({ internalName })}
          />
        )}
        <ImageInput
          path="imageUrl"
          label={labels.imageUrl!}
          value={values.imageUrl}
          error={errors.imageUrl}
          onChange={(imageUrl) => update({ imageUrl })}
        />
        <fieldset className="group">
          <legend>{t("menu.categories.products")}</legend>
          <p className="hint">{t("menu.categories.productsHint")}</p>
          {values.productIds.length > 0 && (
            <ReorderList
              label={t("menu.categories.products")}
              onMove={(move) => {
                update((current) => ({ ...current, productIds: moveItem(current.productIds, move.from, move.to) }));
                return true;
              }}
              entries={values.productIds.map((id) => ({
                id,
                name: productName(id),
                content: (
                  <span className="reorder-row-text">
                    <Link to={`${base}/products/${id}`}>{productName(id)}</Link>
                    <button
                      type="button"
                      className="button quiet"
                      onClick={() =>
                        update((current) => ({ ...current, productIds: current.productIds.filter((p) => p !== id) }))
                      }
                    >
                      {t("menu.categories.removeProduct")}
                      <span className="visually-hidden"> {productName(id)}</span>
                    </button>
                  </span>
                ),
              }))}
            />
          )}
          <AddProduct
            exclude={values.productIds}
            onAdd={(id) => update((current) => ({ ...current, productIds: [...current.productIds, id] }))}
          />
        </fieldset>
      </FormFrame>
      {category && (
        <DeleteButton
          name={title}
          onDelete={() => calls.deleteCategory(category.id, form.version)}
          onDone={(result) => navigate(back, { state: { notice: { key: deletedMessageKey(result), name: title } } })}
        />
      )}
    </section>
  );
}

function AddProduct({ exclude, onAdd }: { exclude: number[]; onAdd: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const { editor } = useMenuEditor();
  const choices = editor.products.filter((p) => !exclude.includes(p.id));
  const [chosen, setChosen] = useState("");
  if (choices.length === 0) return null;
  return (
    <div className="button-row add-row">
      <SelectField
        path="addProduct"
        label={t("menu.categories.addProduct")}
        value={chosen}
        options={[
          { value: "", label: t("menu.choose") },
          ...choices.map((p) => ({ value: String(p.id), label: nameIn(p.name, i18n.language, t("menu.unnamed")) })),
        ]}
        onChange={setChosen}
      />
      <button
        type="button"
        className="button"
        onClick={() => {
          if (!chosen) return;
          onAdd(Number(chosen));
          setChosen("");
        }}
      >
        {t("menu.add")}
      </button>
    </div>
  );
}
