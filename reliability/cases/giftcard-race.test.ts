/**
 * Case 4, gift card (issue 11; a card went to −10 when two redemptions read the same balance,
 * Azuriom Plugin-Shop issue 285): a card holding 100 kr., 20 guests pay at the same moment, each
 * drawing 40 kr. from it (the card pays the rest). At most 2 draws succeed, the balance is
 * 100 − 40 × successes and never below 0, and the card's ledger (giftcard_transaction) adds up: its
 * movements sum to the balance's change, one draw of −40 per successful payment. Refused guests get
 * a 4xx, nobody a 5xx.
 */
import { afterAll, expect, test } from "vitest";
import { apiClient } from "../harness/client";
import { createGiftcard, giftcardLedger, setShopSlotCapacity } from "../harness/database";
import { fillCheckout, openShop, outcomeOf, payAndApprove, tally } from "../harness/guest-flow";
import type { Product } from "../harness/product";
import { figures, onBothDatabases, size, start } from "../harness/suite";

const CARD = "RELIABILITY-CARD-100";
const BALANCE_MINOR = 100_00;
const DRAW_DKK = 40;
const PAYMENTS = size(20, 20);
const ROUNDS = size(1, 5);

await onBothDatabases("gift card", (kind) => {
  let product: Product | undefined;
  afterAll(() => product?.stop());

  test(`${ROUNDS} card(s) of 100 kr., ${PAYMENTS} concurrent payments drawing ${DRAW_DKK} kr. each`, async () => {
    const cards = Array.from({ length: ROUNDS }, (_, round) => `${CARD}-${round}`);
    product = await start(kind, {
      prepare: async (db) => {
        await setShopSlotCapacity(db, 1000);
        for (const card of cards) await createGiftcard(db, card, BALANCE_MINOR);
      },
    });
    const startedAt = Date.now();
    const client = apiClient(product.urls);
    const shop = await openShop(client);
    expect(shop.product.price, "the card pays part, the provider the rest").toBeGreaterThan(DRAW_DKK);

    const rounds = [];
    for (const code of cards) {
      // Every guest applies the card first (each sees 100 kr.), then all pay at once.
      const guests = await Promise.all(
        Array.from({ length: PAYMENTS }, () => fillCheckout(client, shop, { giftcard: { code, amount: DRAW_DKK } })),
      );
      const outcomes = await Promise.all(guests.map((guest) => outcomeOf(() => payAndApprove(client, shop, guest))));
      rounds.push({ code, ...tally(outcomes) });
    }
    const ledgers = await product.inspectStopped((db) => Promise.all(cards.map((card) => giftcardLedger(db, card))));

    rounds.forEach((round, i) => {
      const { balanceMinor, movements } = ledgers[i]!;
      const successes = round.orders.length;
      figures(
        "giftcard",
        product!,
        `${PAYMENTS} payments of ${DRAW_DKK} kr. on 100 kr., ${successes} succeeded, ${round.refusalText}, ${round.errors.length} errors, balance ${balanceMinor / 100} kr., ledger ${movements.length} movements summing to ${movements.reduce((sum, m) => sum + m.amountMinor, 0) / 100} kr.`,
        startedAt,
      );
      expect(round.errors, "no 5xx, network failure or stuck checkout").toEqual([]);
      expect(successes, "100 kr. pays for at most two draws of 40").toBeLessThanOrEqual(2);
      expect(successes, "the card is not refused while it still holds enough").toBeGreaterThanOrEqual(1);
      expect(balanceMinor).toBe(BALANCE_MINOR - DRAW_DKK * 100 * successes);
      expect(balanceMinor).toBeGreaterThanOrEqual(0);
      expect(
        movements.reduce((sum, m) => sum + m.amountMinor, 0),
        "the ledger's movements add up to the balance's change",
      ).toBe(balanceMinor - BALANCE_MINOR);
      const draws = movements.filter((m) => m.amountMinor < 0);
      const givenBack = movements.filter((m) => m.amountMinor > 0);
      expect(draws.length - givenBack.length, "one net draw per successful payment").toBe(successes);
      expect(new Set(draws.map((m) => m.paymentId)).size, "each draw belongs to its own payment").toBe(draws.length);
    });
  });
});
