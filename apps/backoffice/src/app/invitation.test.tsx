// @vitest-environment happy-dom
/**
 * An invitation to an organisation as the back office shows it: the invited person's link page (an existing
 * account accepts, no password), and the inviter's staff list (the typed name and a pending note until then).
 */
import type { LinkInfo, Me, StaffMember } from "@app/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { LinkPage } from "../features/auth";
import { StaffPage } from "../features/staff";
import { queryClient } from "../lib/query-client";
import { testI18n } from "../lib/test-i18n";
import daDK from "../locales/da-DK.json";
import enUS from "../locales/en-US.json";

const { i18n, start } = testI18n("en-US", { "en-US": enUS, "da-DK": daDK });
beforeAll(start);
afterEach(async () => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  await i18n.changeLanguage("en-US");
});

const JOIN: LinkInfo = {
  purpose: "join",
  email: "kok@bistro-norrebro.example",
  name: "Kok, Bistro Nørrebro",
  organisationName: "Pizzeria Aarhus ApS",
  role: "manager",
};

/** The server as the page meets it: the link's info, no session, and the accept answer; the requests it got. */
function stubServer(info: LinkInfo, acceptStatus = 204) {
  const requests: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push(`${init?.method ?? "GET"} ${url}`);
      if (url === "/api/admin/links/the-token") return Response.json(info);
      if (url === "/api/admin/links/the-token/accept") return new Response(null, { status: acceptStatus });
      return Response.json({ errors: [{ code: "SIGN_IN_REQUIRED", message: "Sign in" }] }, { status: 401 });
    }),
  );
  return requests;
}

function renderAt(path: string, url: string, element: React.ReactNode, client = new QueryClient()) {
  client.setDefaultOptions({ queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } });
  const router = createMemoryRouter([{ path, element }], { initialEntries: [url] });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const renderLink = () => renderAt("/link/:token", "/link/the-token", <LinkPage />);

describe("the link page of an invitation to join (an existing account)", () => {
  test("names the organisation and the role and offers Accept, no password", async () => {
    stubServer(JOIN);
    renderLink();
    await screen.findByRole("heading", { level: 1, name: "Pizzeria Aarhus ApS has invited you to join as a manager" });
    expect(screen.getByText("For kok@bistro-norrebro.example")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Accept" })).toBeTruthy();
    expect(screen.queryByLabelText("New password")).toBeNull();
  });

  test("in Danish too", async () => {
    await i18n.changeLanguage("da-DK");
    stubServer({ ...JOIN, role: "staff" });
    renderLink();
    await screen.findByRole("heading", {
      level: 1,
      name: "Pizzeria Aarhus ApS har inviteret dig til at være med som personale",
    });
    expect(screen.getByRole("button", { name: "Acceptér" })).toBeTruthy();
  });

  test("Accept posts to the link's accept address once and says so; signed out, it offers to sign in", async () => {
    const requests = stubServer(JOIN);
    renderLink();
    fireEvent.click(await screen.findByRole("button", { name: "Accept" }));
    expect((await screen.findByRole("status")).textContent).toBe("You have joined Pizzeria Aarhus ApS.");
    expect(requests.filter((r) => r.startsWith("POST"))).toEqual(["POST /api/admin/links/the-token/accept"]);
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/sign-in");
  });

  test("a link used meanwhile shows that it no longer works", async () => {
    stubServer(JOIN, 404);
    renderLink();
    fireEvent.click(await screen.findByRole("button", { name: "Accept" }));
    await screen.findByRole("heading", { level: 1, name: "This link no longer works" });
  });

  test("an invite link (new account) still asks for a password", async () => {
    stubServer({ purpose: "invite", email: "new@example.dk", name: "New", organisationName: "Pizzeria Aarhus ApS" });
    renderLink();
    await screen.findByRole("heading", { level: 1, name: "Join Pizzeria Aarhus ApS" });
    expect(screen.getByLabelText("New password")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Accept" })).toBeNull();
  });
});

const OWNER: Me = {
  account: { id: "4c1d3c1e-6a1d-4f5e-9a0b-2c3d4e5f6a7b", email: "ejer@pizzeria-aarhus.example", name: "Ejer" },
  memberships: [{ organisationId: 2, organisationName: "Pizzeria Aarhus ApS", role: "owner", productionUnitIds: [7] }],
  csrfToken: "token",
};
const PENDING: StaffMember = {
  accountId: "0b9f3c1e-6a1d-4f5e-9a0b-2c3d4e5f6a7b",
  email: "kok@bistro-norrebro.example",
  name: "Name Typed By The Owner",
  role: "staff",
  productionUnitIds: [7],
  disabled: false,
  active: false,
  invitationPending: true,
};

/** The owner's staff page of organisation 2, listing the given member (beside the owner). */
function renderStaff(member: StaffMember) {
  const client = new QueryClient();
  client.setQueryData(["me"], OWNER);
  client.setQueryData(["restaurants"], { restaurants: [{ id: 7, organisationId: 2, name: "Pizzeria Aarhus" }] });
  client.setQueryData(["staff", 2], { members: [member] });
  renderAt("/organisations/:organisationId/staff", "/organisations/2/staff", <StaffPage />, client);
}

describe("the staff list", () => {
  test("invited, not accepted: the typed name, the email, the pending note, and no way to disable", async () => {
    renderStaff(PENDING);
    const member = within(await screen.findByRole("article", { name: "Name Typed By The Owner" }));
    expect(member.getByText("Invitation sent, not accepted yet")).toBeTruthy();
    expect(member.getByText(/kok@bistro-norrebro\.example/).textContent).not.toContain("no password yet");
    expect(member.queryByRole("checkbox", { name: /Disabled/ })).toBeNull();
    expect(member.getByRole("combobox", { name: "Role" })).toBeTruthy();
  });

  test("in Danish too", async () => {
    await i18n.changeLanguage("da-DK");
    renderStaff(PENDING);
    await screen.findByText("Invitation sendt, ikke accepteret endnu");
  });

  test("accepted: the account's own name, no pending note, and the owner may disable them", async () => {
    renderStaff({ ...PENDING, name: "Kok Jensen", active: true, invitationPending: false });
    const member = within(await screen.findByRole("article", { name: "Kok Jensen" }));
    expect(member.queryByText("Invitation sent, not accepted yet")).toBeNull();
    expect(member.getByRole("checkbox", { name: /Disabled/ })).toBeTruthy();
  });
});

/**
 * The staff page on the app's own query client (the one its writes refresh), the server answering the withdrawal
 * with `status` and the list after it with `after`; the requests it got.
 */
function renderWithdrawal(status: number, after: StaffMember[]) {
  const requests: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      requests.push(`${method} ${url}`);
      if (url === "/api/admin/me") return Response.json(OWNER);
      if (method === "DELETE") {
        if (status === 204) return new Response(null, { status });
        const code = status === 409 ? "INVITATION_ACCEPTED" : "NOT_FOUND";
        return Response.json({ errors: [{ code, message: code }] }, { status });
      }
      if (url === "/api/admin/organisations/2/staff") return Response.json({ members: after });
      return Response.json({ errors: [{ code: "NOT_FOUND", message: "Not found" }] }, { status: 404 });
    }),
  );
  queryClient.setQueryData(["me"], OWNER);
  queryClient.setQueryData(["restaurants"], { restaurants: [{ id: 7, organisationId: 2, name: "Pizzeria Aarhus" }] });
  queryClient.setQueryData(["staff", 2], { members: [PENDING] });
  renderAt("/organisations/:organisationId/staff", "/organisations/2/staff", <StaffPage />, queryClient);
  return requests;
}

