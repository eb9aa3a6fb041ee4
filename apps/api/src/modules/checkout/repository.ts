/** SQL of the checkout feature: every function takes an Executor (the database or an open transaction). */
import { type Executor, schema } from "@app/db";
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, ne, notExists, notInArray, or, sql } from "@app/db/orm";
import { CheckoutState, discountProductIds, PaymentState } from "@app/domain";
import { readRestaurantSetup } from "../../shared/restaurant-setup";
import { findProductionUnit } from "../tenancy";

export type CheckoutRow = typeof schema.checkout.$inferSelect;

const {
  checkout,
  checkoutInstance,
  checkoutDiscount,
  checkoutGiftcard,
  discountCode,
  giftcardTransaction,
  order,
  payment,
  paymentHold,
  paymentRefund,
} = schema;

export type CheckoutInstanceRow = typeof checkoutInstance.$inferSelect;
export type CheckoutChanges = Partial<Omit<typeof checkout.$inferInsert, "id" | "productionUnitId" | "createdAt">>;

export async function insertCheckout(
  db: Executor,
  values: { productionUnitId: number; moduleId: number; checkoutInstanceId: number; createdAt: Date },
): Promise<CheckoutRow> {
  const [row] = await db
    .insert(checkout)
    .values({ ...values, updatedAt: values.createdAt })
    .returning();
  return row!;
}

/** The checkout row; with `lock` (inside a transaction) it stays locked until the transaction ends. */
export async function findCheckout(db: Executor, id: string, lock = false): Promise<CheckoutRow | undefined> {
  const byId = db.select().from(checkout).where(eq(checkout.id, id)).limit(1);
  const rows = await (lock ? byId.for("update") : byId);
  return rows[0];
}

export async function updateCheckout(db: Executor, id: string, changes: CheckoutChanges): Promise<CheckoutRow> {
  const [row] = await db.update(checkout).set(changes).where(eq(checkout.id, id)).returning();
  return row!;
}

/** A payment moves the checkout along (PENDING when it starts, OPEN or ERROR when it ends without an order). */
export async function setCheckoutState(db: Executor, id: string, state: number, now: Date): Promise<void> {
  await db.update(checkout).set({ state, updatedAt: now }).where(eq(checkout.id, id));
}

/** Moves a checkout to the back of the sweeper's queue (its batch is ordered by updated_at). */
export async function touchCheckout(db: Executor, checkoutId: string, now: Date): Promise<void> {
  await db.update(checkout).set({ updatedAt: now }).where(eq(checkout.id, checkoutId));
}

export function findCheckoutInstance(db: Executor, id: number): Promise<CheckoutInstanceRow | undefined> {
  return readRestaurantSetup(db, `checkout.instance:${id}`, async () => {
    const rows = await db.select().from(checkoutInstance).where(eq(checkoutInstance.id, id)).limit(1);
    return rows[0];
  });
}

/** The production unit's time zone, from its row as tenancy keeps it. */
export async function findTimeZone(db: Executor, productionUnitId: number): Promise<string> {
  return (await findProductionUnit(db, productionUnitId))?.timeZone ?? "Europe/Copenhagen";
}

// ── Basket link ────────────────────────────────────────────────────────────────────────────

/**
 * The checkouts that hold the basket or have paid for it: unfinished (OPEN, PENDING, FINALIZING),
 * DONE, or with an order. A checkout in ERROR without an order released it and is left out.
 */
const BASKET_HOLDING_STATES = [CheckoutState.OPEN, CheckoutState.PENDING, CheckoutState.FINALIZING, CheckoutState.DONE];

export async function findBasketHolders(db: Executor, basketId: string) {
  return db
    .select({ id: checkout.id, state: checkout.state, orderId: checkout.orderId })
    .from(checkout)
    .where(
      and(
        eq(checkout.basketId, basketId),
        or(inArray(checkout.state, BASKET_HOLDING_STATES), isNotNull(checkout.orderId)),
      ),
    );
}

// ── What the checkout JSON shows ───────────────────────────────────────────────────────────

