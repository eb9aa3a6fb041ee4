/**
 * Issue 43's session rules, on PGlite and PostgreSQL: fixation, idle and absolute expiry on a fixed clock,
 * throttling of wrong passwords (per address and per account), equal answers for an unknown email and a wrong
 * password, the CSRF checks, signing out (here and everywhere) and a disabled account's sessions.
 */
import { demoStaff, schema } from "@app/db";
import { eq } from "@app/db/orm";
import { testDbKinds } from "@app/db/testing";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createClock, createTestApp, type TestApp } from "../../testing/test-app";
import { hashPassword } from "./password-hash";
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS } from "./session-rules";
import { asBrowser, type Browser, SAME_ORIGIN, sessionCookieOf, signIn, signInRequest } from "./testing";

const START = new Date("2026-11-23T10:00:00Z"); // the start of a minute
const [A, B] = demoStaff as [(typeof demoStaff)[0], (typeof demoStaff)[0]];

describe.each(await testDbKinds())("staff sign-in on %s", (kind) => {
  let t: TestApp;
  const clock = createClock(START);
  /** Each test in its own minute and from its own address: one test's wrong tries never throttle the next. */
  let minute = 0;
  let address = "";
  beforeAll(async () => {
    t = await createTestApp({
      kind,
      clock,
      // On PostgreSQL the counters are in the database, as with several processes (plugins/guess-limit's tests).
      env: {
        RATE_LIMIT_TRIES_PER_MINUTE: "10",
        TRUST_PROXY: "127.0.0.1",
        ...(kind === "postgres" ? { DATABASE_URL: "postgres://the-database-of-this-test" } : {}),
      },
    });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    minute += 10;
    clock.set(new Date(START.getTime() + minute * 60_000));
    address = `198.51.100.${minute / 10}`;
  });

  const me = (browser: Pick<Browser, "cookie">) =>
    t.request({ method: "GET", url: "/api/admin/me", headers: { cookie: browser.cookie } });
  const signOut = (browser: Browser, query = "") =>
    asBrowser(t, browser, { method: "DELETE", url: `/api/admin/session${query}` });
  const tryPassword = (email: string, password: string, from = address, headers: { cookie?: string } = {}) =>
    signInRequest(t, email, password, { remoteAddress: from, headers });
  const cookieNamed = (res: LightMyRequestResponse, name: string) => res.cookies.find((cookie) => cookie.name === name);

  test("each demo account signs in with its README password and gets its memberships", async () => {
    for (const { owner, kitchen } of [A, B]) {
      const asOwner = await signIn(t, owner.email, owner.password);
      expect(asOwner.me.account.email).toBe(owner.email);
      expect(asOwner.me.memberships.map((m) => m.role)).toEqual(["owner"]);
      const asKitchen = await signIn(t, kitchen.email, kitchen.password);
      expect(asKitchen.me.memberships).toEqual([
        {
          ...asOwner.me.memberships[0],
          role: "staff",
          productionUnitIds: asOwner.me.memberships[0]!.productionUnitIds,
        },
      ]);
    }
  });

  test("the cookie is HttpOnly, SameSite=Strict, Path=/, and Secure only when the request is https", async () => {
    const plain = await tryPassword(A.owner.email, A.owner.password);
    const cookie = String(plain.headers["set-cookie"]);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    // Behind the proxy TRUST_PROXY names, which tells the API the browser used https.
    const https = await t.request({
      method: "POST",
      url: "/api/admin/session",
      headers: { origin: "https://localhost", "x-forwarded-proto": "https", "x-forwarded-host": "localhost" },
      payload: { email: A.owner.email, password: A.owner.password },
    });
    expect(https.statusCode).toBe(200);
    expect(String(https.headers["set-cookie"])).toMatch(/; Secure/);
  });

  test("fixation: every sign-in gets a new session id, and the browser's previous session ends", async () => {
    const first = await signIn(t, A.owner.email, A.owner.password);
    const again = await signInRequest(t, A.owner.email, A.owner.password, {
      headers: { cookie: first.cookie, "x-csrf-token": first.csrfToken },
    });
    const second = sessionCookieOf(again);
    expect(second).not.toBeNull();
    expect(`bo_session=${second}`).not.toBe(first.cookie);
    expect(again.json().csrfToken).not.toBe(first.csrfToken);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me({ cookie: `bo_session=${second}` })).statusCode).toBe(200);
  });

  test("the database holds the session id's hash, never the id", async () => {
    const browser = await signIn(t, B.kitchen.email, B.kitchen.password);
    const id = browser.cookie.slice("bo_session=".length);
    const rows = await t.db.select().from(schema.staffSession);
    expect(rows.some((row) => row.idHash === id)).toBe(false);
    expect(JSON.stringify(rows)).not.toContain(id);
  });

  test("a session ends after 12 hours without use, however young it is", async () => {
    const browser = await signIn(t, A.kitchen.email, A.kitchen.password);
    clock.set(new Date(clock.now().getTime() + IDLE_TIMEOUT_MS - 60_000));
    expect((await me(browser)).statusCode).toBe(200); // used: its 12 hours start again
    clock.set(new Date(clock.now().getTime() + IDLE_TIMEOUT_MS - 60_000));
    expect((await me(browser)).statusCode).toBe(200);
    clock.set(new Date(clock.now().getTime() + IDLE_TIMEOUT_MS));
    const expired = await me(browser);
    expect(expired.statusCode).toBe(401);
    expect(String(expired.headers["set-cookie"])).toMatch(/^bo_session=;/);
  });

  test("a session ends 7 days after sign-in, however often it is used", async () => {
    const signedInAt = clock.now().getTime();
    const browser = await signIn(t, A.kitchen.email, A.kitchen.password);
    for (let at = signedInAt; at < signedInAt + ABSOLUTE_TIMEOUT_MS; at += IDLE_TIMEOUT_MS / 2) {
      clock.set(new Date(at));
      expect((await me(browser)).statusCode, new Date(at).toISOString()).toBe(200);
    }
    clock.set(new Date(signedInAt + ABSOLUTE_TIMEOUT_MS - 1));
    expect((await me(browser)).statusCode).toBe(200);
    clock.set(new Date(signedInAt + ABSOLUTE_TIMEOUT_MS));
    expect((await me(browser)).statusCode).toBe(401);
  });

  test("an unknown email, a wrong password, a disabled account and one without a password get one answer", async () => {
    await t.db.insert(schema.staffAccount).values([
      { email: "disabled@example.dk", name: "D", passwordHash: await hashPassword("right-password-1"), disabled: true },
      { email: "invited@example.dk", name: "I" },
    ]);
    const answers = [
      await tryPassword("nobody@example.dk", "some-password-1"),
      await tryPassword(A.owner.email, "some-password-1"),
      await tryPassword("disabled@example.dk", "right-password-1"),
      await tryPassword("invited@example.dk", "some-password-1"),
    ].map(comparable);
    expect(answers[0]).toMatchObject({ statusCode: 401, body: expect.stringContaining("INVALID_CREDENTIALS") });
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
  });

  test("an unknown email takes as long as a wrong password: both verify a hash", async () => {
    const time = async (email: string, i: number) => {
      const started = performance.now();
      await tryPassword(email, "wrong-password-1", `203.0.113.${i + 1}`);
      return performance.now() - started;
    };
    await time("warm-up@example.dk", 0); // the first unknown email makes the dummy hash
    const unknown: number[] = [];
    const known: number[] = [];
    // Interleaved, so both see the same load on a shared machine.
    for (let i = 1; i <= 7; i++) {
      unknown.push(await time("nobody-at-all@example.dk", i));
      known.push(await time(B.owner.email, i));
    }
    const median = (times: number[]) => times.sort((a, b) => a - b)[3]!;
    console.info(
      `sign-in medians on ${kind}: unknown email ${median(unknown).toFixed(1)} ms, wrong password ${median(known).toFixed(1)} ms`,
    );
    // Without the dummy hash an unknown email would answer in a few ms, against tens for a verified hash.
    expect(median(unknown)).toBeGreaterThan(median(known) / 3);
  });

  test("the 11th wrong try for one account in a minute is 429 with Retry-After, from any address, even with the right password", async () => {
    clock.set(new Date(clock.now().getTime() + 15_000));
    for (let i = 0; i < 10; i++) {
      expect((await tryPassword(B.kitchen.email, `wrong-${i}-password`, `203.0.113.${i + 1}`)).statusCode).toBe(401);
    }
    const locked = await tryPassword(B.kitchen.email, B.kitchen.password, "203.0.113.99");
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errors[0].code).toBe("TOO_MANY_TRIES");
    expect(locked.headers["retry-after"]).toBe("45");
    // Another account from the same addresses is not locked; the next minute the account signs in again.
    expect((await tryPassword(B.owner.email, B.owner.password, "203.0.113.1")).statusCode).toBe(200);
    clock.set(new Date(clock.now().getTime() + 45_000));
    expect((await tryPassword(B.kitchen.email, B.kitchen.password, "203.0.113.99")).statusCode).toBe(200);
  });

  test("a browser where the account signed in before keeps signing in while strangers' wrong tries lock the email", async () => {
    clock.set(new Date(clock.now().getTime() + 15_000));
    const earlier = await tryPassword(B.kitchen.email, B.kitchen.password, "203.0.113.50");
    expect(earlier.statusCode).toBe(200);
    const device = cookieNamed(earlier, "bo_device");
    expect(device).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/admin/session" });
    for (let i = 0; i < 10; i++) {
      expect((await tryPassword(B.kitchen.email, `wrong-${i}-password`, `203.0.113.${i + 1}`)).statusCode).toBe(401);
    }
    const stranger = await tryPassword(B.kitchen.email, B.kitchen.password, "203.0.113.99");
    expect(stranger.statusCode).toBe(429);
    // The kitchen tablet, from its own address, with its cookie: not locked out.
    const tablet = { cookie: `bo_device=${device!.value}` };
    expect((await tryPassword(B.kitchen.email, B.kitchen.password, "203.0.113.50", tablet)).statusCode).toBe(200);
    // The cookie proves one email only: another account's cookie, or a made-up one, is no way around the lock.
    const owner = await tryPassword(B.owner.email, B.owner.password, "203.0.113.51");
    const otherEmail = { cookie: `bo_device=${cookieNamed(owner, "bo_device")!.value}` };
    expect((await tryPassword(B.kitchen.email, B.kitchen.password, "203.0.113.52", otherEmail)).statusCode).toBe(429);
    const madeUp = { cookie: `bo_device=${"A".repeat(43)}` };
    expect((await tryPassword(B.kitchen.email, B.kitchen.password, "203.0.113.53", madeUp)).statusCode).toBe(429);
  });

  test("the device cookie has its own ten wrong tries a minute, and one browser keeps the proofs of several staff", async () => {
    const first = await tryPassword(A.kitchen.email, A.kitchen.password);
    const second = await tryPassword(A.owner.email, A.owner.password, address, {
      cookie: `bo_device=${cookieNamed(first, "bo_device")!.value}`,
    });
    const both = { cookie: `bo_device=${cookieNamed(second, "bo_device")!.value}` };
    expect(both.cookie.split(".")).toHaveLength(2);
    for (let i = 0; i < 10; i++) {
      const from = `192.0.2.${i + 10}`;
      expect((await tryPassword(A.kitchen.email, `wrong-${i}-password`, from, both)).statusCode).toBe(401);
    }
    expect((await tryPassword(A.kitchen.email, A.kitchen.password, "192.0.2.99", both)).statusCode).toBe(429);
    // Without the cookie the email's own budget is untouched, and the owner's proof in the same cookie too.
    expect((await tryPassword(A.kitchen.email, A.kitchen.password, "192.0.2.98")).statusCode).toBe(200);
    expect((await tryPassword(A.owner.email, A.owner.password, "192.0.2.97", both)).statusCode).toBe(200);
  });

  test("the 11th wrong try from one address in a minute is 429, whichever emails it tries", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await tryPassword(`guess-${i}@example.dk`, "wrong-password-1")).statusCode).toBe(401);
    }
    const locked = await tryPassword(A.owner.email, A.owner.password);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    // The account itself is not locked: its owner signs in from elsewhere.
    expect((await tryPassword(A.owner.email, A.owner.password, "192.0.2.1")).statusCode).toBe(200);
  });

  test("right passwords cost nothing: 12 sign-ins in a minute from one address all succeed", async () => {
    for (let i = 0; i < 12; i++) expect((await tryPassword(A.owner.email, A.owner.password)).statusCode).toBe(200);
  });

  test("a change without the CSRF token, or from a foreign origin, is 403; a sign-in from a foreign origin too", async () => {
    const browser = await signIn(t, A.owner.email, A.owner.password);
    const noToken = await t.request({
      method: "DELETE",
      url: "/api/admin/session",
      headers: { ...SAME_ORIGIN, cookie: browser.cookie },
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().errors[0].code).toBe("CSRF_TOKEN");
    const wrongToken = await asBrowser(t, browser, {
      method: "DELETE",
      url: "/api/admin/session",
      headers: { "x-csrf-token": `${browser.csrfToken.slice(1)}x` },
    });
    expect(wrongToken.statusCode).toBe(403);
    const foreign = await asBrowser(t, browser, {
      method: "DELETE",
      url: "/api/admin/session",
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().errors[0].code).toBe("CSRF_ORIGIN");
    const noOrigin = await t.request({
      method: "DELETE",
      url: "/api/admin/session",
      headers: { cookie: browser.cookie, "x-csrf-token": browser.csrfToken },
    });
    expect(noOrigin.statusCode).toBe(403);
    const foreignSignIn = await signInRequest(t, A.owner.email, A.owner.password, {
      headers: { origin: "https://evil.example" },
    });
    expect(foreignSignIn.statusCode).toBe(403);
    // A browser that has a session sends its token with a sign-in too.
    const signInWithoutToken = await signInRequest(t, A.owner.email, A.owner.password, {
      headers: { cookie: browser.cookie },
    });
    expect(signInWithoutToken.statusCode).toBe(403);
    expect((await me(browser)).statusCode).toBe(200); // none of them signed out
  });

  test("signing out ends this browser's session only, and tells the browser to forget the cookie", async () => {
    const here = await signIn(t, B.owner.email, B.owner.password);
    const there = await signIn(t, B.owner.email, B.owner.password);
    const out = await signOut(here);
    expect(out.statusCode).toBe(204);
    expect(String(out.headers["set-cookie"])).toMatch(/^bo_session=;/);
    expect((await me(here)).statusCode).toBe(401);
    expect((await me(there)).statusCode).toBe(200);
  });

  test("signing out everywhere ends every session of the account, and only of that account", async () => {
    const browsers = [
      await signIn(t, B.owner.email, B.owner.password),
      await signIn(t, B.owner.email, B.owner.password),
      await signIn(t, B.owner.email, B.owner.password),
    ];
    const colleague = await signIn(t, B.kitchen.email, B.kitchen.password);
    expect((await signOut(browsers[0]!, "?everywhere=true")).statusCode).toBe(204);
    for (const browser of browsers) expect((await me(browser)).statusCode).toBe(401);
    expect((await me(colleague)).statusCode).toBe(200);
  });

  test("disabling an account ends its sessions at once; its password then gets the wrong-password answer", async () => {
    const owner = await signIn(t, A.owner.email, A.owner.password);
    const kitchen = await signIn(t, A.kitchen.email, A.kitchen.password);
    const organisationId = owner.me.memberships[0]!.organisationId;
    const disable = (disabled: boolean) =>
      asBrowser(t, owner, {
        method: "PATCH",
        url: `/api/admin/organisations/${organisationId}/staff/${kitchen.me.account.id}`,
        payload: { disabled },
      });
    expect((await disable(true)).json()).toMatchObject({ disabled: true });
    expect((await me(kitchen)).statusCode).toBe(401);
    const refused = await tryPassword(A.kitchen.email, A.kitchen.password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errors[0].code).toBe("INVALID_CREDENTIALS");
    expect((await disable(false)).json()).toMatchObject({ disabled: false });
    expect((await tryPassword(A.kitchen.email, A.kitchen.password)).statusCode).toBe(200);
    const sessions = await t.db
      .select()
      .from(schema.staffSession)
      .where(eq(schema.staffSession.accountId, kitchen.me.account.id));
    expect(sessions).toHaveLength(1);
  });
});

/** What a client can compare of two answers: everything but the date and the trace id. */
function comparable(res: LightMyRequestResponse) {
  const { date: _date, "x-trace-id": _trace, ...headers } = res.headers;
  return { statusCode: res.statusCode, headers, body: res.body };
}