describe("withdrawing an invitation", () => {
  test("asks first; confirmed, it deletes the invitation and the row goes", async () => {
    const requests = renderWithdrawal(204, []);
    const member = within(await screen.findByRole("article", { name: "Name Typed By The Owner" }));
    fireEvent.click(member.getByRole("button", { name: "Withdraw invitation Name Typed By The Owner" }));
    expect(member.getByText(/Withdraw the invitation to kok@bistro-norrebro\.example\?/)).toBeTruthy();
    expect(requests.some((r) => r.startsWith("DELETE"))).toBe(false);
    fireEvent.click(member.getByRole("button", { name: "Withdraw the invitation" }));
    await waitFor(() => expect(screen.queryByRole("article", { name: "Name Typed By The Owner" })).toBeNull());
    expect(requests.filter((r) => r.startsWith("DELETE"))).toEqual([
      `DELETE /api/admin/organisations/2/staff/${PENDING.accountId}/invitation`,
    ]);
  });

  test("Keep the invitation sends nothing", async () => {
    const requests = renderWithdrawal(204, []);
    const member = within(await screen.findByRole("article", { name: "Name Typed By The Owner" }));
    fireEvent.click(member.getByRole("button", { name: /Withdraw invitation/ }));
    fireEvent.click(member.getByRole("button", { name: "Keep the invitation" }));
    expect(member.getByRole("button", { name: /Withdraw invitation/ })).toBeTruthy();
    expect(requests.some((r) => r.startsWith("DELETE"))).toBe(false);
  });

  test("accepted meanwhile: says so, and the list shows the member", async () => {
    renderWithdrawal(409, [{ ...PENDING, name: "Kok Jensen", active: true, invitationPending: false }]);
    const member = within(await screen.findByRole("article", { name: "Name Typed By The Owner" }));
    fireEvent.click(member.getByRole("button", { name: /Withdraw invitation/ }));
    fireEvent.click(member.getByRole("button", { name: "Withdraw the invitation" }));
    const accepted = within(await screen.findByRole("article", { name: "Kok Jensen" }));
    expect(accepted.getByRole("alert").textContent).toBe(
      "This person has already accepted the invitation and is a member now. Change their role or disable them instead.",
    );
    expect(accepted.queryByRole("button", { name: /Withdraw invitation/ })).toBeNull();
  });

  test("in Danish too; an accepted member has no such button", async () => {
    await i18n.changeLanguage("da-DK");
    renderWithdrawal(204, []);
    const member = within(await screen.findByRole("article", { name: "Name Typed By The Owner" }));
    fireEvent.click(member.getByRole("button", { name: /Træk invitation tilbage/ }));
    expect(member.getByRole("button", { name: "Behold invitationen" })).toBeTruthy();
    cleanup();
    renderStaff({ ...PENDING, name: "Kok Jensen", active: true, invitationPending: false });
    const accepted = within(await screen.findByRole("article", { name: "Kok Jensen" }));
    expect(accepted.queryByRole("button", { name: /Træk invitation tilbage/ })).toBeNull();
  });
});
