import {
  ErrorBody,
  InviteRequest,
  LinkInfo,
  Me,
  PasswordResetRequest,
  SignInRequest,
  SignOutQuery,
  StaffList,
  StaffMember,
  StaffUpdate,
  UseLinkRequest,
} from "@app/contracts";
import type { Db } from "@app/db";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Api, Deps, RouteModule } from "../../deps";
import { createGuessLimiter } from "../../plugins/guess-limit";
import { configuredOrigin } from "../../shared/public-origin";
import { createEmailSender } from "../receipt";
import { ADMIN_TAGS, signedInStaff } from "./access";
import { clearSessionCookie, DEVICE_COOKIE, setDeviceCookie, setSessionCookie } from "./admin-scope";
import { acceptJoinLink, describeLink, useLink } from "./links";
import { requestPasswordReset } from "./password-reset";
import { deleteSession, deleteSessionsOfAccount, findAccount, findMemberships } from "./repository";
import { deviceProofsOf, type NewSession, signIn, withDeviceProof } from "./sign-in";
import { inviteMember, listMembers, updateMember, withdrawInvitation } from "./staff-members";

const OrganisationParams = z.object({ organisationId: z.coerce.number().int().positive() });
const MemberParams = OrganisationParams.extend({ accountId: z.uuid() });
const LinkParams = z.object({ token: z.string().min(1).max(200) });

/**
 * Sign-in and sign-out, the signed-in account (GET /me), password reset, invite and setup links, and an
 * organisation's members. Sign-in, reset and links are reachable without a session (`adminPublic`); the scope's
 * gate checks the Origin of every state-changing request, and the CSRF token of a signed-in one.
 */
