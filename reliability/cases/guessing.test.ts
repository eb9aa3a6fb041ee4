/**
 * Case 11, guessing (issue 11: 1,000 gift-card codes in 1.6 s found both demo cards and their
 * balances): with the product's default limit of 10 wrong tries a minute, a client firing a burst of
 * gift-card and discount codes at every API process at once gets at most 10 of each kind looked up;
 * the rest are 429 TOO_MANY_TRIES with Retry-After, and so is the right code asked after them. A new
 * token per try does not help (the address is counted), and the count is one across the processes
 * (PostgreSQL) or the one process (PGlite). Unknown, expired and empty codes get the same answer.
 */
import { afterAll, expect, test } from "vitest";
import { type Answer, apiClient, errorCode } from "../harness/client";
import { createGiftcard } from "../harness/database";
import { guestToken, openShop } from "../harness/guest-flow";
import type { Product } from "../harness/product";
import { figures, inParallel, onBothDatabases, size, start } from "../harness/suite";

const LIMIT = 10;
const BURST = size(60, 300);
const EXPIRED_CARD = "RELIABILITY-EXPIRED";

await onBothDatabases("guessing", (kind) => {
  let product: Product | undefined;
  afterAll(() => product?.stop());

  test(`bursts of ${BURST} gift-card and discount codes from one address: at most ${LIMIT} of each looked up`, async () => {
    product = await start(kind, {
      env: { RATE_LIMIT_TRIES_PER_MINUTE: String(LIMIT) },
      prepare: (db) => createGiftcard(db, EXPIRED_CARD, 100_00, new Date(Date.now() - 24 * 60 * 60 * 1000)),
    });
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
      // The refused tries count first (3 gift-card refusals above), so fewer than 10 may be left.
      expect(kindTally.lookedUp).toBeLessThanOrEqual(LIMIT);
      expect(kindTally.limited).toBeGreaterThanOrEqual(BURST - LIMIT);
      expect(kindTally.withoutRetryAfter, "every 429 says when to come back").toBe(0);
    }
    expect(giftcardTally.lookedUp, "the 3 refusals above were wrong tries of the same address").toBeLessThanOrEqual(
      LIMIT - 3 + 1,
    );
    expect(afterwards.status, "the right code is refused too while the address is locked").toBe(429);
    expect(errorCode(afterwards)).toBe("TOO_MANY_TRIES");
  });
});

function tally(answers: Answer[]) {
  const limited = answers.filter((answer) => answer.status === 429);
  return {
    lookedUp: answers.filter((answer) => answer.status === 200 || answer.status === 422).length,
    limited: limited.length,
    withoutRetryAfter: limited.filter((answer) => !/^\d+$/.test(answer.retryAfter ?? "")).length,
    other: answers.filter((answer) => ![200, 422, 429].includes(answer.status)).map((a) => `${a.status} ${a.text}`),
  };
}

/** Waits for the next minute unless the current one has at least 20 s left. */
async function startOfAMinute(): Promise<void> {
  const intoMinuteMs = Date.now() % 60_000;
  if (intoMinuteMs > 40_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinuteMs + 200));
}
