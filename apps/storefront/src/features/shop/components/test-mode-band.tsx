import { useTranslation } from "react-i18next";
import "./shop-brand.css";
import type { Shop } from "../api/start-app";
import { showsTestMode } from "../test-mode";

/**
 * A slim band across the top of every page while the shop's online payments move no money (issue 46), so a
 * guest knows before choosing anything; the checkout says it again at the payment choice. Nothing for a live
 * payment account.
 */
export function TestModeBand({ shop }: { shop: Pick<Shop, "paymentTestMode" | "settings"> }) {
  const { t } = useTranslation();
  if (!showsTestMode(shop)) return null;
  return (
    <aside className="test-mode-band" aria-label={t("TestMode.Label")}>
      <p>{t("TestMode.Notice")}</p>
    </aside>
  );
}
