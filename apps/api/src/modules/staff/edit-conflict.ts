import type { EditConflict, EditedBy } from "@app/contracts";
import { type Executor, schema } from "@app/db";
import { eq } from "@app/db/orm";

/** A row the back office edits (schema/columns.ts editedBy): its version and who saved it last. */
export type EditedRow = { version: number; updatedAt: Date; updatedBy: string | null };

/** Who saved a row last and when, with the account's current name and email (null: the seed or a deleted account). */
export async function describeEdit(db: Executor, row: EditedRow): Promise<EditedBy> {
  const [account] = row.updatedBy
    ? await db
        .select({ name: schema.staffAccount.name, email: schema.staffAccount.email })
        .from(schema.staffAccount)
        .where(eq(schema.staffAccount.id, row.updatedBy))
    : [];
  return { version: row.version, updatedAt: row.updatedAt.toISOString(), updatedBy: account ?? null };
}

/**
 * describeEdit once per account that saved: a list of many rows saved by a few people asks for each name once.
 * For one read of a list only (names can change between reads).
 */
export function describeEditsOnce(): (db: Executor, row: EditedRow) => Promise<EditedBy> {
  const byAccount = new Map<string | null, Promise<EditedBy>>();
  return async (db, row) => {
    let described = byAccount.get(row.updatedBy);
    if (!described) {
      described = describeEdit(db, row);
      byAccount.set(row.updatedBy, described);
    }
    const { updatedBy } = await described;
    return { version: row.version, updatedAt: row.updatedAt.toISOString(), updatedBy };
  };
}

/**
 * The 409 answer to a save based on an older version than `current`: who changed it and when. The message is
 * English for API clients; the back office words it in the user's language from `current`.
 */
export async function editConflict(db: Executor, current: EditedRow): Promise<EditConflict> {
  const edit = await describeEdit(db, current);
  const who = edit.updatedBy ? `${edit.updatedBy.name} (${edit.updatedBy.email})` : "someone";
  const message = `${who} changed this at ${edit.updatedAt}; reload it and make your change again.`;
  return { code: "EDIT_CONFLICT", message, current: edit, errors: [{ code: "EDIT_CONFLICT", message }] };
}
