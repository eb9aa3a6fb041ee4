/**
 * What every menu editor save shares: one transaction holding the change and its audit entry (before and after),
 * the version check that refuses a save based on an older version (409 EditConflict, nothing written), the
 * refusal of fields the domain rules reject (400 with each field's path and code), and after the commit the wait
 * until every API process reads the new catalogue (decision 021's edit barrier), so the storefront shows the save
 * from the moment it is answered.
 */
import type { EditConflict } from "@app/contracts";
import type { Executor } from "@app/db";
import type { MenuFieldError } from "@app/domain";
import type { Deps } from "../../../deps";
import { AppError, notFound } from "../../../errors";
import { recordAudit } from "../../audit";
import { claimMenuImage } from "../../menu-images";
import { type EditedRow, editConflict, type SignedInStaff } from "../../staff";
import { type EditorScope, findEditorScope } from "./editor-scope";
import { lockCategory, lockChoice, lockLabel, lockMenu, lockModifier, lockProduct } from "./editor-writes";

/** A save based on an older version: answered 409 with who saved since and when (routes: `answerEdit`). */
export class StaleEdit extends Error {
  constructor(readonly answer: EditConflict) {
    super(answer.message);
  }
}

export type EditContext = { tx: Executor; scope: EditorScope; staff: SignedInStaff; at: Date; deps: Deps };

/** What a save did: its answer, and what the audit log keeps of it ("menu.product.update", before, after). */
export type EditOutcome<T> = { answer: T; action: string; before: unknown; after: unknown };

export async function saveEdit<T>(
  deps: Deps,
  staff: SignedInStaff,
  restaurantId: number,
  work: (context: EditContext) => Promise<EditOutcome<T>>,
): Promise<T> {
  const scope = await findEditorScope(deps.db, staff, restaurantId);
  const at = deps.now();
  const answer = await deps.db.transaction(async (tx) => {
    const outcome = await work({ tx, scope, staff, at, deps });
    await recordAudit(tx, staff, at, {
      organisationId: scope.organisationId,
      productionUnitId: scope.productionUnitId,
      action: outcome.action,
      before: outcome.before ?? null,
      after: outcome.after ?? null,
    });
    return outcome.answer;
  });
  await deps.changes.settleEverywhere();
  return answer;
}

/** How each kind of edited row is locked: FOR UPDATE, and only a row of the restaurant's own menu or product instance. */
const LOCKS = {
  Menu: (tx: Executor, scope: EditorScope, id: number) => lockMenu(tx, scope.menuInstanceId, id),
  Category: (tx: Executor, scope: EditorScope, id: number) => lockCategory(tx, scope.menuInstanceId, id),
  Product: (tx: Executor, scope: EditorScope, id: number) => lockProduct(tx, scope.productInstanceId, id),
  Modifier: (tx: Executor, scope: EditorScope, id: number) => lockModifier(tx, scope.productInstanceId, id),
  Choice: (tx: Executor, scope: EditorScope, id: number) => lockChoice(tx, scope.productInstanceId, id),
  Label: (tx: Executor, scope: EditorScope, id: number) => lockLabel(tx, scope.productInstanceId, id),
};

/** The kinds of row the menu editor saves; each is also the name a 404 gives ("Product not found"). */
export type EditedKind = keyof typeof LOCKS;
type LockedRow<K extends EditedKind> = NonNullable<Awaited<ReturnType<(typeof LOCKS)[K]>>>;

async function lockRow<K extends EditedKind>(context: EditContext, what: K, id: number) {
  return (await LOCKS[what](context.tx, context.scope, id)) as LockedRow<K> | undefined;
}

/**
 * The prologue of every save that changes a row: locks it, so two saves of one row queue up and the second sees
 * the first's version; then the row must exist (else 404) and still be at the version the save was based on (else
 * 409 with who saved since; no version sent: no check).
 */
export async function lockAtVersion<K extends EditedKind>(
  context: EditContext,
  what: K,
  id: number,
  version: number | undefined,
): Promise<LockedRow<K>> {
  const row = await lockRow(context, what, id);
  if (!row) throw notFound(what);
  if (version !== undefined && row.version !== version) throw new StaleEdit(await editConflict(context.tx, row));
  return row;
}

