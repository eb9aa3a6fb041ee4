import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { translate } from "../../../lib/i18n";
import type { CategorySummary } from "../api/get-categories";

export function CategoryTiles({ categories }: { categories: CategorySummary[] }) {
  const { i18n } = useTranslation();
  return (
    <ul className="category-tiles">
      {categories.map((category) => (
        <li key={category.id}>
          <Link to={`/menu/${category.id}`} className="category-tile">
            <img src={category.imageUrl} alt="" width={160} height={120} />
            <span>{translate(category.name, i18n.language)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
