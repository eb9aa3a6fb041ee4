/** Test-only: an API client whose fetch records each request and answers one fixed answer. */
import { createApiClient } from "../lib/api-client";

export type Sent = { method: string; url: string; body: unknown };

/** A client whose fetch records each request and answers `answer` (200 JSON unless told). */
export function recordingClient(answer: { status: number; body: unknown } = { status: 200, body: { ok: true } }) {
  const sent: Sent[] = [];
  const client = createApiClient({
    baseUrl: "/api",
    getToken: () => "token-1",
    fetch: async (input, init) => {
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      sent.push({ method: init?.method ?? "GET", url: String(input).replace(/^\/api/, ""), body });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "content-type": "application/json" },
      });
    },
  });
  return { client, sent };
}
