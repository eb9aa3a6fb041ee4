import type { Label } from "@app/contracts";
import type { Executor } from "@app/db";
import { findLabels } from "./repository";
import { texts } from "./to-catalogue-json";

/** The product labels of a product instance. Call after `productVersion` (get-catalogue-version.ts) checked tenancy. */
export async function listLabels(db: Executor, productInstanceId: number): Promise<Label[]> {
  const labels = await findLabels(db, productInstanceId);
  return labels.map((row) => ({ ...row, name: texts(row.name), description: texts(row.description) }));
}