/** The applied discounts, with the code's id, end of validity and the rule that recomputes them against the basket. */
export async function findCheckoutDiscounts(db: Executor, checkoutId: string) {
  const rows = await db
    .select({
      id: checkoutDiscount.id,
      code: checkoutDiscount.code,
      amountMinor: checkoutDiscount.amountMinor,
      discountCodeId: checkoutDiscount.discountCodeId,
      validUntil: discountCode.validUntil,
      rule: {
        kind: discountCode.kind,
        value: discountCode.value,
        minimumBasketMinor: discountCode.minimumBasketMinor,
        productIds: discountCode.productIds,
      },
      categoryIds: discountCode.categoryIds,
      productsOfCategories: productsOfCodeCategories,
    })
    .from(checkoutDiscount)
    .leftJoin(discountCode, eq(discountCode.id, checkoutDiscount.discountCodeId))
    .where(eq(checkoutDiscount.checkoutId, checkoutId))
    .orderBy(asc(checkoutDiscount.code));
  return rows.map(({ categoryIds, productsOfCategories, ...row }) => ({
    ...row,
    rule: row.rule && {
      ...row.rule,
      productIds: discountProductIds({ productIds: row.rule.productIds, categoryIds }, productsOfCategories),
    },
  }));
}

/**
 * The products in the discount code's categories now (category_product), for the domain's discountProductIds: a
 * code limited to categories applies to what they hold when the basket is priced. Also in answerRows below.
 */
const productsOfCodeCategories = sql<number[]>`(select coalesce(json_agg(distinct cp.product_id), '[]'::json)
  from category_product cp
  where cp.category_id in (select jsonb_array_elements_text(coalesce(${discountCode.categoryIds}, '[]'::jsonb))::int))`;

export async function findCheckoutGiftcards(db: Executor, checkoutId: string) {
  return db
    .select({
      id: checkoutGiftcard.id,
      giftcardId: checkoutGiftcard.giftcardId,
      code: checkoutGiftcard.code,
      amountMinor: checkoutGiftcard.amountMinor,
    })
    .from(checkoutGiftcard)
    .where(eq(checkoutGiftcard.checkoutId, checkoutId))
    .orderBy(asc(checkoutGiftcard.code));
}

/** The checkout's payments, newest first. */
export async function findPayments(db: Executor, checkoutId: string) {
  return db
    .select({
      id: payment.id,
      state: payment.state,
      type: payment.type,
      amountMinor: payment.amountMinor,
      attempt: payment.attempt,
    })
    .from(payment)
    .where(eq(payment.checkoutId, checkoutId))
    .orderBy(desc(payment.createdAt), desc(payment.id));
}

export type AppliedDiscountRow = Awaited<ReturnType<typeof findCheckoutDiscounts>>[number];
export type AppliedGiftcardRow = Awaited<ReturnType<typeof findCheckoutGiftcards>>[number];
export type PaymentSummaryRow = Awaited<ReturnType<typeof findPayments>>[number];
export type LineAmountRow = { productId: number; amount: number; totalPriceMinor: number };

/**
 * Everything a checkout's answer shows besides its own row, in one statement: the applied discounts and gift
 * cards, the linked basket's line amounts and the payments, each as the reads above (and basket/repository.ts's
 * findLineAmounts) answer them, in the same order. Four statements on every answer of a guest's checkout were
 * about a tenth of a placed order's statements. The lines are those of the basket `checkout` names, as the
 * caller read it. Undefined when the checkout is gone.
 */
export async function findAnswerRows(
  db: Executor,
  checkout: Pick<CheckoutRow, "id" | "basketId">,
): Promise<
  | {
      discounts: AppliedDiscountRow[];
      giftcards: AppliedGiftcardRow[];
      lines: LineAmountRow[];
      payments: PaymentSummaryRow[];
    }
  | undefined
