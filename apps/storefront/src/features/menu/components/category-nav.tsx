import type { Category } from "@app/contracts";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { translate } from "../../../lib/i18n";
import "./menu.css";

export type CategoryNavProps = {
  /** The visible categories (visibleCategories), in menu order. */
  categories: readonly Pick<Category, "id" | "name">[];
  /** The category on screen, highlighted; none on pages outside the menu. */
  activeId?: number | null | undefined;
};

/**
 * The categories' sidebar (SPEC §2): a vertical list sticky under the header on a desktop, a bar that
 * scrolls sideways on a phone, the active category highlighted and scrolled into the bar's view.
 */
export function CategoryNav({ categories, activeId }: CategoryNavProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);

  // On a phone the bar scrolls sideways: centre the active category in it, without moving the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the active link (read from the DOM) follows activeId
  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !active || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = active.offsetLeft - (list.clientWidth - active.offsetWidth) / 2;
  }, [activeId]);

  return (
    <nav className="category-nav" aria-labelledby={headingId}>
      <h2 id={headingId} className="category-nav-heading">
        {t("Header.Categories")}
      </h2>
      <ul ref={listRef} className="category-nav-list">
        {categories.map((category) => (
          <li key={category.id}>
            <Link
              to={`/menu/${category.id}`}
              className="category-nav-link"
              aria-current={category.id === activeId ? "page" : undefined}
            >
              {translate(category.name, i18n.language)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
