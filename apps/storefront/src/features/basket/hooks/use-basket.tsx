import { createContext, type ReactNode, useContext, useSyncExternalStore } from "react";
import { type BasketState, type BasketStore, basketStore } from "../basket-store";

const BasketStoreContext = createContext<BasketStore>(basketStore);

/** Puts another store under the basket's components (tests, previews); the app uses the shop's one. */
export function BasketStoreProvider({ store, children }: { store: BasketStore; children: ReactNode }) {
  return <BasketStoreContext.Provider value={store}>{children}</BasketStoreContext.Provider>;
}

export type BasketView = BasketState &
  Pick<BasketStore, "add" | "changeProductCount" | "setLineAmount" | "removeLine" | "clear">;

/** The basket as the server last answered it, and the actions that change it. */
export function useBasket(): BasketView {
  const store = useContext(BasketStoreContext);
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return {
    ...state,
    add: store.add,
    changeProductCount: store.changeProductCount,
    setLineAmount: store.setLineAmount,
    removeLine: store.removeLine,
    clear: store.clear,
  };
}
