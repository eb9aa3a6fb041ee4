import { useTranslation } from "react-i18next";
import { focusMainHeading } from "./navigation-effects";

/**
 * "Skip to content" (WCAG 2.4.1): the first Tab stop of the page, hidden until it has the focus. It moves the
 * focus to the page's main heading, so the next Tab is the content's first control, past the header and
 * the category list. Handled here rather than by the `#main` fragment: a fragment change is a navigation to
 * the router, which would scroll and announce a new page.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link is a link to #main (and works as one without script); the handler only keeps the router out
    <a
      className="skip-link"
      href="#main"
      onClick={(event) => {
        if (focusMainHeading(document)) event.preventDefault();
      }}
    >
      {t("SkipLink.ToContent")}
    </a>
  );
}
