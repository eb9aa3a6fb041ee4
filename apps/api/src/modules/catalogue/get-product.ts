import type { Product } from "@app/contracts";
import type { Executor } from "@app/db";
import { notFound } from "../../errors";
import { findProductGraph } from "./repository";
import { offeredGraph, toProductViews } from "./to-catalogue-json";

/**
 * One product with its price on the given ISO weekday. Call after `productVersion`
 * (get-catalogue-version.ts) checked tenancy.
 */
export async function getProduct(
  db: Executor,
  productId: number,
  productInstanceId: number,
  isoWeekday: number,
): Promise<Product> {
  // A product the menu editor withdrew (archived or hidden) is not found, like one that never existed.
  const graph = offeredGraph(await findProductGraph(db, productInstanceId, [productId]));
  const { products } = toProductViews(graph, isoWeekday);
  const found = products[0];
  if (!found) throw notFound("Product");
  return found;
}
