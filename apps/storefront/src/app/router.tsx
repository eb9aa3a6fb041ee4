import { createBrowserRouter, Navigate } from "react-router";
import { getCategories } from "../features/menu/api/get-categories";
import { loadShop, type Shop } from "../features/shop/api/load-shop";
import { Layout } from "./layout";
import { FrontPage } from "./routes/front-page";
import { ErrorPage, NotFoundPage } from "./routes/status-pages";

let shopPromise: Promise<Shop> | undefined;
const shop = () => {
  shopPromise ??= loadShop(window.location.hostname);
  return shopPromise;
};

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
  { path: "/notfound", element: <NotFoundPage /> },
  { path: "*", element: <Navigate to="/notfound" replace /> },
]);
