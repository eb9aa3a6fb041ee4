/**
 * Menus and which one guests see (one is active), and the chosen menu's categories in their order: dragged, or
 * moved with the up/down buttons; each move is saved at once.
 */
import { type EditorMenu, MenuInput, MenuUpdate } from "@app/contracts";
import { LUNCH_CATEGORY_INTERNAL_NAME } from "@app/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { TextField } from "../../components/form";
import { errorMessageKey } from "../../lib/form-errors";
import { DeleteButton, deletedMessageKey } from "./delete-button";
import { useMenuEditor } from "./editor-context";
import { FlashNotice } from "./flash-notice";
import { FormFrame } from "./form-frame";
import { orderAfterMove } from "./reorder";
import { ReorderList } from "./reorder-list";
import { useEditForm } from "./use-edit-form";

export function MenusPage() {
  const { t } = useTranslation();
  const { editor } = useMenuEditor();
  const [params] = useSearchParams();
  const wanted = Number(params.get("menu"));
  const chosen =
    editor.menus.find((menu) => menu.id === wanted) ?? editor.menus.find((menu) => menu.active) ?? editor.menus[0];
  return (
    <div className="menu-page">
      <FlashNotice />
      <section aria-labelledby="menus-title" className="menu-section">
        <h2 id="menus-title">{t("menu.menus.title")}</h2>
        <p className="hint">{t("menu.menus.hint")}</p>
        <MenuList menus={editor.menus} chosenId={chosen?.id} />
        <NewMenuForm />
      </section>
      {chosen && <MenuSection key={chosen.id} menu={chosen} />}
    </div>
  );
}

function MenuList({ menus, chosenId }: { menus: EditorMenu[]; chosenId: number | undefined }) {
  const { t } = useTranslation();
  const { calls } = useMenuEditor();
  const [error, setError] = useState<string | null>(null);
  const activate = async (menu: EditorMenu) => {
    setError(null);
    try {
      await calls.activateMenu(menu.id, menu.version);
    } catch (failure) {
      setError(t(`errors.${errorMessageKey(failure)}`, { defaultValue: t("errors.Unknown") }));
    }
  };
  return (
    <>
      <ul className="menu-list">
        {menus.map((menu) => (
          <li key={menu.id} className={menu.id === chosenId ? "chosen" : undefined}>
            <Link to={`?menu=${menu.id}`} aria-current={menu.id === chosenId ? "true" : undefined}>
              {menu.name}
            </Link>
            <span className="muted">{t("menu.menus.categoryCount", { count: menu.categories.length })}</span>
            {menu.active ? (
              <span className="badge">{t("menu.menus.active")}</span>
            ) : (
              <button type="button" className="button" onClick={() => void activate(menu)}>
                {t("menu.menus.activate")}
                <span className="visually-hidden"> {menu.name}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

function NewMenuForm() {
  const { t } = useTranslation();
  const { calls } = useMenuEditor();
  const navigate = useNavigate();
  const form = useEditForm({
    schema: MenuInput,
    initial: { name: "" },
    toInput: (values) => ({ input: values }),
    onValid: async (input) => {
      const created = await calls.createMenu(input);
      navigate(`?menu=${created.id}`);
      return created;
    },
  });
  return (
    <details className="add-details">
      <summary className="button">{t("menu.menus.add")}</summary>
      <FormFrame form={form} labels={{ name: t("menu.menus.name") }} submitLabel={t("menu.menus.create")}>
        <TextField
          path="name"
          label={t("menu.menus.name")}
          value={form.values.name}
          error={form.errors.name}
          onChange={(name) => form.update({ name })}
        />
      </FormFrame>
    </details>
  );
}

function MenuSection({ menu }: { menu: EditorMenu }) {
  const { t, i18n } = useTranslation();
  const { calls, base, reload } = useMenuEditor();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const language = i18n.language === "en-US" ? "en-US" : "da-DK";
  const categoryName = (name: Record<string, string>) =>
    name[language] || name["da-DK"] || name["en-US"] || t("menu.unnamed");
  const form = useEditForm({
    schema: MenuUpdate,
    initial: { name: menu.name },
    version: menu.version,
    toInput: (values) => ({ input: values }),
    onValid: (input) => calls.updateMenu(menu.id, input),
    loadCurrent: async () => {
      const current = (await reload()).menus.find((m) => m.id === menu.id);
      return current ? { values: { name: current.name }, version: current.version } : null;
    },
  });
  const move = async (move: { from: number; to: number }) => {
    setBusy(true);
    setError(null);
    try {
      await calls.orderCategories(menu.id, orderAfterMove(menu.categories, move));
      return true;
    } catch (failure) {
      setError(t(`errors.${errorMessageKey(failure)}`, { defaultValue: t("errors.Unknown") }));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="menu-title" className="menu-section">
      <h2 id="menu-title">{t("menu.menus.menuTitle", { name: menu.name })}</h2>
      <FormFrame form={form} labels={{ name: t("menu.menus.name") }} className="inline-form">
        <TextField
          path="name"
          label={t("menu.menus.name")}
          value={form.values.name}
          error={form.errors.name}
          onChange={(name) => form.update({ name })}
        />
      </FormFrame>
      <h3 id="categories-title">{t("menu.categories.title")}</h3>
      <p className="hint">{t("menu.categories.orderHint")}</p>
      {menu.categories.length === 0 ? (
        <p className="muted">{t("menu.categories.none")}</p>
      ) : (
        <ReorderList
          label={t("menu.categories.listLabel", { name: menu.name })}
          busy={busy}
          onMove={move}
          entries={menu.categories.map((category) => ({
            id: category.id,
            name: categoryName(category.name),
            content: (
              <>
                <Link to={`${base}/categories/${category.id}`}>{categoryName(category.name)}</Link>{" "}
                <span className="muted">
                  {t("menu.categories.productCount", { count: category.productIds.length })}
                </span>
                {category.internalName === LUNCH_CATEGORY_INTERNAL_NAME && (
                  <span className="badge">{t("menu.categories.lunchBadge")}</span>
                )}
              </>
            ),
          }))}
        />
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <p>
        <Link className="button" to={`${base}/categories/new?menu=${menu.id}`}>
          {t("menu.categories.add")}
        </Link>
      </p>
      {!menu.active && (
        <DeleteButton
          name={menu.name}
          onDelete={() => calls.deleteMenu(menu.id, menu.version)}
          onDone={(result) =>
            navigate(base, { state: { notice: { key: deletedMessageKey(result), name: menu.name } } })
          }
        />
      )}
    </section>
  );
}
