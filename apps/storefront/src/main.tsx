import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { reloadOnBackForwardRestore, trackKeyboardUse } from "./app/navigation-effects";
import { router } from "./app/router";
import "./lib/i18n";
import "./styles.css";

reloadOnBackForwardRestore(window, () => window.location.reload());
trackKeyboardUse(document);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
