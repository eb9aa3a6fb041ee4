import type { Me } from "@app/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { apiRequest, setCsrfToken } from "../lib/api";

/**
 * The account's name as a disclosure button; open, it offers "Sign out" (this browser) and "Sign out everywhere"
 * (every browser of the account). Escape closes it and gives the focus back to the button.
 */
export function AccountMenu({ me }: { me: Me }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      } else if (event.type === "pointerdown" && !box.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
    };
  }, [open]);

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
    <div className="account-menu" ref={box}>
      <button
        ref={button}
        type="button"
        className="button quiet"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        <span className="visually-hidden">{t("account.menu")}: </span>
        <span className="account-name">{me.account.name || me.account.email}</span>
      </button>
      <div id={menuId} className="account-popover" hidden={!open}>
        <p className="account-email">{me.account.email}</p>
        <button type="button" className="button" onClick={() => void signOut(false)}>
          {t("account.signOut")}
        </button>
        <button type="button" className="button" onClick={() => void signOut(true)}>
          {t("account.signOutEverywhere")}
        </button>
      </div>
    </div>
  );
}
