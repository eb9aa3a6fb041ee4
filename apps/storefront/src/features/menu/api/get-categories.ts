import { api } from "../../../lib/api-client";

export type MenuSummary = { id: number; name: string; active: boolean };
export type CategorySummary = {
  id: number;
  name: Record<string, string>;
  description: Record<string, string>;
  internalName: string;
  imageUrl: string;
  products: { productId: number }[];
};

/** The categories of the module's first active menu; a failed fetch falls back to none (SPEC §8). */
export async function getCategories(menuInstanceId: number): Promise<CategorySummary[]> {
  try {
    const menus = await api.get<MenuSummary[]>(`/menu?instanceId=${menuInstanceId}`);
    const menu = menus.find((m) => m.active);
    if (!menu) return [];
    return await api.get<CategorySummary[]>(`/category/menu/${menu.id}?instanceId=${menuInstanceId}`);
  } catch {
    return [];
  }
}
