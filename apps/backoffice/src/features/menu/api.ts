/**
 * The menu editor's calls (packages/contracts/src/menu-editor.ts) under /api/admin/restaurants/{id}/menu-editor:
 * one read of the whole editable catalogue, and one call per save. Every save answers the row as saved; the read
 * is then invalidated so every list shows the new state (the catalogue of one restaurant is small).
 */
import type {
  CategoryInput,
  CategoryUpdate,
  ChoiceInput,
  ChoiceOrder,
  ChoiceUpdate,
  DeleteResult,
  EditorCategory,
  EditorChoice,
  EditorLabel,
  EditorMenu,
  EditorModifier,
  EditorProduct,
  LabelInput,
  LabelUpdate,
  MenuEditor,
  MenuInput,
  MenuUpdate,
  ModifierChoiceInput,
  ModifierInput,
  ModifierOrder,
  ModifierUpdate,
  ProductInput,
  ProductModifierInput,
  ProductUpdate,
} from "@app/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiGet, apiSend } from "../../lib/api";
import { queryClient } from "../../lib/query-client";

export const menuEditorKey = (restaurantId: number) => ["menu-editor", restaurantId] as const;

export function menuEditorQuery(restaurantId: number) {
  return queryOptions({
    queryKey: menuEditorKey(restaurantId),
    queryFn: () => apiGet<MenuEditor>(`/restaurants/${restaurantId}/menu-editor`),
  });
}

type Method = "POST" | "PUT" | "DELETE";

/** One save, then the editor's read again (awaited, so the screen shows the saved state when the save resolves). */
async function save<T>(restaurantId: number, method: Method, path: string, body?: unknown): Promise<T> {
  const answer = await apiSend<T>(method, `/restaurants/${restaurantId}/menu-editor${path}`, body);
  await queryClient.invalidateQueries({ queryKey: menuEditorKey(restaurantId) });
  return answer;
}

const versioned = (path: string, version: number | undefined) =>
  version === undefined ? path : `${path}?version=${version}`;

export const menuCalls = (restaurantId: number) => ({
  createMenu: (input: MenuInput) => save<EditorMenu>(restaurantId, "POST", "/menus", input),
  updateMenu: (menuId: number, input: MenuUpdate) => save<EditorMenu>(restaurantId, "PUT", `/menus/${menuId}`, input),
  activateMenu: (menuId: number, version: number) =>
    save<EditorMenu>(restaurantId, "POST", `/menus/${menuId}/activate`, { version }),
  deleteMenu: (menuId: number, version?: number) =>
    save<DeleteResult>(restaurantId, "DELETE", versioned(`/menus/${menuId}`, version)),
  orderCategories: (menuId: number, categoryIds: number[]) =>
    save<EditorMenu>(restaurantId, "PUT", `/menus/${menuId}/category-order`, { categoryIds }),

  createCategory: (menuId: number, input: CategoryInput) =>
    save<EditorCategory>(restaurantId, "POST", `/menus/${menuId}/categories`, input),
  updateCategory: (categoryId: number, input: CategoryUpdate) =>
    save<EditorCategory>(restaurantId, "PUT", `/categories/${categoryId}`, input),
  deleteCategory: (categoryId: number, version?: number) =>
    save<DeleteResult>(restaurantId, "DELETE", versioned(`/categories/${categoryId}`, version)),

  createProduct: (input: ProductInput) => save<EditorProduct>(restaurantId, "POST", "/products", input),
  updateProduct: (productId: number, input: ProductUpdate) =>
    save<EditorProduct>(restaurantId, "PUT", `/products/${productId}`, input),
  deleteProduct: (productId: number, version?: number) =>
    save<DeleteResult>(restaurantId, "DELETE", versioned(`/products/${productId}`, version)),
  setProductModifier: (productId: number, modifierId: number, input: ProductModifierInput) =>
    save<EditorProduct>(restaurantId, "PUT", `/products/${productId}/modifiers/${modifierId}`, input),
  removeProductModifier: (productId: number, modifierId: number, version: number) =>
    save<EditorProduct>(restaurantId, "DELETE", versioned(`/products/${productId}/modifiers/${modifierId}`, version)),
  orderProductModifiers: (productId: number, input: ModifierOrder) =>
    save<EditorProduct>(restaurantId, "PUT", `/products/${productId}/modifier-order`, input),

  createModifier: (input: ModifierInput) => save<EditorModifier>(restaurantId, "POST", "/modifiers", input),
  updateModifier: (modifierId: number, input: ModifierUpdate) =>
    save<EditorModifier>(restaurantId, "PUT", `/modifiers/${modifierId}`, input),
  deleteModifier: (modifierId: number, version?: number) =>
    save<DeleteResult>(restaurantId, "DELETE", versioned(`/modifiers/${modifierId}`, version)),
  placeChoice: (modifierId: number, choiceId: number, input: ModifierChoiceInput) =>
    save<EditorModifier>(restaurantId, "PUT", `/modifiers/${modifierId}/choices/${choiceId}`, input),
  removeChoice: (modifierId: number, choiceId: number, version: number) =>
    save<EditorModifier>(restaurantId, "DELETE", versioned(`/modifiers/${modifierId}/choices/${choiceId}`, version)),
  orderGroupChoices: (modifierId: number, input: ChoiceOrder) =>
    save<EditorModifier>(restaurantId, "PUT", `/modifiers/${modifierId}/choice-order`, input),

  createChoice: (input: ChoiceInput) => save<EditorChoice>(restaurantId, "POST", "/choices", input),
  updateChoice: (choiceId: number, input: ChoiceUpdate) =>
    save<EditorChoice>(restaurantId, "PUT", `/choices/${choiceId}`, input),
  deleteChoice: (choiceId: number, version?: number) =>
    save<DeleteResult>(restaurantId, "DELETE", versioned(`/choices/${choiceId}`, version)),

  createLabel: (input: LabelInput) => save<EditorLabel>(restaurantId, "POST", "/labels", input),
  updateLabel: (labelId: number, input: LabelUpdate) =>
    save<EditorLabel>(restaurantId, "PUT", `/labels/${labelId}`, input),
  deleteLabel: (labelId: number, version?: number) =>
    save<DeleteResult>(restaurantId, "DELETE", versioned(`/labels/${labelId}`, version)),
});

export type MenuCalls = ReturnType<typeof menuCalls>;
