import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useRouteShop } from "./route-shop";

/**
 * The page's title (SPEC §2's list) in the current language; it follows a language switch. The tab shows it
 * with the restaurant's name ("Burgere · Bistro Nørrebro"), as the server's page did before the app ran.
 */
export function usePageTitle(key: string): string {
  const { t } = useTranslation();
  const title = t(key);
  useDocumentTitle(title);
  return title;
}

/** A title that is already text (a category's name in the current language). */
export function useDocumentTitle(title: string): void {
  const restaurantName = useRouteShop()?.productionUnit.name;
  useEffect(() => {
    document.title = tabTitle(title, restaurantName);
  }, [title, restaurantName]);
}

/** "Burgere · Bistro Nørrebro"; the page's title alone where no shop started. */
export function tabTitle(title: string, restaurantName: string | undefined): string {
  return restaurantName ? `${title} · ${restaurantName}` : title;
}
