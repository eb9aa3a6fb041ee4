/**
 * "Forgot password": always 202, whether or not the email has an account, in about the same time: the request
 * only looks the account up; the link is stored and mailed afterwards, in the background. Requests are limited
 * like wrong sign-in tries (per address and per email, 10 a minute), so the form cannot be used to flood a
 * mailbox. The link is built from the request's origin only when that host is the host name of a restaurant of one
 * of the account's own organisations, so a forged Host header cannot make the mail point elsewhere: not to a site
 * the server does not answer on, and not to another organisation's host name either (that organisation may run its
 * domain's DNS and proxy, and would read the token of a stranger's link). The Host header must also be that name
 * and at most a port, as `localhost:x@evil.example` names localhost to the check but evil.example to a browser.
 * An invitation counts only once the person accepted it (decision 030), so an organisation cannot make itself one
 * of a stranger's by inviting them; with PUBLIC_URL set (the server's own address) the link is always on it.
 */
import type { Db } from "@app/db";
import type { FastifyBaseLogger } from "fastify";
import type { GuessLimiter } from "../../plugins/guess-limit";
import type { EmailSender } from "../receipt";
import { findOrganisationHosts } from "../tenancy";
import { linkEmail } from "./emails";
import { isHostOrigin } from "./link-origin";
import { createLink, LINK_VALIDITY_WORDS, linkUrl } from "./links";
import { findAccountByEmail, organisationsOfOwnHosts } from "./repository";
import { emailKey } from "./sign-in";

export const RESET_REQUESTS = "staff-reset";

export type ResetDeps = {
  db: Db;
  now: () => Date;
  limiter: GuessLimiter;
  email: EmailSender;
  log: FastifyBaseLogger;
  /** Runs the mailing after the answer; the app waits for it on close. */
  later: (work: () => Promise<void>) => void;
  /** PUBLIC_URL's origin: when set, the link is on it, whatever host the reset was asked on. */
  publicOrigin: string | undefined;
};

export async function requestPasswordReset(
  deps: ResetDeps,
  email: string,
  client: { address: string; origin: string; hostname: string },
): Promise<void> {
  const reserved = await deps.limiter.reserve(RESET_REQUESTS, emailKey(email), client.address);
  // Every request counts: none is "right", so a flood of them stops at the limit.
  await deps.limiter.settle(reserved, false);
  const account = await findAccountByEmail(deps.db, email);
  if (!account || account.disabled) return;
  const at = deps.now();
  deps.later(async () => {
    const origin = deps.publicOrigin ?? client.origin;
    if (!deps.publicOrigin && !(await isSafeHost(deps.db, account.id, client))) {
      deps.log.warn(
        { host: client.hostname },
        "password reset asked on a host not of the account's restaurants: no mail",
      );
      return;
    }
    const token = await createLink(deps.db, account.id, "reset", at);
    const url = linkUrl(origin, token);
    await deps.email.send(
      linkEmail({
        to: account.email,
        purpose: "reset",
        url,
        organisationName: null,
        validFor: LINK_VALIDITY_WORDS.reset,
      }),
    );
  });
}

/** Whether a link on the request's own origin reaches only the server, through a host of the account's own. */
async function isSafeHost(db: Db, accountId: string, client: { origin: string; hostname: string }) {
  return isHostOrigin(client.origin, client.hostname) && (await isOwnHost(db, accountId, client.hostname));
}

/**
 * Whether the host is a host name of a restaurant of one of the account's organisations, counting only
 * memberships the person accepted: an invitation to an existing account, never answered, makes no host its own.
 * An account that never had a password was made by an invitation and has only that organisation, whose host its
 * invite link is on already: a reset there is how a new member who lost the invite mail gets in (the host names are
 * tenancy's: asked of it).
 */
async function isOwnHost(db: Db, accountId: string, hostname: string): Promise<boolean> {
  const organisationIds = await organisationsOfOwnHosts(db, accountId);
  return (await findOrganisationHosts(db, organisationIds)).includes(hostname);
}
