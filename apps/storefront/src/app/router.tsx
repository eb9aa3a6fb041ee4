import { createBrowserRouter, Navigate } from "react-router";
import { getCategories } from "../features/menu/api/get-categories";
import { loadShop, type Shop } from "../features/shop/api/load-shop";
import { applyServerDefaultLanguage, ensureLanguage } from "../lib/i18n";
import { Layout } from "./layout";
import { FrontPage } from "./routes/front-page";
import { ErrorPage, NotFoundPage } from "./routes/status-pages";

let shopPromise: Promise<Shop> | undefined;
const shop = () => {
  shopPromise ??= startShop();
  return shopPromise;
};

/** The shop, then its messages: in the guest's language, else the server's default (SPEC §1), else Danish. */
async function startShop(): Promise<Shop> {
  try {
    const loaded = await loadShop(window.location.hostname);
    await applyServerDefaultLanguage(loaded.languages.defaultLanguage);
    return loaded;
  } catch (error) {
    await ensureLanguage(); // the error page speaks too
    throw error;
  }
}

export const router = createBrowserRouter([
  {
    id: "root",
    path: "/",
    loader: shop,
    element: <Layout />,
    errorElement: <ErrorPage />,
    children: [
      {
        index: true,
        loader: async () => {
          const { module, settings } = await shop();
          const categories = await getCategories(module.menuInstanceId);
          return categories.filter((c) => c.id !== settings.precheckoutCategory);
        },
        element: <FrontPage />,
      },
    ],
  },
  { path: "/notfound", loader: () => ensureLanguage().then(() => null), element: <NotFoundPage /> },
  { path: "*", element: <Navigate to="/notfound" replace /> },
]);
