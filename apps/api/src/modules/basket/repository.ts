/** SQL of the basket feature: every function takes an Executor (the database or an open transaction). */
import { type Executor, schema } from "@app/db";
import { and, asc, desc, eq, gt, inArray, isNotNull, lt, notExists, or, type SQL, sql } from "@app/db/orm";
import { CheckoutState } from "@app/domain";
import { readRestaurantSetup } from "../../shared/restaurant-setup";

const { basket, basketItem, basketItemChoice, choice, module, modifier, modifierChoice, product, productModifier } =
  schema;

export type BasketRow = typeof basket.$inferSelect;
export type BasketItemRow = typeof basketItem.$inferSelect;
export type ProductRow = typeof product.$inferSelect;

// ── Baskets ────────────────────────────────────────────────────────────────────────────────

export async function insertBasket(db: Executor, productionUnitId: number, createdAt: Date): Promise<BasketRow> {
  const [row] = await db.insert(basket).values({ productionUnitId, createdAt }).returning();
  return row!;
}

/** The basket row; with `lock`, locked until the transaction ends so concurrent changes queue up. */
export async function findBasket(db: Executor, id: string, lock = false): Promise<BasketRow | undefined> {
  const byId = db.select().from(basket).where(eq(basket.id, id)).limit(1);
  const rows = await (lock ? byId.for("update") : byId);
  return rows[0];
}

/** The basket row, locked until the transaction ends: changes of the basket and a payment of it queue up. */
export function lockBasket(db: Executor, id: string): Promise<BasketRow | undefined> {
  return findBasket(db, id, true);
}

/**
 * What the checkouts holding the basket mean for it: `ordered` when one is DONE or has its order
 * (the basket was paid for and must never be paid for again), `paying` when one is being paid or
 * finalized (PENDING, FINALIZING), null otherwise. A checkout in ERROR without an order released it.
 */
export async function findBasketHold(db: Executor, basketId: string): Promise<"ordered" | "paying" | null> {
  const rows = await db
    .select({ state: schema.checkout.state, orderId: schema.checkout.orderId })
    .from(schema.checkout)
    .where(
      and(
        eq(schema.checkout.basketId, basketId),
        or(
          inArray(schema.checkout.state, [CheckoutState.PENDING, CheckoutState.FINALIZING, CheckoutState.DONE]),
          isNotNull(schema.checkout.orderId),
        ),
      ),
    );
  if (paidFor(rows)) return "ordered";
  return rows.length > 0 ? "paying" : null;
}

/** Whether one of the checkouts holding a basket is DONE or has its order: the basket was paid for. */
export function paidFor(holders: { state: number; orderId: string | null }[]): boolean {
  return holders.some((holder) => holder.state === CheckoutState.DONE || holder.orderId !== null);
}

// ── Catalogue reads for pricing ────────────────────────────────────────────────────────────

// Kept with the restaurant's setup (shared/restaurant-setup.ts): every catalogue table moves its instance's
// catalogue version (migration 0002), which notifies like the modules and the sold-out lists do (0006), so an
// edit, a price change or a product marked sold out is read anew by the next basket change in every process.

/**
 * The product if it belongs to the product instance of a module of this production unit, with
 * that module (its app settings decide the bag fee). A module that takes orders (active and
 * visible) is preferred over one that does not.
 */
export function findProductOfUnit(db: Executor, productId: number, productionUnitId: number) {
  return readRestaurantSetup(db, `basket.product:${productionUnitId}:${productId}`, () =>
    loadProductOfUnit(db, productId, productionUnitId),
  );
}

/** findProductOfUnit read from the executor every time (see loadProductOptions). */
export async function loadProductOfUnit(db: Executor, productId: number, productionUnitId: number) {
  const rows = await db
    .select({ product, moduleId: module.id, isActive: module.isActive, isVisible: module.isVisible })
    .from(product)
    .innerJoin(
      module,
      and(eq(module.productInstanceId, product.productInstanceId), eq(module.productionUnitId, productionUnitId)),
    )
    .where(eq(product.id, productId))
    .orderBy(desc(sql`${module.isActive} and ${module.isVisible}`), asc(module.id))
    .limit(1);
  return rows[0];
}

/** Every option group of the product with its choices (one row per group × choice). */
export function findProductOptions(db: Executor, productId: number) {
  return readRestaurantSetup(db, `basket.options:${productId}`, () => loadProductOptions(db, productId));
}

