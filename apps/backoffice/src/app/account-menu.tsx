import type { Me } from "@app/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { apiRequest, setCsrfToken } from "../lib/api";
import { useDisclosure } from "./use-disclosure";

/**
 * The account's name as a disclosure button (wider screens); open, it offers "Sign out" (this browser) and "Sign
 * out everywhere" (every browser of the account). Escape closes it and gives the focus back to the button.
 */
export function AccountMenu({ me }: { me: Me }) {
  const { t } = useTranslation();
  const menuId = useId();
  const { open, toggle, button, box } = useDisclosure();
  return (
    <div className="account-menu" ref={box}>
      <button
        ref={button}
        type="button"
        className="button quiet"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={toggle}
      >
        <span className="visually-hidden">{t("account.menu")}: </span>
        <span className="account-name">{accountName(me)}</span>
      </button>
      <div id={menuId} className="account-popover" hidden={!open}>
        <p className="account-email">{me.account.email}</p>
        <SignOutButtons />
      </div>
    </div>
  );
}

export const accountName = (me: Me) => me.account.name || me.account.email;

/** "Sign out" (this browser) and "Sign out everywhere" (every browser of the account), then the sign-in page. */
export function SignOutButtons() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = async (everywhere: boolean) => {
    try {
      await apiRequest("DELETE", everywhere ? "/session?everywhere=true" : "/session");
    } finally {
      setCsrfToken(undefined);
      queryClient.clear();
      await navigate("/sign-in");
    }
  };
  return (
    <>
      <button type="button" className="button" onClick={() => void signOut(false)}>
        {t("account.signOut")}
      </button>
      <button type="button" className="button" onClick={() => void signOut(true)}>
        {t("account.signOutEverywhere")}
      </button>
    </>
  );
}
