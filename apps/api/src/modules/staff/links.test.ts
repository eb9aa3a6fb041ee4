/**
 * Password reset, invite, setup and join links: always 202 for a reset, single use (also when two requests race),
 * 30 minutes for a reset, common and short passwords refused, other sessions ended, signed in after; a join link
 * accepts an invitation without a password.
 */
import { demoStaff, schema } from "@app/db";
import { eq } from "@app/db/orm";
import { testDbKinds } from "@app/db/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { createClock, createTestApp, type TestApp } from "../../testing/test-app";
import { createOwner } from "./create-owner";
import { asBrowser, linkTokenIn, mailsTo, SAME_ORIGIN, sessionCookieOf, signIn, signInRequest } from "./testing";

const START = new Date("2026-11-23T10:00:00Z");
const [A, B] = demoStaff as [(typeof demoStaff)[0], (typeof demoStaff)[0]];

describe.each(await testDbKinds())("staff links on %s", (kind) => {
  let t: TestApp;
  const clock = createClock(START);
  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(START));

  let made = 0;
  /** A fresh account with a password, in restaurant A's organisation (as staff). */
  async function freshAccount(password = "first-password-1") {
    made += 1;
    const email = `member-${made}-${kind}@example.dk`;
    const owner = await signIn(t, A.owner.email, A.owner.password);
    const organisationId = owner.me.memberships[0]!.organisationId;
    const invited = await asBrowser(t, owner, {
      method: "POST",
      url: `/api/admin/organisations/${organisationId}/staff`,
      payload: { email, name: "Member", role: "staff", productionUnitIds: owner.me.memberships[0]!.productionUnitIds },
    });
    expect(invited.statusCode).toBe(201);
    const token = linkTokenIn(await mailTo(email));
    expect((await useLink(token, { password })).statusCode).toBe(200);
    return email;
  }
  const askReset = (email: string, headers: Record<string, string> = {}) =>
    t.request({
      method: "POST",
      url: "/api/admin/password-reset",
      headers: { ...SAME_ORIGIN, ...headers },
      payload: { email },
    });
  const linkInfo = (token: string) => t.request({ method: "GET", url: `/api/admin/links/${token}` });
  const useLink = (token: string, payload: { password: string; name?: string }) =>
    t.request({ method: "POST", url: `/api/admin/links/${token}`, headers: SAME_ORIGIN, payload });
  /** The newest mail to the address, waited for (a reset is mailed after its answer). */
  async function mailTo(email: string, count = 1): Promise<string> {
    return vi.waitFor(
      () => {
        const mails = mailsTo(t, email);
        if (mails.length < count) throw new Error(`no mail ${count} to ${email} yet`);
        return mails[mails.length - 1]!;
      },
      { timeout: 5_000, interval: 10 },
    );
  }

  test("a reset is 202 with the same answer whether or not the email has an account; only the account gets a mail", async () => {
    const email = await freshAccount();
    const known = await askReset(email);
    const unknown = await askReset(`nobody-${kind}@example.dk`);
    expect(known.statusCode).toBe(202);
    expect({ status: unknown.statusCode, body: unknown.body }).toEqual({ status: 202, body: known.body });
    const mail = await mailTo(email, 2);
    expect(mail).toContain("Nulstil din adgangskode");
    expect(mail).toContain("Reset your password");
    expect(mail).toMatch(/http:\/\/localhost:80\/admin\/link\/[A-Za-z0-9_-]{43}/);
    expect(mailsTo(t, `nobody-${kind}@example.dk`)).toEqual([]);
  });

  test("a reset link sets a new password once, ends the account's other sessions and signs in", async () => {
    const email = await freshAccount();
    const elsewhere = await signIn(t, email, "first-password-1");
    await askReset(email);
    const token = linkTokenIn(await mailTo(email, 2));
    expect((await linkInfo(token)).json()).toEqual({
      purpose: "reset",
      email,
      name: "Member",
      organisationName: null,
    });
    const used = await useLink(token, { password: "second-password-2" });
    expect(used.statusCode).toBe(200);
    expect(sessionCookieOf(used)).not.toBeNull();
    expect(used.json().account.email).toBe(email);
    const meOf = (cookie: string) => t.request({ method: "GET", url: "/api/admin/me", headers: { cookie } });
    expect((await meOf(elsewhere.cookie)).statusCode).toBe(401);
    expect((await meOf(`bo_session=${sessionCookieOf(used)}`)).statusCode).toBe(200);
    expect((await signInRequest(t, email, "first-password-1")).statusCode).toBe(401);
    expect((await signInRequest(t, email, "second-password-2")).statusCode).toBe(200);
    // Used: gone for good.
    expect((await linkInfo(token)).statusCode).toBe(404);
    expect((await useLink(token, { password: "third-password-3" })).statusCode).toBe(404);
  });

  test("a reset link lives 30 minutes", async () => {
    const email = await freshAccount();
    await askReset(email);
    const token = linkTokenIn(await mailTo(email, 2));
    clock.set(new Date(START.getTime() + 30 * 60_000 - 1));
    expect((await linkInfo(token)).statusCode).toBe(200);
    clock.set(new Date(START.getTime() + 30 * 60_000));
    expect((await linkInfo(token)).statusCode).toBe(404);
    expect((await useLink(token, { password: "second-password-2" })).statusCode).toBe(404);
  });

  test("two requests racing with one link: exactly one sets the password", async () => {
    const email = await freshAccount();
    await askReset(email);
    const token = linkTokenIn(await mailTo(email, 2));
    const answers = await Promise.all([
      useLink(token, { password: "racer-one-password" }),
      useLink(token, { password: "racer-two-password" }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 404]);
    const winner = answers[0]!.statusCode === 200 ? "racer-one-password" : "racer-two-password";
    expect((await signInRequest(t, email, winner)).statusCode).toBe(200);
  });

  test("a common password is refused on the field, and so is one shorter than 12; the link stays usable", async () => {
    const email = await freshAccount();
    await askReset(email);
    const token = linkTokenIn(await mailTo(email, 2));
    const common = await useLink(token, { password: "QwertyUiopAsdfgh" });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors[0]).toMatchObject({ code: "Input.CommonPassword", field: "password" });
    const short = await useLink(token, { password: "short-pass1" });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0]).toMatchObject({ field: "body.password" });
    expect((await useLink(token, { password: "a-long-enough-one" })).statusCode).toBe(200);
  });

  test("a reset asked on a host the server does not answer on sends no mail (no link to someone else's site)", async () => {
    const email = await freshAccount();
    const res = await askReset(email, { host: "evil.example", origin: "http://evil.example" });
    expect(res.statusCode).toBe(202);
    await askReset(email); // a real one after it, to know the first had its turn
    await mailTo(email, 2);
    const mails = mailsTo(t, email);
    expect(mails).toHaveLength(2);
    expect(mails.join("\n")).not.toContain("evil.example");
  });

  test("a reset asked with a Host header that names a served host but opens another site sends no mail", async () => {
    const email = await freshAccount();
    // Before: the host name (up to the first colon) is localhost, so the mail went out with the link
    // http://localhost:x@evil.example/admin/link/<token>: a browser opens evil.example and hands it the token.
    for (const host of ["localhost:x@evil.example", "localhost:80@evil.example", "localhost/evil.example"]) {
      const res = await askReset(email, { host, origin: `http://${host}` });
      expect(res.statusCode).toBe(202);
    }
    await askReset(email); // a real one after them, to know they had their turn
    await mailTo(email, 2);
    const mails = mailsTo(t, email);
    expect(mails).toHaveLength(2);
    expect(mails.join("\n")).not.toContain("evil.example");
  });

  test("a reset asked on another organisation's host name sends no mail: only the account's own restaurants' hosts", async () => {
    // Restaurant A answers on localhost, B on 127.0.0.1. Before, B's owner's reset link could be put on A's host
    // name, whose DNS and proxy A's organisation may run: A would read the token and take over B's owner.
    const email = B.owner.email;
    expect((await askReset(email, { host: "localhost", origin: "http://localhost" })).statusCode).toBe(202);
    expect((await askReset(email, { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" })).statusCode).toBe(202);
    const mail = await mailTo(email, 1);
    await new Promise((resolve) => setTimeout(resolve, 100)); // the first had its turn long before
    expect(mailsTo(t, email)).toHaveLength(1);
    expect(mail).toMatch(/http:\/\/127\.0\.0\.1:3000\/admin\/link\/[A-Za-z0-9_-]{43}/);
  });

  /** An invitation by `who` to their organisation, sent with the given Host (and a matching Origin): its mail. */
  async function inviteOn(who: typeof A.owner, host: string | undefined) {
    made += 1;
    const email = `invited-${made}-${kind}@example.dk`;
    const owner = await signIn(t, who.email, who.password);
    const membership = owner.me.memberships[0]!;
    const res = await asBrowser(t, owner, {
      method: "POST",
      url: `/api/admin/organisations/${membership.organisationId}/staff`,
      headers: host === undefined ? {} : { host, origin: `http://${host}` },
      payload: { email, name: "Invited", role: "staff", productionUnitIds: membership.productionUnitIds },
    });
    expect(res.statusCode, res.body).toBe(201);
    return mailTo(email);
  }

  test("an invite asked with a Host header of the sender's choosing has its link on the organisation's own host", async () => {
    // Before: the mail the platform sent to the invited person linked to whatever host the inviter's request named
    // (evil.example), where a page asking for a new password would have kept the link's token.
    for (const host of ["evil.example", "localhost:80@evil.example", "localhost/evil.example"]) {
      const mail = await inviteOn(A.owner, host);
      expect(mail).not.toContain("evil.example");
      expect(mail).toMatch(/http:\/\/localhost\/admin\/link\/[A-Za-z0-9_-]{43}/);
    }
  });

  test("an invite asked on another organisation's host has its link on the inviting organisation's host", async () => {
    // Restaurant A answers on localhost, B on 127.0.0.1: B's invitation must not put its token on A's host name.
    const mail = await inviteOn(B.owner, "localhost:3000");
    expect(mail).toMatch(/http:\/\/127\.0\.0\.1:3000\/admin\/link\/[A-Za-z0-9_-]{43}/);
    expect(mail).not.toContain("http://localhost");
  });

  test("an invite asked on one of the organisation's hosts keeps that host and its port", async () => {
    expect(await inviteOn(B.owner, "127.0.0.1:3000")).toMatch(/http:\/\/127\.0\.0\.1:3000\/admin\/link\//);
    expect(await inviteOn(A.owner, undefined)).toMatch(/http:\/\/localhost:80\/admin\/link\//);
  });

  test("an organisation without a restaurant has no address for an invite link: 409 INVITE_NEEDS_ADDRESS, no mail", async () => {
    const created = await createOwner(
      t.db,
      { email: `no-restaurant-${kind}@example.dk`, organisationName: "Ingen restaurant" },
      START,
    );
    expect((await useLink(created.setupToken!, { password: "founders-password-1" })).statusCode).toBe(200);
    const founder = await signIn(t, `no-restaurant-${kind}@example.dk`, "founders-password-1");
    const email = `co-owner-${kind}@example.dk`;
    const res = await asBrowser(t, founder, {
      method: "POST",
      url: `/api/admin/organisations/${created.organisationId}/staff`,
      payload: { email, name: "Co-owner", role: "owner", productionUnitIds: [] },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errors[0].code).toBe("INVITE_NEEDS_ADDRESS");
    expect(mailsTo(t, email)).toHaveLength(0);
  });

  test("an invite link names the organisation; the new member sets name and password and is signed in", async () => {
    const owner = await signIn(t, A.owner.email, A.owner.password);
    const membership = owner.me.memberships[0]!;
    const email = `new-cook-${kind}@example.dk`;
    const invited = await asBrowser(t, owner, {
      method: "POST",
      url: `/api/admin/organisations/${membership.organisationId}/staff`,
      payload: { email, name: "New Cook", role: "staff", productionUnitIds: membership.productionUnitIds },
    });
    expect(invited.json()).toMatchObject({ email, role: "staff", active: false, disabled: false });
    const mail = await mailTo(email);
    expect(mail).toContain(membership.organisationName);
    const token = linkTokenIn(mail);
    expect((await linkInfo(token)).json()).toEqual({
      purpose: "invite",
      email,
      name: "New Cook",
      organisationName: membership.organisationName,
    });
    clock.set(new Date(START.getTime() + 7 * 24 * 60 * 60_000 - 1)); // valid 7 days
    const used = await useLink(token, { password: "my-own-password-1", name: "Cook Jensen" });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({
      account: { email, name: "Cook Jensen" },
      memberships: [{ organisationId: membership.organisationId, role: "staff" }],
    });
  });

  test("the first owner's setup link (npm run admin -- create-owner) makes a working owner", async () => {
    const created = await createOwner(
      t.db,
      { email: `founder-${kind}@example.dk`, organisationName: "Nyt Køkken ApS" },
      clock.now(),
    );
    const info = await linkInfo(created.setupToken!);
    expect(info.json()).toMatchObject({ purpose: "setup", organisationName: "Nyt Køkken ApS" });
    const used = await useLink(created.setupToken!, { password: "founders-password-1", name: "Founder" });
    expect(used.json().memberships).toEqual([
      {
        organisationId: created.organisationId,
        organisationName: "Nyt Køkken ApS",
        role: "owner",
        productionUnitIds: [],
      },
    ]);
    clock.set(new Date(START.getTime() + 24 * 60 * 60_000));
    const expired = await createOwner(t.db, { email: `late-${kind}@example.dk`, organisationName: "Sent" }, START);
    expect((await linkInfo(expired.setupToken!)).statusCode).toBe(404);
  });

  test("links are stored as hashes: the token in the mail is not in the database", async () => {
    const email = await freshAccount();
    await askReset(email);
    const token = linkTokenIn(await mailTo(email, 2));
    const [account] = await t.db.select().from(schema.staffAccount).where(eq(schema.staffAccount.email, email));
    const links = await t.db.select().from(schema.staffLink).where(eq(schema.staffLink.accountId, account!.id));
    expect(links.length).toBeGreaterThan(0);
    expect(JSON.stringify(links)).not.toContain(token);
  });

  const acceptLink = (token: string) =>
    t.request({ method: "POST", url: `/api/admin/links/${token}/accept`, headers: SAME_ORIGIN });
  /** B's owner invites the address into B as staff: answers B's organisation. */
  async function inviteIntoB(email: string): Promise<{ organisationId: number; organisationName: string }> {
    const owner = await signIn(t, B.owner.email, B.owner.password);
    const membership = owner.me.memberships[0]!;
    const invited = await asBrowser(t, owner, {
      method: "POST",
      url: `/api/admin/organisations/${membership.organisationId}/staff`,
      payload: { email, name: "Typed", role: "staff", productionUnitIds: membership.productionUnitIds },
    });
    expect(invited.statusCode).toBe(201);
    return membership;
  }
  const organisationsOf = async (email: string) =>
    (await signIn(t, email, "first-password-1")).me.memberships.map((m) => m.organisationId);

  test("a join link lives 7 days, names the organisation and role, accepts once and sets no password", async () => {
    const email = await freshAccount();
    const b = await inviteIntoB(email);
    const token = linkTokenIn(await mailTo(email, 2));
    expect((await linkInfo(token)).json()).toEqual({
      purpose: "join",
      email,
      name: "Member",
      organisationName: b.organisationName,
      role: "staff",
    });
    expect((await useLink(token, { password: "a-stranger-chose-it" })).statusCode).toBe(404);
    expect(await organisationsOf(email)).not.toContain(b.organisationId);
    clock.set(new Date(START.getTime() + 7 * 24 * 60 * 60_000));
    expect((await linkInfo(token)).statusCode).toBe(404);
    expect((await acceptLink(token)).statusCode).toBe(404);
    clock.set(new Date(START.getTime() + 7 * 24 * 60 * 60_000 - 1));
    const answers = await Promise.all([acceptLink(token), acceptLink(token)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([204, 404]);
    // Accepting opens no session: the person signs in with their own password.
    expect(answers.map((res) => sessionCookieOf(res))).toEqual([null, null]);
    expect(await organisationsOf(email)).toContain(b.organisationId);
    expect((await linkInfo(token)).statusCode).toBe(404);
  });

  test("an invitation not yet accepted makes no host the person's own: a reset asked there sends no mail", async () => {
    const email = await freshAccount();
    await inviteIntoB(email);
    const token = linkTokenIn(await mailTo(email, 2));
    const onB = { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" };
    expect((await askReset(email, onB)).statusCode).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 100)); // a mail would have been written by now
    expect(mailsTo(t, email)).toHaveLength(2);
    expect((await acceptLink(token)).statusCode).toBe(204);
    expect((await askReset(email, onB)).statusCode).toBe(202);
    expect(await mailTo(email, 3)).toMatch(/http:\/\/127\.0\.0\.1:3000\/admin\/link\/[A-Za-z0-9_-]{43}/);
  });

  test("a join link of a disabled account does not work", async () => {
    const email = await freshAccount();
    await inviteIntoB(email);
    const token = linkTokenIn(await mailTo(email, 2));
    await t.db.update(schema.staffAccount).set({ disabled: true }).where(eq(schema.staffAccount.email, email));
    expect((await linkInfo(token)).statusCode).toBe(404);
    expect((await acceptLink(token)).statusCode).toBe(404);
  });

  test("a new member who sets a password through a reset first can still accept the invite: it becomes a join link", async () => {
    const owner = await signIn(t, A.owner.email, A.owner.password);
    const membership = owner.me.memberships[0]!;
    const email = `resets-first-${kind}@example.dk`;
    await asBrowser(t, owner, {
      method: "POST",
      url: `/api/admin/organisations/${membership.organisationId}/staff`,
      payload: { email, name: "Resets First", role: "staff", productionUnitIds: membership.productionUnitIds },
    });
    const invite = linkTokenIn(await mailTo(email));
    await askReset(email);
    const reset = linkTokenIn(await mailTo(email, 2));
    expect((await useLink(reset, { password: "first-password-1" })).json().memberships).toEqual([]);
    expect((await linkInfo(invite)).json()).toMatchObject({
      purpose: "join",
      organisationName: membership.organisationName,
    });
    expect((await useLink(invite, { password: "second-password-2" })).statusCode).toBe(404);
    expect((await acceptLink(invite)).statusCode).toBe(204);
    expect(await organisationsOf(email)).toEqual([membership.organisationId]);
  });

  test("a reset, invite or setup link is not accepted as a join link", async () => {
    const email = await freshAccount();
    await askReset(email);
    const token = linkTokenIn(await mailTo(email, 2));
    expect((await acceptLink(token)).statusCode).toBe(404);
    expect((await useLink(token, { password: "still-works-after" })).statusCode).toBe(200);
  });
});

describe("with PUBLIC_URL set", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: "https://platform.example/" } });
  });
  afterAll(() => t.close());

  test("a reset link is on the server's own address, never on the host name it was asked on", async () => {
    // A restaurant's host name is run by its organisation, and an organisation can make any account one of its own
    // by inviting it: only the server's own address is safe for every account.
    const res = await t.request({
      method: "POST",
      url: "/api/admin/password-reset",
      headers: SAME_ORIGIN,
      payload: { email: B.owner.email },
    });
    expect(res.statusCode).toBe(202);
    const mail = await vi.waitFor(
      () => {
        const mails = mailsTo(t, B.owner.email);
        if (mails.length === 0) throw new Error("no mail yet");
        return mails[0]!;
      },
      { timeout: 5_000, interval: 10 },
    );
    expect(mail).toMatch(/https:\/\/platform\.example\/admin\/link\/[A-Za-z0-9_-]{43}/);
    expect(mail).not.toContain("http://localhost");
  });

  test("an invite link is on the server's own address too, not on the host the owner's request came to", async () => {
    const owner = await signIn(t, A.owner.email, A.owner.password);
    const membership = owner.me.memberships[0]!;
    const email = "new-cook-public-url@example.dk";
    const invited = await asBrowser(t, owner, {
      method: "POST",
      url: `/api/admin/organisations/${membership.organisationId}/staff`,
      payload: { email, name: "New Cook", role: "staff", productionUnitIds: membership.productionUnitIds },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const [mail] = mailsTo(t, email);
    expect(mail).toMatch(/https:\/\/platform\.example\/admin\/link\/[A-Za-z0-9_-]{43}/);
    expect(mail).not.toContain("http://localhost");
  });
});