/**
 * findProductOptions read from the executor every time: what a transaction that changes the catalogue reads back
 * before it commits (the kept values answer only what was committed).
 */
export function loadProductOptions(db: Executor, productId: number) {
  return db
    .select({
      modifierId: productModifier.modifierId,
      maxChoices: productModifier.maxChoices,
      choicesIncluded: productModifier.choicesIncluded,
      choiceId: modifierChoice.choiceId,
      freeAmount: modifierChoice.freeAmount,
      overwritePriceMinor: modifierChoice.overwritePriceMinor,
      defaultPriceMinor: choice.defaultPriceMinor,
      choiceName: choice.name,
      // Withdrawn from the menu (issue 45): no longer offered, but a line already holding it is still priced.
      modifierArchived: sql<boolean>`${modifier.archivedAt} is not null`,
      choiceArchived: sql<boolean>`${choice.archivedAt} is not null`,
    })
    .from(productModifier)
    .innerJoin(modifier, eq(modifier.id, productModifier.modifierId))
    .leftJoin(modifierChoice, eq(modifierChoice.modifierId, productModifier.modifierId))
    .leftJoin(choice, eq(choice.id, modifierChoice.choiceId))
    .where(eq(productModifier.productId, productId))
    .orderBy(asc(productModifier.sortOrder), asc(modifierChoice.sortOrder));
}

// ── Basket lines ───────────────────────────────────────────────────────────────────────────

export type LineValues = {
  productId: number;
  name: string;
  imageUrl: string;
  amount: number;
  productPriceMinor: number;
  priceMinor: number;
  totalPriceMinor: number;
  editingIsDisabled: boolean;
};

export type LineChoiceValues = {
  choiceId: number;
  modifierId: number;
  name: string;
  amount: number;
  priceMinor: number;
};

export async function findLine(db: Executor, basketId: string, itemId: string): Promise<BasketItemRow | undefined> {
  const rows = await db
    .select()
    .from(basketItem)
    .where(and(eq(basketItem.basketId, basketId), eq(basketItem.id, itemId)))
    .limit(1);
  return rows[0];
}

/**
 * What adding a product needs of the basket, in one read of its lines: its lines of that product with
 * their choices (to find a line to merge into), and how many lines are not locked (the bag fee is): what
 * MAX_BASKET_LINES counts.
 */
export async function findLinesForAdding(db: Executor, basketId: string, productId: number) {
  // The basket's lines in the order they were added.
  const lines = await db
    .select()
    .from(basketItem)
    .where(eq(basketItem.basketId, basketId))
    .orderBy(asc(basketItem.createdAt), asc(basketItem.id));
  const editableLines = lines.filter((line) => !line.editingIsDisabled).length;
  const ofProduct = lines.filter((line) => line.productId === productId);
  if (ofProduct.length === 0) return { ofProduct: [], editableLines };
  const choices = await db
    .select({
      basketItemId: basketItemChoice.basketItemId,
      choiceId: basketItemChoice.choiceId,
      modifierId: basketItemChoice.modifierId,
      amount: basketItemChoice.amount,
    })
    .from(basketItemChoice)
    .innerJoin(basketItem, eq(basketItem.id, basketItemChoice.basketItemId))
    .where(and(eq(basketItem.basketId, basketId), eq(basketItem.productId, productId)));
  return {
    ofProduct: ofProduct.map((line) => ({ ...line, choices: choices.filter((c) => c.basketItemId === line.id) })),
    editableLines,
  };
}

export async function insertLine(
  db: Executor,
  basketId: string,
  values: LineValues,
  choices: LineChoiceValues[],
): Promise<string> {
  const [row] = await db
    .insert(basketItem)
    .values({ basketId, ...values })
    .returning({ id: basketItem.id });
  await insertLineChoices(db, row!.id, choices);
  return row!.id;
}

/** Rewrites a line's amount, prices and choices. */
export async function updateLine(
  db: Executor,
  itemId: string,
  values: Omit<LineValues, "productId" | "editingIsDisabled">,
  choices: LineChoiceValues[],
): Promise<void> {
  await db.update(basketItem).set(values).where(eq(basketItem.id, itemId));
  await db.delete(basketItemChoice).where(eq(basketItemChoice.basketItemId, itemId));
  await insertLineChoices(db, itemId, choices);
}

