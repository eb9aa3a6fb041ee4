import { type Executor, schema } from "@app/db";
import { asc, eq } from "@app/db/orm";

const { blockedProduct, blockedChoice } = schema;

export async function findBlockedProducts(db: Executor, productionUnitId: number): Promise<{ productId: number }[]> {
  return db
    .select({ productId: blockedProduct.productId })
    .from(blockedProduct)
    .where(eq(blockedProduct.productionUnitId, productionUnitId))
    .orderBy(asc(blockedProduct.productId));
}

export async function findBlockedChoices(db: Executor, productionUnitId: number): Promise<{ choiceId: number }[]> {
  return db
    .select({ choiceId: blockedChoice.choiceId })
    .from(blockedChoice)
    .where(eq(blockedChoice.productionUnitId, productionUnitId))
    .orderBy(asc(blockedChoice.choiceId));
}
