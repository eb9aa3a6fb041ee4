import type { MenuEditor, Restaurant } from "@app/contracts";
import { createContext, useContext } from "react";
import type { MenuCalls } from "./api";

export type MenuEditorContextValue = {
  restaurant: Restaurant;
  editor: MenuEditor;
  calls: MenuCalls;
  /** "/restaurants/{id}/menu": the editor's pages are under it. */
  base: string;
  /** Reads the catalogue again and answers it (for "Load their version"). */
  reload: () => Promise<MenuEditor>;
};

const MenuEditorContext = createContext<MenuEditorContextValue | null>(null);
export const MenuEditorProvider = MenuEditorContext.Provider;

export function useMenuEditor(): MenuEditorContextValue {
  const value = useContext(MenuEditorContext);
  if (!value) throw new Error("useMenuEditor outside the menu editor");
  return value;
}
