import { usePageTitle } from "../page-title";

/** /payment/:checkoutId (SPEC §2) — a placeholder: the page's title only until issue 9's next step fills it in. */
export function Component() {
  const title = usePageTitle("PaymentPage.Title.Created");
  return <h1>{title}</h1>;
}