async function insertLineChoices(db: Executor, basketItemId: string, choices: LineChoiceValues[]): Promise<void> {
  if (choices.length === 0) return;
  await db.insert(basketItemChoice).values(choices.map((c) => ({ basketItemId, ...c })));
}

export async function deleteLine(db: Executor, basketId: string, itemId: string): Promise<boolean> {
  const rows = await db
    .delete(basketItem)
    .where(and(eq(basketItem.basketId, basketId), eq(basketItem.id, itemId)))
    .returning({ id: basketItem.id });
  return rows.length > 0;
}

// ── What the rules read of a basket ───────────────────────────────────────────────────────

/** Each line's product, amount and total: what totals, discounts and kitchen capacity work from. */
export async function findLineAmounts(db: Executor, basketId: string) {
  return db
    .select({ productId: basketItem.productId, amount: basketItem.amount, totalPriceMinor: basketItem.totalPriceMinor })
    .from(basketItem)
    .where(eq(basketItem.basketId, basketId))
    .orderBy(asc(basketItem.createdAt), asc(basketItem.id));
}

/** Which of the products are gift cards (product.isGiftcard); products that do not exist are left out. */
export async function findGiftcardFlags(db: Executor, productIds: number[]) {
  const flags = await Promise.all(productIds.map((id) => findGiftcardFlag(db, id)));
  return productIds.flatMap((id, index) => (flags[index] === undefined ? [] : [{ id, isGiftcard: flags[index] }]));
}

function findGiftcardFlag(db: Executor, productId: number): Promise<boolean | undefined> {
  return readRestaurantSetup(db, `basket.giftcard:${productId}`, async () => {
    const rows = await db
      .select({ isGiftcard: product.isGiftcard })
      .from(product)
      .where(eq(product.id, productId))
      .limit(1);
    return rows[0]?.isGiftcard;
  });
}

// ── Reading a basket ───────────────────────────────────────────────────────────────────────

/** The lines with the product's translated names; bag fee (locked lines) last, else oldest first. */
export async function findLinesWithNames(db: Executor, basketId: string) {
  return db
    .select({ line: basketItem, productName: product.name })
    .from(basketItem)
    .leftJoin(product, eq(product.id, basketItem.productId))
    .where(eq(basketItem.basketId, basketId))
    .orderBy(asc(basketItem.editingIsDisabled), asc(basketItem.createdAt), asc(basketItem.id));
}

/** The choices of the basket's lines with translated names, in the product's option order. */
export async function findLineChoicesWithNames(db: Executor, basketId: string) {
  return db
    .select({
      id: basketItemChoice.id,
      basketItemId: basketItemChoice.basketItemId,
      choiceId: basketItemChoice.choiceId,
      modifierId: basketItemChoice.modifierId,
      storedName: basketItemChoice.name,
      amount: basketItemChoice.amount,
      priceMinor: basketItemChoice.priceMinor,
      choiceName: choice.name,
    })
    .from(basketItemChoice)
    .innerJoin(basketItem, eq(basketItem.id, basketItemChoice.basketItemId))
    .leftJoin(choice, eq(choice.id, basketItemChoice.choiceId))
    .leftJoin(
      productModifier,
      and(
        eq(productModifier.productId, basketItem.productId),
        eq(productModifier.modifierId, basketItemChoice.modifierId),
      ),
    )
    .leftJoin(
      modifierChoice,
      and(
        eq(modifierChoice.modifierId, basketItemChoice.modifierId),
        eq(modifierChoice.choiceId, basketItemChoice.choiceId),
      ),
    )
    .where(eq(basketItem.basketId, basketId))
    .orderBy(asc(productModifier.sortOrder), asc(modifierChoice.sortOrder), asc(basketItemChoice.choiceId));
}

/**
 * Deletes up to `limit` baskets created before `before` that no checkout holds (a basket that became an
 * order is held by that order's checkout, which is never deleted). Lines and their choices go with
 * them (ON DELETE CASCADE). Answers how many were deleted.
 */
export async function deleteUnorderedBaskets(db: Executor, input: { before: Date; limit: number }): Promise<number> {
  return deleteOldBaskets(db, input, notExists(checkoutOf(db)));
}

