import { type Executor, schema } from "@app/db";

const { menuInstance, productInstance, menu } = schema;

export type EmptyCatalogue = { menuInstanceId: number; productInstanceId: number; menuId: number };

/**
 * A new restaurant's catalogue: its own menu and product instances and one active, empty menu, so the
 * storefront starts (it needs an active menu) and shows no categories until the menu is filled.
 */
export async function createEmptyCatalogue(tx: Executor, name: string): Promise<EmptyCatalogue> {
  const [menus] = await tx.insert(menuInstance).values({ name }).returning({ id: menuInstance.id });
  const [products] = await tx.insert(productInstance).values({ name }).returning({ id: productInstance.id });
  const [active] = await tx
    .insert(menu)
    .values({ menuInstanceId: menus!.id, name, active: true })
    .returning({ id: menu.id });
  return { menuInstanceId: menus!.id, productInstanceId: products!.id, menuId: active!.id };
}
