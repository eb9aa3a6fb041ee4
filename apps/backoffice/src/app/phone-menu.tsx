import type { Me } from "@app/contracts";
import { type ReactNode, useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { accountName, SignOutButtons } from "./account-menu";
import { LanguageSwitch } from "./language-switch";
import { useDisclosure } from "./use-disclosure";

/**
 * The header on a phone keeps one row: a "Menu" button (a disclosure, aria-expanded) opens a panel under the row
 * with what a wider screen shows in the header itself — the navigation, the account (name, e-mail, sign out) and
 * the language. Not a modal: Tab past its last control, a press outside, Escape or a followed link closes it.
 */
export function PhoneMenu({ me, links }: { me: Me; links: ReactNode }) {
  const { t } = useTranslation();
  const panelId = useId();
  const { open, setOpen, toggle, button, box } = useDisclosure();
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a followed link (even to the page shown) is a new location key
  useEffect(() => setOpen(false), [key, setOpen]);
  return (
    <div className="phone-menu" ref={box}>
      <button
        ref={button}
        type="button"
        className="button quiet menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <MenuIcon open={open} />
        {t("nav.menu")}
      </button>
      <div id={panelId} className="phone-menu-panel" hidden={!open}>
        <nav aria-label={t("nav.label")} className="phone-nav">
          {links}
        </nav>
        <section aria-label={t("account.menu")} className="phone-account">
          <p className="phone-account-who">
            <span className="phone-account-name">{accountName(me)}</span>
            {me.account.name && <span className="account-email">{me.account.email}</span>}
          </p>
          <SignOutButtons />
          <LanguageSwitch className="button" />
        </section>
      </div>
    </div>
  );
}

/** Three lines, or a cross while the menu is open. */
function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20" className="menu-icon">
      {open ? (
        <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      )}
    </svg>
  );
}
