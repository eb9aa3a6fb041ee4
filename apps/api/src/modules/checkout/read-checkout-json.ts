/**
 * Reading a checkout's answer: its rows are read (in one statement where it can) and handed to the pure
 * mapper toCheckoutJson. Nothing here writes: a checkout read is a read (GET /checkout/{id} and the answer
 * of every checkout change alike).
 */
import type { Checkout } from "@app/contracts";
import type { Executor } from "@app/db";
import { withLineKinds } from "../basket";
import { checkoutLines } from "./checkout-totals";
import {
  type CheckoutRow,
  findAnswerRows,
  findCheckoutDiscounts,
  findCheckoutGiftcards,
  findPayments,
} from "./repository";
import { type CheckoutAnswerRows, toCheckoutJson } from "./to-checkout-json";

/** Rows of the checkout the caller knows already, so the answer does not read them again. */
export type AlreadyRead = Partial<Omit<CheckoutAnswerRows, "checkout">>;

/** A checkout made this moment has no basket, nothing applied and no payment yet. */
export const NOTHING_YET: AlreadyRead = { lines: [], discounts: [], giftcards: [], payments: [] };

/** The checkout's answer, read now. */
export async function readCheckoutJson(
  db: Executor,
  checkout: CheckoutRow,
  alreadyRead: AlreadyRead = {},
): Promise<Checkout> {
  return toCheckoutJson(await readAnswerRows(db, checkout, alreadyRead));
}

async function readAnswerRows(
  db: Executor,
  checkout: CheckoutRow,
  known: AlreadyRead = {},
): Promise<CheckoutAnswerRows> {
  // One query after another: `db` may be a transaction, whose one connection runs one query at a time.
  const rows = Object.keys(known).length > 0 ? known : await readAllAtOnce(db, checkout);
  return {
    checkout,
    lines: rows.lines ?? (await checkoutLines(db, checkout)),
    discounts: rows.discounts ?? (await findCheckoutDiscounts(db, checkout.id)),
    giftcards: rows.giftcards ?? (await findCheckoutGiftcards(db, checkout.id)),
    payments: rows.payments ?? (await findPayments(db, checkout.id)),
  };
}

/** Everything the answer reads, in one statement (findAnswerRows); nothing when the checkout is gone. */
async function readAllAtOnce(db: Executor, checkout: CheckoutRow): Promise<AlreadyRead> {
  const rows = await findAnswerRows(db, checkout);
  if (!rows) return {};
  const lines = rows.lines.length > 0 ? await withLineKinds(db, checkout.moduleId, rows.lines) : [];
  return { lines, discounts: rows.discounts, giftcards: rows.giftcards, payments: rows.payments };
}
