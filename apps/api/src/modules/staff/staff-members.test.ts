/**
 * An organisation's members: who may invite whom, who sees the list, who may change a member; an invitation waits
 * for the person's consent and gives no access until then; the last owner stays; every change is in the audit log.
 */
import { demoStaff } from "@app/db";
import { testDbKinds } from "@app/db/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { findAlertRecipients } from "./alert-recipients";
import { asBrowser, type Browser, linkTokenIn, mailsTo, SAME_ORIGIN, signIn } from "./testing";

const [A, B] = demoStaff as [(typeof demoStaff)[0], (typeof demoStaff)[0]];

describe.each(await testDbKinds())("organisation members on %s", (kind) => {
  let t: TestApp;
  let ownerA: Browser;
  let ownerB: Browser;
  let kitchenA: Browser;
  let managerA: Browser;
  let orgA: number;
  let orgB: number;
  let restaurantA: number;
  let restaurantB: number;
  beforeAll(async () => {
    t = await createTestApp({ kind });
    ownerA = await signIn(t, A.owner.email, A.owner.password);
    ownerB = await signIn(t, B.owner.email, B.owner.password);
    kitchenA = await signIn(t, A.kitchen.email, A.kitchen.password);
    orgA = ownerA.me.memberships[0]!.organisationId;
    orgB = ownerB.me.memberships[0]!.organisationId;
    restaurantA = ownerA.me.memberships[0]!.productionUnitIds[0]!;
    restaurantB = ownerB.me.memberships[0]!.productionUnitIds[0]!;
    managerA = await join(ownerA, orgA, `manager-${kind}@example.dk`, "manager", [restaurantA]);
  });
  afterAll(() => t.close());

  const invite = (by: Browser, organisationId: number, payload: Record<string, unknown>) =>
    asBrowser(t, by, { method: "POST", url: `/api/admin/organisations/${organisationId}/staff`, payload });
  const list = (by: Browser, organisationId: number) =>
    asBrowser(t, by, { method: "GET", url: `/api/admin/organisations/${organisationId}/staff` });
  const change = (by: Browser, organisationId: number, accountId: string, payload: Record<string, unknown>) =>
    asBrowser(t, by, {
      method: "PATCH",
      url: `/api/admin/organisations/${organisationId}/staff/${accountId}`,
      payload,
    });

  /** Invites, then takes the emailed link as the new member would: answers their signed-in browser. */
  async function join(by: Browser, organisationId: number, email: string, role: string, units: number[]) {
    const res = await invite(by, organisationId, { email, name: email.split("@")[0], role, productionUnitIds: units });
    expect(res.statusCode, res.body).toBe(201);
    const token = linkTokenIn(mailsTo(t, email).at(-1)!);
    const used = await t.request({
      method: "POST",
      url: `/api/admin/links/${token}`,
      headers: SAME_ORIGIN,
      payload: { password: "a-members-password" },
    });
    expect(used.statusCode, used.body).toBe(200);
    return signIn(t, email, "a-members-password");
  }

  test("an owner invites any role; the invite is in the audit log", async () => {
    const res = await invite(ownerA, orgA, {
      email: `second-owner-${kind}@example.dk`,
      name: "Second Owner",
      role: "owner",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: "owner", productionUnitIds: [restaurantA], active: false });
    const audit = await asBrowser(t, ownerA, { method: "GET", url: `/api/admin/audit?organisationId=${orgA}` });
    expect(audit.json().entries[0]).toMatchObject({
      action: "staff.invite",
      actorEmail: A.owner.email,
      after: { email: `second-owner-${kind}@example.dk`, role: "owner" },
    });
  });

  test("a manager invites staff for their restaurants, and nothing else", async () => {
    const staff = await invite(managerA, orgA, {
      email: `cook-${kind}@example.dk`,
      name: "Cook",
      role: "staff",
      productionUnitIds: [restaurantA],
    });
    expect(staff.statusCode).toBe(201);
    const manager = await invite(managerA, orgA, {
      email: `boss-${kind}@example.dk`,
      name: "Boss",
      role: "manager",
      productionUnitIds: [restaurantA],
    });
    expect(manager.statusCode).toBe(403);
    expect((await invite(managerA, orgA, { email: `o-${kind}@example.dk`, name: "O", role: "owner" })).statusCode).toBe(
      403,
    );
    const elsewhere = await invite(managerA, orgA, {
      email: `cook-b-${kind}@example.dk`,
      name: "Cook",
      role: "staff",
      productionUnitIds: [restaurantB],
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors[0]).toMatchObject({ code: "Input.UnknownRestaurant", field: "productionUnitIds.0" });
    const none = await invite(managerA, orgA, { email: `x-${kind}@example.dk`, name: "X", role: "staff" });
    expect(none.json().errors[0]).toMatchObject({ code: "Input.RestaurantRequired", field: "productionUnitIds" });
  });

  test("staff may not invite or list; another organisation's owner is told it does not exist", async () => {
    const payload = { email: `y-${kind}@example.dk`, name: "Y", role: "staff", productionUnitIds: [restaurantA] };
    expect((await invite(kitchenA, orgA, payload)).statusCode).toBe(403);
    expect((await list(kitchenA, orgA)).statusCode).toBe(403);
    expect((await invite(ownerB, orgA, payload)).statusCode).toBe(404);
    expect((await list(ownerB, orgA)).statusCode).toBe(404);
    expect((await change(ownerB, orgA, kitchenA.me.account.id, { disabled: true })).statusCode).toBe(404);
  });

  const acceptLink = (token: string) =>
    t.request({ method: "POST", url: `/api/admin/links/${token}/accept`, headers: SAME_ORIGIN });
  const membersOf = async (by: Browser, organisationId: number) =>
    (await list(by, organisationId)).json().members as Record<string, unknown>[];

  test("an invite answers alike for a new address and an existing account: the typed name, pending, nothing of the account", async () => {
    const existing = await invite(ownerB, orgB, {
      email: A.kitchen.email,
      name: "Typed Name",
      role: "staff",
      productionUnitIds: [restaurantB],
    });
    const fresh = await invite(ownerB, orgB, {
      email: `nobody-yet-${kind}@example.dk`,
      name: "Typed Name",
      role: "staff",
      productionUnitIds: [restaurantB],
    });
    expect(existing.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    const shown = { name: "Typed Name", active: false, disabled: false, invitationPending: true };
    expect(existing.json()).toEqual({
      accountId: kitchenA.me.account.id,
      email: A.kitchen.email,
      role: "staff",
      productionUnitIds: [restaurantB],
      ...shown,
    });
    expect(fresh.json()).toMatchObject(shown);
    expect(JSON.stringify(await membersOf(ownerB, orgB))).not.toContain(kitchenA.me.account.name);
    expect((await membersOf(ownerB, orgB)).find((m) => m.email === A.kitchen.email)).toMatchObject(shown);
    // The account's person gets a link to accept, naming the organisation; inviting it again is 409.
    const mail = mailsTo(t, A.kitchen.email).at(-1)!;
    expect(mail).toContain("Pizzeria Aarhus ApS har inviteret dig");
    expect(mail).toContain("/admin/link/");
    const again = await invite(ownerB, orgB, {
      email: A.kitchen.email,
      name: "X",
      role: "staff",
      productionUnitIds: [restaurantB],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe("ALREADY_MEMBER");
  });

  test("until accepted, an invitation gives no access: not in the session, no restaurants, no orders, no alerts", async () => {
    const res = await invite(ownerB, orgB, {
      email: A.owner.email,
      name: "Pending Manager",
      role: "manager",
      productionUnitIds: [restaurantB],
    });
    expect(res.statusCode).toBe(201);
    const get = (url: string) => asBrowser(t, ownerA, { method: "GET", url });
    const me = (await get("/api/admin/me")).json();
    expect(me.memberships.map((m: { organisationId: number }) => m.organisationId)).toEqual([orgA]);
    const restaurants = (await get("/api/admin/restaurants")).json().restaurants as { id: number }[];
    expect(restaurants.map((r) => r.id)).not.toContain(restaurantB);
    expect((await get(`/api/admin/restaurants/${restaurantB}`)).statusCode).toBe(404);
    expect((await get(`/api/admin/restaurants/${restaurantB}/orders`)).statusCode).toBe(404);
    expect((await get(`/api/admin/organisations/${orgB}/staff`)).statusCode).toBe(404);
    expect((await get(`/api/admin/audit?organisationId=${orgB}`)).statusCode).toBe(404);
    const signedInAgain = await signIn(t, A.owner.email, A.owner.password);
    expect(signedInAgain.me.memberships.map((m) => m.organisationId)).toEqual([orgA]);
    const alerted = await findAlertRecipients(t.db, restaurantB);
    expect(alerted.recipients.map((r) => r.accountId)).not.toContain(ownerA.me.account.id);

    // Accepted through the emailed link: the membership counts from now, with alerts.
    const token = linkTokenIn(mailsTo(t, A.owner.email).at(-1)!);
    expect((await acceptLink(token)).statusCode).toBe(204);
    expect((await get(`/api/admin/restaurants/${restaurantB}/orders`)).statusCode).toBe(200);
    const nowAlerted = await findAlertRecipients(t.db, restaurantB);
    expect(nowAlerted.recipients.map((r) => r.accountId)).toContain(ownerA.me.account.id);
  });

  test("accepting shows the account's own name and is audited; the link works once; then the account is shared", async () => {
    // The kitchen member invited by B in the first of these tests accepts.
    const token = linkTokenIn(mailsTo(t, A.kitchen.email).at(-1)!);
    const info = await t.request({ method: "GET", url: `/api/admin/links/${token}` });
    expect(info.json()).toMatchObject({ purpose: "join", organisationName: "Pizzeria Aarhus ApS", role: "staff" });
    // A join link sets no password.
    const asPassword = await t.request({
      method: "POST",
      url: `/api/admin/links/${token}`,
      headers: SAME_ORIGIN,
      payload: { password: "a-takeover-password" },
    });
    expect(asPassword.statusCode).toBe(404);
    expect((await acceptLink(token)).statusCode).toBe(204);
    expect((await acceptLink(token)).statusCode).toBe(404);
    expect((await membersOf(ownerB, orgB)).find((m) => m.email === A.kitchen.email)).toMatchObject({
      name: kitchenA.me.account.name,
      active: true,
      invitationPending: false,
    });
    const audit = await asBrowser(t, ownerB, { method: "GET", url: `/api/admin/audit?organisationId=${orgB}` });
    expect(audit.json().entries[0]).toMatchObject({
      action: "staff.accept",
      actorEmail: A.kitchen.email,
      after: { email: A.kitchen.email, role: "staff" },
    });
    const again = await signIn(t, A.kitchen.email, A.kitchen.password);
    expect(again.me.memberships.map((m) => m.organisationId).sort()).toEqual([orgA, orgB].sort());
    // B cannot lock A's kitchen out of A: the disabled flag is the account's, so a shared account keeps it.
    const lockOut = await change(ownerB, orgB, kitchenA.me.account.id, { disabled: true });
    expect(lockOut.statusCode).toBe(409);
    expect(lockOut.json().errors[0].code).toBe("ACCOUNT_SHARED");
    expect((await asBrowser(t, again, { method: "GET", url: "/api/admin/me" })).statusCode).toBe(200);
  });

  test("a pending member cannot be disabled (409), nor does an invitation stop their own organisation disabling them", async () => {
    const cook = await join(ownerA, orgA, `shared-cook-${kind}@example.dk`, "staff", [restaurantA]);
    const payload = { email: cook.me.account.email, name: "Cook", role: "staff", productionUnitIds: [restaurantB] };
    expect((await invite(ownerB, orgB, payload)).statusCode).toBe(201);
    const disable = await change(ownerB, orgB, cook.me.account.id, { disabled: true });
    expect(disable.statusCode).toBe(409);
    expect(disable.json().errors[0].code).toBe("INVITATION_PENDING");
    // The role of the invitation may still change.
    expect((await change(ownerB, orgB, cook.me.account.id, { role: "manager" })).json()).toMatchObject({
      role: "manager",
      invitationPending: true,
    });
    expect((await change(ownerA, orgA, cook.me.account.id, { disabled: true })).json()).toMatchObject({
      disabled: true,
    });
    expect((await change(ownerA, orgA, cook.me.account.id, { disabled: false })).statusCode).toBe(200);
  });

  test("an invited owner who has not accepted is no owner yet: the last owner still cannot step down", async () => {
    const res = await invite(ownerA, orgA, { email: B.kitchen.email, name: "Co-owner", role: "owner" });
    expect(res.statusCode).toBe(201);
    const demote = await change(ownerA, orgA, ownerA.me.account.id, {
      role: "manager",
      productionUnitIds: [restaurantA],
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().errors[0].code).toBe("LAST_OWNER");
  });

  test("an owner lists every member; a manager those of their restaurants", async () => {
    const asOwner = (await list(ownerA, orgA)).json().members as { email: string; role: string; active: boolean }[];
    expect(asOwner.map((m) => m.email)).toEqual(expect.arrayContaining([A.owner.email, A.kitchen.email]));
    expect(asOwner.find((m) => m.email === A.owner.email)).toMatchObject({ role: "owner", active: true });
    const asManager = (await list(managerA, orgA)).json().members as { email: string }[];
    expect(asManager.map((m) => m.email)).toEqual(expect.arrayContaining([A.owner.email, A.kitchen.email]));
  });

  test("a manager changes staff of their restaurants, not an owner; changes are audited with before and after", async () => {
    const cook = await join(ownerA, orgA, `line-cook-${kind}@example.dk`, "staff", [restaurantA]);
    const off = await change(managerA, orgA, cook.me.account.id, { disabled: true });
    expect(off.json()).toMatchObject({ disabled: true });
    expect((await change(managerA, orgA, cook.me.account.id, { disabled: false })).statusCode).toBe(200);
    expect((await change(managerA, orgA, cook.me.account.id, { role: "manager" })).statusCode).toBe(403);
    expect((await change(managerA, orgA, ownerA.me.account.id, { disabled: true })).statusCode).toBe(403);
    const audit = await asBrowser(t, ownerA, {
      method: "GET",
      url: `/api/admin/audit?accountId=${managerA.me.account.id}`,
    });
    expect(audit.json().entries.slice(0, 2)).toMatchObject([
      { action: "staff.update", before: { disabled: true }, after: { disabled: false } },
      { action: "staff.update", before: { disabled: false }, after: { disabled: true } },
    ]);
  });

  const withdraw = (by: Browser, organisationId: number, accountId: string, headers: Record<string, string> = {}) =>
    asBrowser(t, by, {
      method: "DELETE",
      url: `/api/admin/organisations/${organisationId}/staff/${accountId}/invitation`,
      headers,
    });
  const linkInfo = (token: string) => t.request({ method: "GET", url: `/api/admin/links/${token}` });

  test("an owner withdraws an invitation to a wrong address: the row, its link and the unused account are gone; audited", async () => {
    const email = `wrong-address-${kind}@example.dk`;
    const res = await invite(ownerA, orgA, { email, name: "Wrong", role: "staff", productionUnitIds: [restaurantA] });
    expect(res.statusCode).toBe(201);
    const token = linkTokenIn(mailsTo(t, email).at(-1)!);
    expect((await linkInfo(token)).statusCode).toBe(200);

    const withdrawn = await withdraw(ownerA, orgA, res.json().accountId);
    expect(withdrawn.statusCode, withdrawn.body).toBe(204);
    expect((await membersOf(ownerA, orgA)).map((m) => m.email)).not.toContain(email);
    expect((await linkInfo(token)).statusCode).toBe(404);
    const used = await t.request({
      method: "POST",
      url: `/api/admin/links/${token}`,
      headers: SAME_ORIGIN,
      payload: { password: "a-members-password" },
    });
    expect(used.statusCode).toBe(404);
    const audit = await asBrowser(t, ownerA, { method: "GET", url: `/api/admin/audit?organisationId=${orgA}` });
    expect(audit.json().entries[0]).toMatchObject({
      action: "staff.withdraw",
      actorEmail: A.owner.email,
      before: { email, role: "staff", productionUnitIds: [restaurantA] },
      after: null,
    });
    // The account the invite made is gone too: invited again, the address gets a fresh invite to choose a password.
    expect((await invite(ownerA, orgA, { email, name: "Right", role: "owner" })).statusCode).toBe(201);
    expect((await linkInfo(linkTokenIn(mailsTo(t, email).at(-1)!))).json()).toMatchObject({ purpose: "invite" });
  });

  test("withdrawing an existing account's invitation ends its join link and leaves the account as it was", async () => {
    const res = await invite(ownerA, orgA, {
      email: B.owner.email,
      name: "Wrong person",
      role: "staff",
      productionUnitIds: [restaurantA],
    });
    expect(res.statusCode).toBe(201);
    const token = linkTokenIn(mailsTo(t, B.owner.email).at(-1)!);
    expect((await withdraw(ownerA, orgA, ownerB.me.account.id)).statusCode).toBe(204);
    expect((await acceptLink(token)).statusCode).toBe(404);
    const again = await signIn(t, B.owner.email, B.owner.password);
    expect(again.me.memberships.map((m) => m.organisationId)).toEqual([orgB]);
  });

  test("an accepted invitation cannot be withdrawn (409): the person is a member", async () => {
    const cook = await join(ownerA, orgA, `accepted-cook-${kind}@example.dk`, "staff", [restaurantA]);
    const res = await withdraw(ownerA, orgA, cook.me.account.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe("INVITATION_ACCEPTED");
    expect((await membersOf(ownerA, orgA)).find((m) => m.accountId === cook.me.account.id)).toMatchObject({
      invitationPending: false,
    });
  });

  test("withdrawing: kitchen staff 403, another organisation 404, a manager only staff of their restaurants, CSRF checked", async () => {
    const staffInvite = await invite(ownerA, orgA, {
      email: `maybe-cook-${kind}@example.dk`,
      name: "Maybe",
      role: "staff",
      productionUnitIds: [restaurantA],
    });
    const ownerInvite = await invite(ownerA, orgA, {
      email: `maybe-owner-${kind}@example.dk`,
      name: "M",
      role: "owner",
    });
    const cookId = staffInvite.json().accountId as string;
    const ownerId = ownerInvite.json().accountId as string;
    expect((await withdraw(kitchenA, orgA, cookId)).statusCode).toBe(403);
    expect((await withdraw(ownerB, orgA, cookId)).statusCode).toBe(404);
    expect((await withdraw(ownerB, orgB, cookId)).statusCode).toBe(404);
    expect((await withdraw(managerA, orgA, ownerId)).statusCode).toBe(403);
    const noToken = await withdraw(ownerA, orgA, cookId, { "x-csrf-token": "" });
    expect(noToken.statusCode).toBe(403);
    expect((await membersOf(ownerA, orgA)).map((m) => m.accountId)).toEqual(expect.arrayContaining([cookId, ownerId]));
    expect((await withdraw(managerA, orgA, cookId)).statusCode).toBe(204);
    expect((await withdraw(ownerA, orgA, ownerId)).statusCode).toBe(204);
    expect((await withdraw(ownerA, orgA, ownerId)).statusCode).toBe(404);
  });

  test("the last enabled owner can be neither demoted nor disabled (409); with a second owner it can", async () => {
    const onlyOwner = await join(ownerB, orgB, `founder-${kind}@example.dk`, "owner", []);
    // Two owners now in B: the demo owner and the founder. Demote the demo owner, then the founder is the last.
    expect(
      (
        await change(onlyOwner, orgB, ownerB.me.account.id, { role: "manager", productionUnitIds: [restaurantB] })
      ).json(),
    ).toMatchObject({ role: "manager", productionUnitIds: [restaurantB] });
    const demote = await change(onlyOwner, orgB, onlyOwner.me.account.id, {
      role: "manager",
      productionUnitIds: [restaurantB],
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().errors[0].code).toBe("LAST_OWNER");
    expect((await change(onlyOwner, orgB, onlyOwner.me.account.id, { disabled: true })).statusCode).toBe(409);
    // Restore the demo owner for the other tests.
    expect((await change(onlyOwner, orgB, ownerB.me.account.id, { role: "owner" })).json()).toMatchObject({
      role: "owner",
    });
  });
});
