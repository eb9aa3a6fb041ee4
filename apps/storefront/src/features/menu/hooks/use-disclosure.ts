import { useState } from "react";

/** Which of a list's collapsible sections are open, by id. */
export function useDisclosure(initiallyOpen: readonly number[]) {
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(() => new Set(initiallyOpen));
  return {
    isOpen: (id: number) => openIds.has(id),
    toggle: (id: number) =>
      setOpenIds((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    /** Opens sections without closing any (a group filling up opens the next one; flags open theirs). */
    open: (ids: readonly number[]) => setOpenIds((current) => new Set([...current, ...ids])),
  };
}