> {
  const [row] = await answerRows(db, checkout);
  if (!row) return undefined;
  type DiscountJson = Omit<AppliedDiscountRow, "validUntil"> & {
    validUntil: string | null;
    categoryIds: number[] | null;
    productsOfCategories: number[];
  };
  return {
    discounts: fromJson<DiscountJson[]>(row.discounts).map(({ categoryIds, productsOfCategories, ...discount }) => ({
      ...discount,
      validUntil: discount.validUntil === null ? null : new Date(discount.validUntil),
      rule: discount.rule && {
        ...discount.rule,
        productIds: discountProductIds({ productIds: discount.rule.productIds, categoryIds }, productsOfCategories),
      },
    })),
    giftcards: fromJson(row.giftcards),
    lines: fromJson(row.lines),
    payments: fromJson(row.payments),
  };
}

/** A json column as the driver gives it: parsed already (node-postgres, PGlite) or, should one not, as text. */
function fromJson<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

// Written out, not through the columns: inside a select of one table drizzle names them unqualified, which the
// subqueries' own tables make ambiguous. The names are the schema's (packages/db/src/schema).
function answerRows(db: Executor, { id, basketId }: Pick<CheckoutRow, "id" | "basketId">) {
  return db
    .select({
      discounts: sql<unknown>`(select coalesce(json_agg(json_build_object(
          'id', d.id, 'code', d.code, 'amountMinor', d.amount_minor, 'discountCodeId', d.discount_code_id,
          'validUntil', c.valid_until, 'rule', json_build_object('kind', c.kind, 'value', c.value,
          'minimumBasketMinor', c.minimum_basket_minor, 'productIds', c.product_ids), 'categoryIds', c.category_ids,
          'productsOfCategories', (select coalesce(json_agg(distinct cp.product_id), '[]'::json) from category_product cp
            where cp.category_id in (select jsonb_array_elements_text(coalesce(c.category_ids, '[]'::jsonb))::int))
          ) order by d.code), '[]'::json)
        from checkout_discount d left join discount_code c on c.id = d.discount_code_id
        where d.checkout_id = "checkout"."id")`,
      giftcards: sql<unknown>`(select coalesce(json_agg(json_build_object(
          'id', g.id, 'giftcardId', g.giftcard_id, 'code', g.code, 'amountMinor', g.amount_minor) order by g.code), '[]'::json)
        from checkout_giftcard g where g.checkout_id = "checkout"."id")`,
      lines: sql<unknown>`(select coalesce(json_agg(json_build_object(
          'productId', i.product_id, 'amount', i.amount, 'totalPriceMinor', i.total_price_minor
        ) order by i.created_at, i.id), '[]'::json)
        from basket_item i where i.basket_id = ${basketId})`,
      payments: sql<unknown>`(select coalesce(json_agg(json_build_object(
          'id', p.id, 'state', p.state, 'type', p.type, 'amountMinor', p.amount_minor, 'attempt', p.attempt
        ) order by p.created_at desc, p.id desc), '[]'::json)
        from payment p where p.checkout_id = "checkout"."id")`,
    })
    .from(checkout)
    .where(eq(checkout.id, id));
}

// ── Totals (checkout-totals.ts) ─────────────────────────────────────────────────────────────

/** The applied discounts with the rule of their code. */
export async function findAppliedDiscounts(db: Executor, checkoutId: string) {
  const rows = await db
    .select({
      id: checkoutDiscount.id,
      amountMinor: checkoutDiscount.amountMinor,
      rule: discountCode,
      productsOfCategories: productsOfCodeCategories,
    })
    .from(checkoutDiscount)
    .innerJoin(discountCode, eq(discountCode.id, checkoutDiscount.discountCodeId))
    .where(eq(checkoutDiscount.checkoutId, checkoutId));
  // The rule's productIds become what it applies to now: its products and its categories' products.
  return rows.map(({ productsOfCategories, ...row }) => ({
    ...row,
    rule: { ...row.rule, productIds: discountProductIds(row.rule, productsOfCategories) },
  }));
}

// ── Applied discounts and gift cards: the one writer of checkout_discount and checkout_giftcard ──

