import type { Order } from "@app/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { getOrder } from "../api/get-order";
import { isFinished, PROGRESS_POLL_MS } from "../order-progress-rules";

/**
 * The order as the kitchen moves it on (issue 44): read on arrival, then every 2 s while it is not finished
 * (picked up or rejected: then never again). In a hidden tab the reading pauses, and a tab that becomes visible
 * reads at once (TanStack Query's focus manager follows the page's visibility). A failed read keeps what was
 * shown and tries again at the next tick. Needs a QueryClientProvider (the confirmation route's). Read in the
 * guest's language (products and choices named in it), and again when the guest switches language.
 */
export function useOrderProgress(
  orderId: string | null,
  shown: Order | null,
  read: (orderId: string, language: string) => Promise<Order> = getOrder,
): Order | null {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const query = useQuery({
    queryKey: ["order-progress", orderId, language],
    queryFn: () => read(orderId as string, language),
    enabled: orderId !== null,
    initialData: shown ?? undefined,
    // What the order page stored may be minutes old: read again at once.
    initialDataUpdatedAt: 0,
    refetchInterval: (current) => (isFinished(current.state.data) ? false : PROGRESS_POLL_MS),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: (current) => !isFinished(current.state.data),
    retry: false,
  });
  return query.data ?? shown;
}
