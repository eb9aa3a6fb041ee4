import type { Terms } from "@app/contracts";
import { type ApiClient, ApiError } from "../../../lib/api-client";

/** GET /terms/{moduleId}: the restaurant's terms of trade in each language; null when it has written none (404). */
export async function getTerms(api: ApiClient, moduleId: number): Promise<Terms | null> {
  const answer = await api.request<Terms>("GET", `/terms/${moduleId}`);
  if (answer.ok) return answer.data;
  if (answer.status === 404) return null;
  throw new ApiError(answer);
}
