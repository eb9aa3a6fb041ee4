import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";

/** A refused read (4xx: signed out, no access, not found) is not retried, as it will not change; a failed one once. */
export function shouldRetry(failures: number, error: unknown): boolean {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return !refused && failures < 1;
}

/** One client for the app. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false },
  },
});