/**
 * Deletes up to `limit` baskets created before `before` that have no line and no checkout: a client that
 * only ever asked for new baskets leaves nothing a guest could miss. Its creation is an empty basket's last
 * activity (a line added would make it non-empty), and a basket older than its 120-minute expiry can no
 * longer be used. Answers how many were deleted.
 */
export async function deleteEmptyBaskets(db: Executor, input: { before: Date; limit: number }): Promise<number> {
  const noLine = notExists(db.select({ one: sql`1` }).from(basketItem).where(eq(basketItem.basketId, basket.id)));
  return deleteOldBaskets(db, input, and(noLine, notExists(checkoutOf(db))));
}

/** The checkout holding the basket of the row at hand, for `notExists`. */
function checkoutOf(db: Executor) {
  return db.select({ one: sql`1` }).from(schema.checkout).where(eq(schema.checkout.basketId, basket.id));
}

/**
 * Deletes up to `limit` baskets created before `before` that meet `condition`, skipping rows another
 * sweeper has locked; answers how many were deleted.
 */
async function deleteOldBaskets(
  db: Executor,
  input: { before: Date; limit: number },
  condition: SQL | undefined,
): Promise<number> {
  const stale = db
    .select({ id: basket.id })
    .from(basket)
    .where(and(lt(basket.createdAt, input.before), condition))
    .limit(input.limit)
    .for("update", { skipLocked: true });
  const deleted = await db.delete(basket).where(inArray(basket.id, stale)).returning({ id: basket.id });
  return deleted.length;
}

// ── Re-pricing after a catalogue change (issue 45) ────────────────────────────────────────

/**
 * The lines of open baskets made of one of `productIds` or holding one of `choiceIds`, with their choices. Open:
 * not expired at `now` (younger than BASKET_EXPIRY_MINUTES) and held by no checkout that is being paid for, paid or
 * ordered (findBasketHold: PENDING, FINALIZING, DONE or with its order): what the guest pays for never changes under
 * a payment, and a placed order keeps what it was placed with. The baskets are locked, like any change of them.
 */
export async function lockOpenLinesOf(
  db: Executor,
  of: { productIds: number[]; choiceIds: number[] },
  createdAfter: Date,
) {
  const made = or(
    of.productIds.length > 0 ? inArray(basketItem.productId, of.productIds) : undefined,
    of.choiceIds.length > 0
      ? inArray(
          basketItem.id,
          db
            .select({ id: basketItemChoice.basketItemId })
            .from(basketItemChoice)
            .where(inArray(basketItemChoice.choiceId, of.choiceIds)),
        )
      : undefined,
  );
  if (!made) return [];
  const held = db
    .select({ one: sql`1` })
    .from(schema.checkout)
    .where(
      and(
        eq(schema.checkout.basketId, basket.id),
        or(
          inArray(schema.checkout.state, [CheckoutState.PENDING, CheckoutState.FINALIZING, CheckoutState.DONE]),
          isNotNull(schema.checkout.orderId),
        ),
      ),
    );
  const lines = await db
    .select({ line: basketItem, productionUnitId: basket.productionUnitId })
    .from(basketItem)
    .innerJoin(basket, eq(basket.id, basketItem.basketId))
    .where(and(made, gt(basket.createdAt, createdAfter), notExists(held)))
    .orderBy(asc(basket.id), asc(basketItem.id))
    .for("update", { of: basket });
  if (lines.length === 0) return [];
  const choices = await db
    .select()
    .from(basketItemChoice)
    .where(
      inArray(
        basketItemChoice.basketItemId,
        lines.map(({ line }) => line.id),
      ),
    );
  return lines.map(({ line, productionUnitId }) => ({
    line,
    productionUnitId,
    choices: choices.filter((choice) => choice.basketItemId === line.id),
  }));
}

/** A re-priced line: its prices, its choices' prices, and the unit price the guest saw before (or null). */
export async function repriceLine(
  db: Executor,
  itemId: string,
  values: {
    productPriceMinor: number;
    priceMinor: number;
    totalPriceMinor: number;
    priceChangedFromMinor: number | null;
  },
  choices: { id: string; priceMinor: number }[],
): Promise<void> {
  await db.update(basketItem).set(values).where(eq(basketItem.id, itemId));
  for (const choice of choices) {
    await db.update(basketItemChoice).set({ priceMinor: choice.priceMinor }).where(eq(basketItemChoice.id, choice.id));
  }
}
