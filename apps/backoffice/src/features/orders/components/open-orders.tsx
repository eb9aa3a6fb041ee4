import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";

/**
 * Which order cards are open, kept above the columns: an order that moves from New to In progress stays open
 * where it lands.
 */
const OpenOrders = createContext<{ isOpen: (id: string) => boolean; toggle: (id: string) => boolean } | null>(null);

export function OpenOrdersProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const isOpen = useCallback((id: string) => open.has(id), [open]);
  const toggle = useCallback(
    (id: string) => {
      const opening = !open.has(id);
      const next = new Set(open);
      if (opening) next.add(id);
      else next.delete(id);
      setOpen(next);
      return opening;
    },
    [open],
  );
  const value = useMemo(() => ({ isOpen, toggle }), [isOpen, toggle]);
  return <OpenOrders.Provider value={value}>{children}</OpenOrders.Provider>;
}

export function useOpenOrder(id: string): { open: boolean; toggle: () => boolean } {
  const context = useContext(OpenOrders);
  if (!context) throw new Error("useOpenOrder outside OpenOrdersProvider");
  return { open: context.isOpen(id), toggle: () => context.toggle(id) };
}
