import { QueryClient } from "@tanstack/react-query";
import { isUnauthorized } from "./api";

/** One client for the app: a refused request is not retried (a 4xx will not change), a failed one once. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: (count, error) => !isUnauthorized(error) && count < 1, refetchOnWindowFocus: false },
  },
});
