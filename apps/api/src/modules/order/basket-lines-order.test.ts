import { schema } from "@app/db";
import { asc, eq } from "@app/db/orm";
import { expect, test } from "vitest";
import { preparedCheckout } from "../../testing/order-fixtures";
import { useTestApp } from "../../testing/test-app";
import { findBasketLines } from "./repository";

const { t } = useTestApp("2026-11-23T10:00:00Z");

test("an order copies a line's choices in the product's option order, as the basket and the guest saw them", async () => {
  const { basketId } = await preparedCheckout(t, t.restaurantA, { lines: [{ product: "classic-burger", amount: 1 }] });
  const [item] = await t.db.select().from(schema.basketItem).where(eq(schema.basketItem.basketId, basketId));
  // Every choice of every option group of the burger, in the menu's order.
  const options = await t.db
    .select({ modifierId: schema.modifierChoice.modifierId, choiceId: schema.modifierChoice.choiceId })
    .from(schema.productModifier)
    .innerJoin(schema.modifierChoice, eq(schema.modifierChoice.modifierId, schema.productModifier.modifierId))
    .where(eq(schema.productModifier.productId, item!.productId))
    .orderBy(
      asc(schema.productModifier.sortOrder),
      asc(schema.modifierChoice.sortOrder),
      asc(schema.modifierChoice.choiceId),
    );
  expect(options.length, "enough choices that a random order would show").toBeGreaterThanOrEqual(5);
  // Stored last to first: neither the order of storing nor the rows' random ids may decide.
  for (const option of [...options].reverse()) {
    await t.db.insert(schema.basketItemChoice).values({
      basketItemId: item!.id,
      ...option,
      name: `choice ${option.choiceId}`,
      amount: 1,
      priceMinor: 0,
    });
  }
  const [line] = await findBasketLines(t.db, basketId);
  expect(line!.choices.map((c) => c.choiceId)).toEqual(options.map((o) => o.choiceId));
});