/**
 * A row the save hangs on without editing it (the menu a category is added to, the group or choice linked): locked,
 * so it cannot be archived under the save, and live (else 404).
 */
export async function lockLive<K extends EditedKind>(context: EditContext, what: K, id: number): Promise<LockedRow<K>> {
  const row = await lockRow(context, what, id);
  if (!row || row.archivedAt) throw notFound(what);
  return row;
}

/** A new row's first version, saved now by the staff member. */
export function createdBy(context: EditContext) {
  return { version: 1, updatedAt: context.at, updatedBy: context.staff.account.id };
}

/** The columns every save of an edited row sets: the next version, when and by whom. */
export function nextEdit(context: EditContext, row: EditedRow) {
  return { version: row.version + 1, updatedAt: context.at, updatedBy: context.staff.account.id };
}

const MESSAGES: Record<string, string> = {
  "Menu.MaxChoicesTooLow": "At least one choice must be allowed in an option group",
  "Menu.IncludedAboveMax": "Included choices cannot be more than the most choices allowed",
  "Menu.GroupWithoutChoices": "An option group the guest must choose from needs at least one choice",
  "Menu.DefaultsAboveMax": "The pre-selected choices of the group add up to more than the most choices allowed",
  "Menu.FreeAboveMax": "A free amount cannot be more than the most choices allowed",
  "Menu.OriginalPriceNotHigher": "The before-price must be higher than the price",
  "Menu.SalePriceNotLower": "The weekday sale price must be lower than the price",
  "Menu.UnknownId": "Not found in this restaurant's menu",
  "Menu.CategoryOrderMismatch": "Send every category of the menu exactly once",
  "Menu.ChoiceOrderMismatch": "Send every choice of the option group exactly once",
  "Menu.GroupOrderMismatch": "Send every option group of the product exactly once",
  "Menu.DuplicateId": "Listed more than once",
  "Menu.ImageMissing": "The image is no longer stored; upload it again",
};

/** 400 with every refused field at once, each with its path in the request and a code the back office translates. */
export function refuseFields(errors: MenuFieldError[] | { field: string; code: string }[]): void {
  if (errors.length === 0) return;
  const items = errors.map(({ field, code }) => ({ code, field, message: `${field}: ${MESSAGES[code] ?? code}` }));
  throw new AppError("invalid", items[0]!.code, items.map((item) => item.message).join("; "), undefined, { items });
}

/**
 * A save naming another image than the saved row claims it before writing (menu-images' claimMenuImage), so the
 * retention sweep cannot delete it under the save; one no longer stored (unused long enough to be collected) is
 * refused: 400 Menu.ImageMissing on imageUrl, nothing written. The saved row's own URL needs no claim: the sweep
 * sees that row name it.
 */
export async function claimImage(tx: Executor, imageUrl: string, savedUrl: string | null): Promise<void> {
  if (imageUrl === savedUrl) return;
  if (!(await claimMenuImage(tx, imageUrl))) refuseFields([{ field: "imageUrl", code: "Menu.ImageMissing" }]);
}

/** Field errors for ids of `field` that are not live rows of the restaurant (`field.<index>`), and duplicates. */
export function unknownIdErrors(field: string, ids: number[], known: Set<number>) {
  const seen = new Set<number>();
  return ids.flatMap((id, index) => {
    const code = !known.has(id) ? "Menu.UnknownId" : seen.has(id) ? "Menu.DuplicateId" : null;
    seen.add(id);
    return code ? [{ field: `${field}.${index}`, code }] : [];
  });
}

/**
 * Field errors for a new order of a parent's rows: each id must be one of `current` (unknown or repeated ids on
 * their index), and every one of them must be there (`mismatch` on the field), so nothing is left without a place.
 */
export function wholeOrderErrors(field: string, ids: number[], current: number[], mismatch: string) {
  const known = new Set(current);
  const errors: { field: string; code: string }[] = unknownIdErrors(field, ids, known);
  if (errors.length === 0 && ids.length !== known.size) errors.push({ field, code: mismatch });
  return errors;
}
