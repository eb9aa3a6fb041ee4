/**
 * Case 11, guessing (issue 11: 1,000 gift-card codes in 1.6 s found both demo cards and their
 * balances; issue 41: 25 guests checking the right code at once got 15 × 429 and locked their address,
 * and behind TRUST_PROXY a client's own X-Forwarded-For chose its address). With the product's default
 * limit of 10 wrong tries a minute:
 * - 25 guests' right codes sent at once from one address all succeed, while one token's 20 wrong codes
 *   from the same address get 10 looked up and 10 × 429 (decision 026);
 * - a client firing bursts of gift-card and discount codes, a new token for each, at every API process at
 *   once gets at most 10 of each kind looked up; the rest are 429 TOO_MANY_TRIES with Retry-After, and so is
 *   the right code asked after them from yet another token (the address is locked by many tokens' wrong
 *   tries: a token hopper must not tell the right code by its answer);
 * - behind a proxy (TRUST_PROXY=true, TRUST_PROXY_HOPS=1, proxies that append the address they saw as
 *   nginx does), a random X-Forwarded-For per try does not help: the 11th wrong gift-card code is 429.
 * The count is one across the processes (PostgreSQL) or the one process (PGlite). Unknown, expired and
 * empty codes get the same answer.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { type Answer, apiClient, errorCode } from "../harness/client";
import { createGiftcard } from "../harness/database";
import { type ForwardingProxies, forwardingProxies } from "../harness/forwarding-proxy";
import { guestToken, openShop } from "../harness/guest-flow";
import type { Product } from "../harness/product";
import { figures, inParallel, onBothDatabases, size, start } from "../harness/suite";

const LIMIT = 10;
const BURST = size(60, 300);
const EXPIRED_CARD = "RELIABILITY-EXPIRED";
const GUESTS = 25;
const WRONG_OF_ONE_TOKEN = 20;

await onBothDatabases("guessing", (kind) => {
  let product: Product;
  beforeAll(async () => {
    product = await start(kind, {
      env: { RATE_LIMIT_TRIES_PER_MINUTE: String(LIMIT) },
      prepare: (db) => createGiftcard(db, EXPIRED_CARD, 100_00, new Date(Date.now() - 24 * 60 * 60 * 1000)),
    });
  });
  afterAll(() => product?.stop());

  test(`${GUESTS} right discount codes at once from one address all succeed; one token's ${WRONG_OF_ONE_TOKEN} wrong ones are throttled`, async () => {
    const startedAt = Date.now();
    const client = apiClient(product.urls);
    const shop = await openShop(client);
    const { module } = shop;
    const guests = await inParallel(GUESTS, GUESTS, () => guestToken(client, module));
    const guesser = await guestToken(client, module);
    const validate = (discountCode: string, token: string) =>
      client.call("POST", `/api/discount/validate?moduleId=${module.id}&instanceId=${module.discountInstanceId}`, {
        token,
        // SOMMER10 takes 10 % from 100 kr. of food.
        json: { discountCode, items: [{ productId: shop.product.id, amount: 20, choices: [] }] },
      });

    await startOfAMinute();
    const [rights, wrongs] = await Promise.all([
      inParallel(GUESTS, GUESTS, (i) => validate("SOMMER10", guests[i]!)),
      inParallel(WRONG_OF_ONE_TOKEN, WRONG_OF_ONE_TOKEN, (i) => validate(`NOPE-${i}`, guesser)),
    ]);
    const rightTally = tally(rights);
    const wrongTally = tally(wrongs);
    const nextGuest = await validate("SOMMER10", await guestToken(client, module));
    figures(
      "guessing",
      product,
      `${GUESTS} right codes at once: ${rights.filter((answer) => answer.status === 200).length} × 200, ` +
        `${rightTally.limited} × 429; one token's ${WRONG_OF_ONE_TOKEN} wrong codes: ${wrongTally.lookedUp} looked up, ` +
        `${wrongTally.limited} × 429; the next guest's right code ${nextGuest.status}`,
      startedAt,
    );
    expect(
      rights.map((answer) => `${answer.status} ${errorCode(answer) ?? ""}`.trim()),
      "every guest's right code",
    ).toEqual(Array(GUESTS).fill("200"));
    expect(wrongTally.other).toEqual([]);
    expect(wrongTally.lookedUp, "the guesser's token gets its 10 wrong tries").toBe(LIMIT);
    expect(wrongTally.limited).toBe(WRONG_OF_ONE_TOKEN - LIMIT);
    expect(wrongTally.withoutRetryAfter).toBe(0);
    expect(nextGuest.status, "one token's wrong tries do not lock its address").toBe(200);
  });

  test(`bursts of ${BURST} gift-card and discount codes from one address, a new token each: at most ${LIMIT} of each looked up`, async () => {
    const startedAt = Date.now();
    const client = apiClient(product.urls);
    const shop = await openShop(client);
    const { module } = shop;
    const amount = (code: string, token: string) =>
      client.call("GET", `/api/giftcard/${module.giftcardInstanceId}/${encodeURIComponent(code)}/amount`, { token });

    // The limit counts per calendar minute: start early in one, so the whole case falls in the same minute.
    await startOfAMinute();
    // The three refusals a guesser could tell apart, if the product let them differ.
    const token = await guestToken(client, module);
    const refusals = await Promise.all(["RELIABILITY-NOPE", EXPIRED_CARD, " "].map((code) => amount(code, token)));
    const shapes = refusals.map((answer) => `${answer.status} ${answer.text}`);
    expect(shapes[0]).toMatch(/^422 .*Giftcard\.Generic/);
    expect(new Set(shapes).size, "unknown, expired and empty codes answer alike").toBe(1);

    // A new token for every guess, all at once, spread over every process: only the address ties them together.
    const giftcards = await inParallel(BURST, BURST, async (i) =>
      amount(i === BURST / 2 ? "GAVE-500" : `GAVE-${100_000 + i}`, await guestToken(client, module)),
    );
    const discounts = await inParallel(BURST, BURST, async (i) =>
      client.call("POST", `/api/discount/validate?moduleId=${module.id}&instanceId=${module.discountInstanceId}`, {
        token: await guestToken(client, module),
        json: {
          discountCode: i === BURST / 2 ? "SOMMER10" : `NOPE${i}`,
          items: [{ productId: shop.product.id, amount: 1, choices: [] }],
        },
      }),
    );
    const afterwards = await amount("GAVE-500", await guestToken(client, module));

    const giftcardTally = tally(giftcards);
    const discountTally = tally(discounts);
    figures(
      "guessing",
      product,
      `${BURST} gift-card codes: ${giftcardTally.lookedUp} looked up, ${giftcardTally.limited} × 429; ` +
        `${BURST} discount codes: ${discountTally.lookedUp} looked up, ${discountTally.limited} × 429; ` +
        `right code afterwards ${afterwards.status}; unknown/expired/empty alike (${refusals[0]!.status})`,
      startedAt,
    );
    for (const kindTally of [giftcardTally, discountTally]) {
      expect(kindTally.other, "only refusals of the code, answers of the right one, or 429").toEqual([]);
      // At most 10 wrong ones; a right one gives its place back (the case before may have left the
      // discount budget of this address half used, when it ran in the same minute).
      expect(kindTally.lookedUp).toBeLessThanOrEqual(LIMIT + 1);
      expect(kindTally.limited).toBeGreaterThanOrEqual(BURST - LIMIT - 1);
      expect(kindTally.withoutRetryAfter, "every 429 says when to come back").toBe(0);
    }
    expect(
      giftcardTally.wrongLookedUp,
      "the 3 refusals above were wrong tries of the same address (of one token, charged in full: 3 < 5)",
    ).toBeLessThanOrEqual(LIMIT - 3);
    expect(discountTally.wrongLookedUp).toBeLessThanOrEqual(LIMIT);
    // Many tokens' wrong tries lock the address: a right code from yet another token is refused before it is
    // looked up, or a token hopper would tell the right code by its answer.
    expect(afterwards.status, "the right code from another token is refused too while the address is locked").toBe(429);
    expect(errorCode(afterwards)).toBe("TOO_MANY_TRIES");
  });

  test(`behind a proxy with TRUST_PROXY_HOPS=1, a random X-Forwarded-For per try: the ${LIMIT + 1}th wrong gift-card code is 429`, async () => {
    const behindProxy = await start(kind, {
      env: { RATE_LIMIT_TRIES_PER_MINUTE: String(LIMIT), TRUST_PROXY: "true", TRUST_PROXY_HOPS: "1" },
    });
    let proxies: ForwardingProxies | undefined;
    try {
      const startedAt = Date.now();
      proxies = await forwardingProxies(behindProxy.urls);
      const client = apiClient(proxies.urls);
      const { module } = await openShop(client);
      await startOfAMinute();
      const tries = 3 * LIMIT;
      const answers: Answer[] = [];
      // One after the other, a new token and a new X-Forwarded-For each: only the proxy's entry ties them.
      for (let i = 0; i < tries; i++) {
        const token = await guestToken(client, module);
        answers.push(
          await client.call("GET", `/api/giftcard/${module.giftcardInstanceId}/GAVE-${200_000 + i}/amount`, {
            token,
            headers: { "x-forwarded-for": randomAddress() },
          }),
        );
      }
      const statuses = answers.map((answer) => answer.status);
      const proxyTally = tally(answers);
      figures(
        "guessing",
        behindProxy,
        `behind a proxy, ${tries} wrong gift-card codes with random X-Forwarded-For and a new token each: ` +
          `${proxyTally.lookedUp} looked up, ${proxyTally.limited} × 429, the ${LIMIT + 1}th ${statuses[LIMIT]}`,
        startedAt,
      );
      expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(422));
      expect(statuses.slice(LIMIT)).toEqual(Array(tries - LIMIT).fill(429));
      expect(proxyTally.withoutRetryAfter).toBe(0);
    } finally {
      await proxies?.close();
      await behindProxy.stop();
    }
  });
});

function tally(answers: Answer[]) {
  const limited = answers.filter((answer) => answer.status === 429);
  return {
    lookedUp: answers.filter((answer) => answer.status === 200 || answer.status === 422).length,
    wrongLookedUp: answers.filter((answer) => answer.status === 422).length,
    limited: limited.length,
    withoutRetryAfter: limited.filter((answer) => !/^\d+$/.test(answer.retryAfter ?? "")).length,
    other: answers.filter((answer) => ![200, 422, 429].includes(answer.status)).map((a) => `${a.status} ${a.text}`),
  };
}

function randomAddress(): string {
  return Array.from({ length: 4 }, () => Math.floor(Math.random() * 256)).join(".");
}

/** Waits for the next minute unless the current one has at least 20 s left. */
async function startOfAMinute(): Promise<void> {
  const intoMinuteMs = Date.now() % 60_000;
  if (intoMinuteMs > 40_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinuteMs + 200));
}
