/**
 * Issue 43's must-show: back-office sessions are revoked across two API processes on one PostgreSQL. A browser
 * signs in on process 1 and uses its cookie on process 2; signing out everywhere on process 1, or the owner
 * disabling the account there, is refused by process 2 on its very next request (sessions are read from the
 * database on every request; nothing is cached per process).
 */
import { demoStaff } from "@app/db";
import { postgresReachable, TEST_POSTGRES_URL } from "@app/db/testing";
import { afterAll, expect, test } from "vitest";
import { type Product, startProduct } from "../harness/product";
import { figures } from "../harness/suite";

const [A] = demoStaff as [(typeof demoStaff)[0]];

type Browser = { cookie: string; csrfToken: string; accountId: string; organisationId: number };

let product: Product | undefined;
afterAll(() => product?.stop());

const reachable = await postgresReachable();
test.skipIf(!reachable)(
  `a sign-out everywhere or a disabled account on one process is refused at once by the other (pg×2 at ${TEST_POSTGRES_URL})`,
  async () => {
    const startedAt = Date.now();
    product = await startProduct({ kind: "pg", processes: 2 });
    const [one, two] = product.urls as [string, string];

    // Sign out everywhere: two browsers of the kitchen account, one per process.
    const kitchenOnOne = await signIn(one, A.kitchen.email, A.kitchen.password);
    const kitchenOnTwo = await signIn(two, A.kitchen.email, A.kitchen.password);
    expect((await call(two, "GET", "/api/admin/me", kitchenOnOne)).status).toBe(200);
    expect((await call(one, "GET", "/api/admin/me", kitchenOnTwo)).status).toBe(200);
    expect((await call(one, "DELETE", "/api/admin/session?everywhere=true", kitchenOnOne)).status).toBe(204);
    expect((await call(two, "GET", "/api/admin/me", kitchenOnOne)).status).toBe(401);
    expect((await call(two, "GET", "/api/admin/me", kitchenOnTwo)).status).toBe(401);

    // A disabled account: the owner disables the kitchen on process 1; process 2 refuses its session next request.
    const owner = await signIn(one, A.owner.email, A.owner.password);
    const kitchen = await signIn(two, A.kitchen.email, A.kitchen.password);
    expect((await call(two, "GET", "/api/admin/me", kitchen)).status).toBe(200);
    const memberPath = `/api/admin/organisations/${owner.organisationId}/staff/${kitchen.accountId}`;
    expect((await call(one, "PATCH", memberPath, owner, { disabled: true })).status).toBe(200);
    expect((await call(two, "GET", "/api/admin/me", kitchen)).status).toBe(401);
    const refused = await signInAnswer(two, A.kitchen.email, A.kitchen.password);
    expect(refused.status).toBe(401);
    expect((await call(two, "PATCH", memberPath, owner, { disabled: false })).status).toBe(200);
    expect((await signInAnswer(one, A.kitchen.email, A.kitchen.password)).status).toBe(200);

    figures(
      "staff-sessions",
      product,
      "sign-out everywhere and a disabled account refused by the other process on its next request",
      startedAt,
    );
  },
  180_000,
);

function signInAnswer(base: string, email: string, password: string) {
  return fetch(`${base}/api/admin/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password }),
  });
}

async function signIn(base: string, email: string, password: string): Promise<Browser> {
  const res = await signInAnswer(base, email, password);
  expect(res.status, `sign-in of ${email} on ${base}`).toBe(200);
  const me = (await res.json()) as {
    csrfToken: string;
    account: { id: string };
    memberships: { organisationId: number }[];
  };
  const cookie = res.headers.getSetCookie().find((line) => line.startsWith("bo_session="));
  return {
    cookie: cookie!.split(";")[0]!,
    csrfToken: me.csrfToken,
    accountId: me.account.id,
    organisationId: me.memberships[0]!.organisationId,
  };
}

/** A request of the browser on the process at `base`: its cookie, and for a change its origin and CSRF token. */
function call(base: string, method: string, path: string, browser: Browser, json?: unknown) {
  const headers: Record<string, string> = { cookie: browser.cookie, origin: base, "x-csrf-token": browser.csrfToken };
  if (json !== undefined) headers["content-type"] = "application/json";
  return fetch(base + path, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
}
