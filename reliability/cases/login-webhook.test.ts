/**
 * Issue 41 (4), the login webhook as an amplifier: `POST /api/login-attempt` with `passwordApproved: true`
 * counted as a right try, so no limit applied: 2,000 attempts made 2,000 webhook posts in 5.7 s, and with the
 * webhook down 2,000 warn lines. Now, with a real local HTTP server as LOGIN_WEBHOOK_URL and the product's
 * default of 20 attempts a minute per client address (LOGIN_ATTEMPTS_PER_MINUTE):
 * - 2,000 attempts from one address claiming approval (with a wrong password) send at most 20 webhook posts,
 *   each carrying the server's verdict (false), not the client's claim; the rest are 429 TOO_MANY_REQUESTS;
 * - the right password (the production unit id) claimed wrong is forwarded as right;
 * - with the webhook down, 2,000 attempts that pass the limit (100 addresses × 20) leave at most two lines
 *   about it in each process's output.
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, expect, test } from "vitest";
import { apiClientFrom } from "../harness/address-client";
import { type Answer, apiClient, errorCode } from "../harness/client";
import { guestToken, type ShopModule } from "../harness/guest-flow";
import { type Product, sleep } from "../harness/product";
import { figures, inParallel, onBothDatabases, start } from "../harness/suite";

const LIMIT = 20;
const ATTEMPTS = 2000;
const DEAD_ADDRESSES = 100;

type WebhookPost = { url: string; passwordApproved: boolean; productionUnitId: number; username: string };

await onBothDatabases("login-webhook", (kind) => {
  let product: Product | undefined;
  let webhook: Server | undefined;
  afterAll(async () => {
    await product?.stop();
    webhook?.closeAllConnections();
    webhook?.close();
  });

  test(`${ATTEMPTS} attempts claiming approval: at most ${LIMIT} webhook posts with the server's verdict; a dead webhook logs a line or two`, async () => {
    const posts: WebhookPost[] = [];
    webhook = createServer((request, response) => {
      let text = "";
      request.on("data", (chunk) => {
        text += chunk;
      });
      request.on("end", () => {
        posts.push(JSON.parse(text));
        response.writeHead(204).end();
      });
    });
    webhook.listen(0, "127.0.0.1");
    await once(webhook, "listening");
    const hookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/login`;
    product = await start(kind, {
      env: { LOGIN_ATTEMPTS_PER_MINUTE: String(LIMIT), LOGIN_WEBHOOK_URL: hookUrl, LOG_LEVEL: "warn" },
    });
    const startedAt = Date.now();
    const client = apiClient(product.urls);
    const module = (await client.call<ShopModule>("GET", "/api/module/domain/localhost")).body;
    const token = await guestToken(client, module);
    const attempt = (from: ReturnType<typeof apiClientFrom>, password: string, passwordApproved: boolean) =>
      from.call("POST", "/api/login-attempt", { token, json: { username: "flood", password, passwordApproved } });

    // The right password claimed wrong, from an address of its own: forwarded as right.
    const guest = apiClientFrom(product.urls, "127.0.0.3");
    expect((await attempt(guest, String(module.productionUnitId), false)).status).toBe(204);
    guest.close();

    const flooder = apiClientFrom(product.urls, "127.0.0.2");
    const answers = await inParallel(ATTEMPTS, 32, () => attempt(flooder, "0000", true));
    flooder.close();
    const flood = tally(answers);
    await waitFor(() => posts.length >= flood.accepted + 1);
    await sleep(500); // a post more than accepted would arrive now
    const rightOnes = posts.filter((post) => post.passwordApproved);

    // The webhook goes down; 100 addresses × 20 attempts all pass the limit and all fail to be delivered.
    webhook.closeAllConnections();
    webhook.close();
    await once(webhook, "close");
    const deadStartedAt = Date.now();
    const dead = await inParallel(DEAD_ADDRESSES, 8, async (i) => {
      const from = apiClientFrom(product!.urls, `127.0.1.${i + 1}`);
      try {
        return await inParallel(LIMIT, 4, () => attempt(from, "0000", true));
      } finally {
        from.close();
      }
    });
    const deadTally = tally(dead.flat());
    await sleep(3000); // the last posts fail (refused at once) and are counted
    const deadSeconds = (Date.now() - deadStartedAt) / 1000;
    const webhookLines = product.urls.map(
      (_url, i) =>
        product!
          .output(i)
          .split("\n")
          .filter((line) => /login webhook/i.test(line)).length,
    );

    figures(
      "login-webhook",
      product,
      `${ATTEMPTS} attempts claiming approval: ${flood.accepted} accepted, ${flood.limited} × 429, ` +
        `${posts.length - 1} posts (+1 right password), ${rightOnes.length} approved; webhook down: ` +
        `${deadTally.accepted} accepted in ${deadSeconds.toFixed(1)} s, lines about it per process ${webhookLines.join("/")}`,
      startedAt,
    );
    expect(flood.other).toEqual([]);
    expect(flood.accepted).toBeLessThanOrEqual(LIMIT);
    expect(flood.limited).toBeGreaterThanOrEqual(ATTEMPTS - LIMIT);
    expect(flood.withoutRetryAfter, "every 429 is TOO_MANY_REQUESTS and says when to come back").toBe(0);
    expect(posts.length, "one post per accepted attempt, and no more").toBe(flood.accepted + 1);
    expect(
      rightOnes.map((post) => post.productionUnitId),
      "only the right password is approved",
    ).toEqual([module.productionUnitId]);

    expect(deadTally.other).toEqual([]);
    expect(deadTally.accepted, "each address gets its own 20").toBe(DEAD_ADDRESSES * LIMIT);
    expect(Math.max(...webhookLines), "the dead webhook is told, not per attempt").toBeLessThanOrEqual(
      2 * Math.ceil(deadSeconds / 60),
    );
    expect(
      webhookLines.reduce((sum, lines) => sum + lines, 0),
      "the dead webhook is told at all",
    ).toBeGreaterThan(0);
  });
});

async function waitFor(condition: () => boolean, ms = 10_000): Promise<void> {
  for (const until = Date.now() + ms; !condition() && Date.now() < until; ) await sleep(20);
}

function tally(answers: Answer[]) {
  const limited = answers.filter((answer) => answer.status === 429);
  return {
    accepted: answers.filter((answer) => answer.status === 204).length,
    limited: limited.length,
    withoutRetryAfter: limited.filter(
      (answer) => errorCode(answer) !== "TOO_MANY_REQUESTS" || !/^\d+$/.test(answer.retryAfter ?? ""),
    ).length,
    other: answers.filter((answer) => ![204, 429].includes(answer.status)).map((a) => `${a.status} ${a.text}`),
  };
}