/** One discount per checkout: the new one replaces whatever was applied. */
export async function replaceCheckoutDiscount(
  db: Executor,
  values: { checkoutId: string; discountCodeId: number; code: string; amountMinor: number },
) {
  await db.delete(checkoutDiscount).where(eq(checkoutDiscount.checkoutId, values.checkoutId));
  const [row] = await db.insert(checkoutDiscount).values(values).returning();
  return row!;
}

export async function deleteCheckoutDiscount(db: Executor, checkoutId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(checkoutDiscount)
    .where(and(eq(checkoutDiscount.checkoutId, checkoutId), eq(checkoutDiscount.id, id)))
    .returning({ id: checkoutDiscount.id });
  return rows.length > 0;
}

export async function setCheckoutDiscountAmount(db: Executor, id: string, amountMinor: number): Promise<void> {
  await db.update(checkoutDiscount).set({ amountMinor }).where(eq(checkoutDiscount.id, id));
}

/** Applying a card again replaces its row. */
export async function replaceCheckoutGiftcard(
  db: Executor,
  values: { checkoutId: string; giftcardId: number; code: string; amountMinor: number },
) {
  await db
    .delete(checkoutGiftcard)
    .where(and(eq(checkoutGiftcard.checkoutId, values.checkoutId), eq(checkoutGiftcard.giftcardId, values.giftcardId)));
  await db.insert(checkoutGiftcard).values(values);
}

export async function deleteCheckoutGiftcard(db: Executor, checkoutId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(checkoutGiftcard)
    .where(and(eq(checkoutGiftcard.checkoutId, checkoutId), eq(checkoutGiftcard.id, id)))
    .returning({ id: checkoutGiftcard.id });
  return rows.length > 0;
}

export async function setCheckoutGiftcardAmount(db: Executor, id: string, amountMinor: number): Promise<void> {
  await db.update(checkoutGiftcard).set({ amountMinor }).where(eq(checkoutGiftcard.id, id));
}

// ── Retention (retention/sweep-retention.ts) ────────────────────────────────────────────────

/** Payments that ended without money ever being taken or given back. */
const ENDED_WITHOUT_MONEY = [PaymentState.CANCELLED, PaymentState.FAILED];

/**
 * Deletes up to `limit` checkouts created and last changed before `before` that have no order, are not
 * DONE or FINALIZING, and whose payments all ended without money (cancelled or failed, no gift-card
 * transaction, no refund) and whose payment holds were all released. Their discounts, gift cards,
 * payments and holds go with them (ON DELETE CASCADE). Answers how many were deleted.
 */
export async function deleteUnorderedCheckouts(db: Executor, input: { before: Date; limit: number }): Promise<number> {
  const one = sql`1`;
  const stale = db
    .select({ id: checkout.id })
    .from(checkout)
    .where(
      and(
        lt(checkout.createdAt, input.before),
        lt(checkout.updatedAt, input.before),
        notInArray(checkout.state, [CheckoutState.DONE, CheckoutState.FINALIZING]),
        isNull(checkout.orderId),
        notExists(db.select({ one }).from(order).where(eq(order.checkoutId, checkout.id))),
        notExists(
          db
            .select({ one })
            .from(payment)
            .where(and(eq(payment.checkoutId, checkout.id), notInArray(payment.state, ENDED_WITHOUT_MONEY))),
        ),
        notExists(
          db
            .select({ one })
            .from(payment)
            .innerJoin(giftcardTransaction, eq(giftcardTransaction.paymentId, payment.id))
            .where(eq(payment.checkoutId, checkout.id)),
        ),
        notExists(
          db
            .select({ one })
            .from(payment)
            .innerJoin(paymentRefund, eq(paymentRefund.paymentId, payment.id))
            .where(eq(payment.checkoutId, checkout.id)),
        ),
        notExists(
          db
            .select({ one })
            .from(paymentHold)
            .where(and(eq(paymentHold.checkoutId, checkout.id), ne(paymentHold.state, "released"))),
        ),
      ),
    )
    .limit(input.limit)
    .for("update", { skipLocked: true });
  const deleted = await db.delete(checkout).where(inArray(checkout.id, stale)).returning({ id: checkout.id });
  return deleted.length;
}
