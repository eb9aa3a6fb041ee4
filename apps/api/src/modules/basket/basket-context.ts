import type { Db } from "@app/db";

/** What every basket use case needs: the database and the clock (tests move it). */
export type BasketDeps = { db: Db; now: () => Date };
