/** Signing in from tests the way the back office's page does: same origin, the cookie, the CSRF token. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Me } from "@app/contracts";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { TestApp } from "../../testing/test-app";

/** What a page on the app's own origin sends (inject's Host is localhost:80). */
export const SAME_ORIGIN = { origin: "http://localhost:80" };

export type Browser = { cookie: string; csrfToken: string; me: Me };

/** The bo_session value a response set, or null. */
export function sessionCookieOf(res: LightMyRequestResponse): string | null {
  const header = res.headers["set-cookie"];
  const lines = Array.isArray(header) ? header : header ? [String(header)] : [];
  const line = lines.find((it) => it.startsWith("bo_session="));
  const value = line?.slice("bo_session=".length).split(";")[0];
  return value ? value : null;
}

export function signInRequest(t: TestApp, email: string, password: string, options: Partial<InjectOptions> = {}) {
  return t.request({
    method: "POST",
    url: "/api/admin/session",
    ...options,
    headers: { ...SAME_ORIGIN, ...options.headers },
    payload: { email, password },
  });
}

/** Signs in and answers what the browser keeps; fails the test when the sign-in is refused. */
export async function signIn(t: TestApp, email: string, password: string): Promise<Browser> {
  const res = await signInRequest(t, email, password);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email}: ${res.statusCode} ${res.body}`);
  const me = res.json<Me>();
  return { cookie: `bo_session=${sessionCookieOf(res)}`, csrfToken: me.csrfToken, me };
}

/** A request of a signed-in browser: its cookie, and for a change its origin and CSRF token. */
export function asBrowser(t: TestApp, browser: Browser, options: InjectOptions) {
  return t.request({
    ...options,
    headers: { ...SAME_ORIGIN, cookie: browser.cookie, "x-csrf-token": browser.csrfToken, ...options.headers },
  });
}

/** The outbox mails to `address` (newest last), decoded. */
export function mailsTo(t: TestApp, address: string): string[] {
  const outbox = join(t.config.dataDir, "outbox");
  let names: string[];
  try {
    names = readdirSync(outbox);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.startsWith("staff-") && name.includes(`-${address}-`))
    .map((name) => ({ file: join(outbox, name) }))
    .map(({ file }) => ({ at: statSync(file).mtimeMs, text: readFileSync(file, "utf8") }))
    .sort((a, b) => a.at - b.at)
    .map(({ text }) => decodeQuotedPrintable(text));
}

/** Undoes quoted-printable (soft line breaks, =XX bytes of UTF-8); the rest of a mail is ASCII. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The token of the last /admin/link/<token> in the mail. */
export function linkTokenIn(mail: string): string {
  const tokens = [...mail.matchAll(/\/admin\/link\/([A-Za-z0-9_-]+)/g)].map((m) => m[1]!);
  if (tokens.length === 0) throw new Error(`no link in mail:\n${mail}`);
  return tokens[tokens.length - 1]!;
}