export const staffRoutes: RouteModule = (admin, deps) => {
  const limiter = createGuessLimiter(deps);
  const email = createEmailSender(deps.config);
  const background = trackedWork(deps);
  admin.addHook("onClose", () => background.drain());

  admin.get(
    "/me",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary:
          "The signed-in account, its memberships (organisation, role, restaurants) and the session's CSRF token",
        response: { 200: Me, 401: ErrorBody },
      },
    },
    async (request) => {
      const staff = signedInStaff(request);
      return { account: staff.account, memberships: staff.memberships, csrfToken: staff.csrfToken };
    },
  );

  admin.post(
    "/session",
    {
      config: { adminPublic: true },
      schema: {
        tags: ADMIN_TAGS,
        summary: "Signs in with email and password: a new session (cookie bo_session) and its CSRF token",
        description:
          "A wrong email, a wrong password and a disabled account all answer 401 INVALID_CREDENTIALS. At most " +
          "10 wrong tries a minute per client address and per email, then 429 TOO_MANY_TRIES with Retry-After. " +
          "A browser where the email signed in before (cookie bo_device) has its own 10 a minute for that email.",
        body: SignInRequest,
        response: { 200: Me, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const deviceProofs = deviceProofsOf(request.cookies[DEVICE_COOKIE]);
      const session = await signIn({ ...deps, limiter, deviceSecret: deps.config.tokenSecret }, request.body, {
        address: request.ip,
        previous: request.staff ? { idHash: request.staff.sessionIdHash, accountId: request.staff.account.id } : null,
        deviceProofs,
      });
      const me = await signedIn(deps.db, request, reply, session);
      // After the session's cookie: a client that keeps only the first Set-Cookie still gets the session.
      setDeviceCookie(request, reply, withDeviceProof(deviceProofs, session.deviceProof));
      return me;
    },
  );

  admin.delete(
    "/session",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Signs out this browser, or with ?everywhere=true every browser of the account",
        querystring: SignOutQuery,
        response: { 204: z.null(), 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const staff = signedInStaff(request);
      if (request.query.everywhere === "true") await deleteSessionsOfAccount(deps.db, staff.account.id);
      else await deleteSession(deps.db, staff.sessionIdHash);
      clearSessionCookie(request, reply);
      return reply.code(204).send(null);
    },
  );

  admin.post(
    "/password-reset",
    {
      config: { adminPublic: true },
      schema: {
        tags: ADMIN_TAGS,
        summary: "Emails a single-use password reset link (valid 30 minutes) if the email has an account",
        description: "Always 202, with or without an account. At most 10 requests a minute per address and email.",
        body: PasswordResetRequest,
        response: { 202: z.null(), 400: ErrorBody, 403: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(
        {
          ...deps,
          limiter,
          email,
          later: background.run,
          log: request.log,
          publicOrigin: configuredOrigin(deps.config),
        },
        request.body.email,
        // The Host header as sent: password-reset.ts checks it before a link is built on it.
        { address: request.ip, origin: `${request.protocol}://${request.host}`, hostname: request.hostname },
      );
      return reply.code(202).send(null);
    },
  );

  admin.get(
    "/links/:token",
    {
      config: { adminPublic: true },
      schema: {
        tags: ADMIN_TAGS,
        summary: "What an emailed link is for (invite, reset, setup, join); 404 when unknown, used or expired",
        params: LinkParams,
        response: { 200: LinkInfo, 404: ErrorBody },
      },
    },
    async (request) => describeLink(deps.db, request.params.token, deps.now()),
  );

  admin.post(
    "/links/:token",
    {
      config: { adminPublic: true },
      schema: {
        tags: ADMIN_TAGS,
        summary: "Sets the password through an emailed link (once), ends the account's other sessions and signs in",
        description:
          "400 Input.CommonPassword (field password) for a password on the common-passwords list; 404 when the " +
          "link is unknown, used or expired, or a join link (it sets no password). Choosing the password through " +
          "an invite link accepts its membership.",
        params: LinkParams,
        body: UseLinkRequest,
        response: { 200: Me, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const session = await useLink(deps.db, request.params.token, request.body, deps.now());
      return signedIn(deps.db, request, reply, session);
    },
  );

  admin.post(
    "/links/:token/accept",
    {
      config: { adminPublic: true },
      schema: {
        tags: ADMIN_TAGS,
        summary: "Accepts an organisation's invitation through an emailed join link (once); sets no password",
        description:
          "The membership gives access from now on (on the account's next request when signed in; otherwise " +
          "the person signs in with their own password). 404 when the link is unknown, used, expired or no join link.",
        params: LinkParams,
        response: { 204: z.null(), 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await acceptJoinLink(deps.db, request.params.token, deps.now());
      return reply.code(204).send(null);
    },
  );

  memberRoutes(admin, deps, email);
};

function memberRoutes(admin: Api, deps: Deps, email: ReturnType<typeof createEmailSender>) {
  admin.get(
    "/organisations/:organisationId/staff",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "The organisation's members (owner: all; manager: those of their restaurants)",
        params: OrganisationParams,
        response: { 200: StaffList, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => ({
      members: await listMembers(deps.db, signedInStaff(request), request.params.organisationId),
    }),
  );

  admin.post(
    "/organisations/:organisationId/staff",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Invites a member by email (owner: any role; manager: staff of their restaurants)",
        description:
          "The membership waits for the person's consent and gives no access until then (invitationPending): a " +
          "new address gets an account without a password and an emailed invite link (valid 7 days; choosing the " +
          "password accepts), an existing account an emailed join link (valid 7 days) to accept. Both answer " +
          "alike: the email and the name typed here, not the account's own. 409 ALREADY_MEMBER when it is a " +
          "member already, accepted or not. The link is on PUBLIC_URL, else on this request's host when it is a " +
          "host name of the organisation's restaurants, else on its first restaurant's; 409 INVITE_NEEDS_ADDRESS " +
          "when it has no restaurant yet.",
        params: OrganisationParams,
        body: InviteRequest,
        response: { 201: StaffMember, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const member = await inviteMember(
        { ...deps, email, log: request.log, publicOrigin: configuredOrigin(deps.config) },
        signedInStaff(request),
        request.params.organisationId,
        request.body,
        // The Host header as sent: link-origin.ts checks it before a link is built on it.
        { origin: `${request.protocol}://${request.host}`, hostname: request.hostname },
      );
      return reply.code(201).send(member);
    },
  );

  admin.patch(
    "/organisations/:organisationId/staff/:accountId",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Changes a member's role, restaurants or disabled flag (disabling ends their sessions at once)",
        description:
          "409 LAST_OWNER when the organisation's last enabled owner would be demoted or disabled; 409 " +
          "ACCOUNT_SHARED when disabling an account of another organisation too; 409 INVITATION_PENDING when " +
          "disabling someone who has not accepted the invitation.",
        params: MemberParams,
        body: StaffUpdate,
        response: { 200: StaffMember, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) =>
      updateMember(deps, signedInStaff(request), request.params.organisationId, request.params.accountId, request.body),
  );

  admin.delete(
    "/organisations/:organisationId/staff/:accountId/invitation",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary:
          "Withdraws an invitation not yet accepted: the membership is removed and its emailed link stops working",
        description:
          "Who may invite that role to those restaurants may withdraw it (owner: any; manager: staff of their " +
          "restaurants). An account the invite made and nobody used (no password, no other membership) is removed " +
          "too. 409 INVITATION_ACCEPTED when the person has accepted meanwhile: they are a member, changed or " +
          "disabled through PATCH.",
        params: MemberParams,
        response: { 204: z.null(), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      await withdrawInvitation(deps, signedInStaff(request), request.params.organisationId, request.params.accountId);
      return reply.code(204).send(null);
    },
  );
}

/** Sets the new session's cookie and answers Me, as GET /me would on the next request. */
async function signedIn(db: Db, request: FastifyRequest, reply: FastifyReply, session: NewSession) {
  setSessionCookie(request, reply, session.sessionId);
  const account = await findAccount(db, session.accountId);
  const memberships = await findMemberships(db, session.accountId);
  return {
    account: { id: account!.id, email: account!.email, name: account!.name },
    memberships,
    csrfToken: session.csrfToken,
  };
}

/** Work started by a request that finishes after its answer (a reset mail); waited for when the app closes. */
function trackedWork(deps: Deps) {
  const running = new Set<Promise<void>>();
  return {
    run: (work: () => Promise<void>) => {
      const done: Promise<void> = work()
        .catch((error: unknown) => deps.log.error({ err: error }, "staff background work failed"))
        .finally(() => running.delete(done));
      running.add(done);
    },
    drain: async () => {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
