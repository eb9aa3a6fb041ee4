import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { pendingPayment } from "../features/payment";
import { BLANK_IMAGE, useAppHasPainted } from "../lib/first-paint";
import { chooseLanguage, type Language } from "../lib/i18n";

const LOGO_SIZE = { width: 142, height: 40 } as const;
const LOGO_BOX = { aspectRatio: `${LOGO_SIZE.width} / ${LOGO_SIZE.height}` } as const;

export type HeaderProps = {
  restaurantName: string;
  logo: string | null;
  smileyUrl: string | null;
  /** Runs first on a logo click; preventing its default skips the header's own handling. */
  onLogoClick?: (event: React.MouseEvent) => void;
  /** The minicart button, composed by the layout from the basket feature. */
  cart?: ReactNode;
};

/** SPEC §2's header: logo to the front page, the smiley-inspection link, the language flag, the minicart. */
export function Header({ restaurantName, logo, smileyUrl, onLogoClick, cart }: HeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const painted = useAppHasPainted();
  /**
   * SPEC §2: on a payment page the logo first cancels the waiting payment, then goes to the front page; if
   * the cancel does not end it (it was paid meanwhile) the guest stays and the payment page shows why. The
   * logo stays a link, so keyboards, screen readers and "open in new tab" treat it as one.
   */
  const handleLogoClick = (event: React.MouseEvent) => {
    onLogoClick?.(event);
    const pending = pendingPayment();
    if (event.defaultPrevented || !pending || isNewTabClick(event)) return;
    event.preventDefault();
    void pending.cancel().then((cancelled) => {
      if (cancelled) navigate("/");
    });
  };
  return (
    <header className="site-header">
      <Link to="/" className="logo" aria-label={t("Header.Logo", { name: restaurantName })} onClick={handleLogoClick}>
        {/* A restaurant's logo is its wordmark: it carries the name, so the text shows only without one. */}
        {logo ? (
          <img
            className="logo-image"
            src={painted ? logo : BLANK_IMAGE}
            // Until then the blank picture keeps the box a logo's picture gets from width and height while it loads.
            style={painted ? undefined : LOGO_BOX}
            alt=""
            height={LOGO_SIZE.height}
            width={LOGO_SIZE.width}
          />
        ) : (
          <span>{restaurantName}</span>
        )}
      </Link>
      <div className="header-actions">
        {smileyUrl ? <SmileyLink href={smileyUrl} /> : null}
        <LanguageButton />
        {cart}
      </div>
    </header>
  );
}

/** A click the browser turns into a new tab or window: the payment page stays open, so nothing is cancelled. */
function isNewTabClick(event: React.MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/** The Danish food authority's inspection report ("smiley"), which Danish restaurants must show. */
function SmileyLink({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <a className="button button-quiet header-link" href={href} target="_blank" rel="noopener noreferrer">
      <svg className="smiley-icon" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="14" fill="#ffd43b" stroke="#1d1d1f" strokeWidth="2" />
        <circle cx="11" cy="13" r="2" fill="#1d1d1f" />
        <circle cx="21" cy="13" r="2" fill="#1d1d1f" />
        <path d="M9.5 19.5q6.5 6 13 0" fill="none" stroke="#1d1d1f" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="visually-hidden">{t("Header.Smiley")}</span>
    </a>
  );
}

/**
 * The flag button of SPEC §1: it shows the flag of the other language and switches to it. The status pages
 * have it too: during maintenance every path leads to /maintenance, the only page a guest can read then.
 */
export function LanguageButton() {
  const { t, i18n } = useTranslation();
  const next: Language = i18n.language === "da-DK" ? "en-US" : "da-DK";
  return (
    <button
      type="button"
      className="button-quiet language-button"
      lang={next}
      aria-label={t("Language.Switch")}
      onClick={() => void chooseLanguage(next)}
    >
      <Flag language={next} />
      <span className="language-name" aria-hidden="true">
        {t(`Language.${next}`)}
      </span>
    </button>
  );
}

function Flag({ language }: { language: Language }) {
  if (language === "da-DK") {
    return (
      <svg className="flag" viewBox="0 0 37 28" aria-hidden="true" focusable="false">
        <rect width="37" height="28" fill="#c8102e" />
        <rect x="12" width="4" height="28" fill="#fff" />
        <rect y="12" width="37" height="4" fill="#fff" />
      </svg>
    );
  }
  return (
    <svg className="flag" viewBox="0 0 38 20" aria-hidden="true" focusable="false">
      <rect width="38" height="20" fill="#b22234" />
      {[1, 3, 5, 7, 9, 11].map((stripe) => (
        <rect key={stripe} y={(stripe * 20) / 13} width="38" height={20 / 13} fill="#fff" />
      ))}
      <rect width="15.2" height={(7 * 20) / 13} fill="#3c3b6e" />
    </svg>
  );
}
