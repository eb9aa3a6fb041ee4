import {
  CategoryInput,
  CategoryOrder,
  CategoryUpdate,
  ChoiceInput,
  ChoiceOrder,
  ChoiceUpdate,
  DeleteQuery,
  DeleteResult,
  EditConflict,
  EditorCategory,
  EditorCategoryParams,
  EditorChoice,
  EditorChoiceParams,
  EditorLabel,
  EditorLabelParams,
  EditorMenu,
  EditorMenuParams,
  EditorModifier,
  EditorModifierChoiceParams,
  EditorModifierParams,
  EditorProduct,
  EditorProductModifierParams,
  EditorProductParams,
  ErrorBody,
  LabelInput,
  LabelUpdate,
  MENU_EDITOR_PATH,
  MenuActivate,
  MenuEditor,
  MenuEditorParams,
  MenuEditorQuery,
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
import type { FastifyReply } from "fastify";
import type { z } from "zod";
import { type Api, type Deps, type RouteModule, requestDeps } from "../../../deps";
import { ADMIN_TAGS, type SignedInStaff, signedInStaff } from "../../staff";
import { findEditorScope } from "./editor-scope";
import { readMenuEditor } from "./read-menu-editor";
import { createCategory, deleteCategory, reorderCategories, updateCategory } from "./save-category";
import { createChoice, deleteChoice, updateChoice } from "./save-choice";
import { StaleEdit } from "./save-edit";
import { createLabel, deleteLabel, updateLabel } from "./save-label";
import { activateMenu, createMenu, deleteMenu, updateMenu } from "./save-menu";
import {
  createModifier,
  deleteModifier,
  removeModifierChoice,
  reorderGroupChoices,
  setModifierChoice,
  updateModifier,
} from "./save-modifier";
import { createProduct, deleteProduct, updateProduct } from "./save-product";
import { removeProductModifier, reorderProductModifiers, setProductModifier } from "./save-product-modifier";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const saveErrors = { ...errors, 409: EditConflict.or(ErrorBody) };
const SAVE_DESCRIPTION =
  "Manager or owner of the restaurant. A save of an existing row sends the version it was based on: a stale one is " +
  "409 EditConflict (who saved since, and when) and writes nothing. A refused field is 400 with its path in this " +
  "body and a Menu.* code. The storefront of every API process shows the save when it is answered.";
const DELETE_DESCRIPTION =
  "Deleted when nothing names it; archived instead (kept for open baskets, past orders and discount codes, no " +
  "longer offered) when something does. ?version= refuses the delete when the row changed since (409).";

/** The menu editor (issue 45): the restaurant's menus, categories, products, option groups, choices and labels. */
export const menuEditorRoutes: RouteModule = (admin, deps) => {
  readRoute(admin, deps);
  menuRoutes(admin, deps);
  categoryRoutes(admin, deps);
  productRoutes(admin, deps);
  modifierRoutes(admin, deps);
  choiceRoutes(admin, deps);
  labelRoutes(admin, deps);
};

/** Runs a save; a stale version is answered 409 with the EditConflict body. */
async function answerEdit<T>(reply: FastifyReply, save: Promise<T>, status = 200) {
  try {
    const answer = await save;
    return reply.status(status).send(answer);
  } catch (error) {
    if (error instanceof StaleEdit) return reply.status(409).send(error.answer);
    throw error;
  }
}

type SaveCall = (deps: Deps, staff: SignedInStaff) => Promise<unknown>;

function readRoute(admin: Api, { db }: Deps) {
  admin.get(
    MENU_EDITOR_PATH,
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "The restaurant's whole editable catalogue (manager and owner)",
        description: "Every row with its version and who saved it last. Archived rows only with ?archived=true.",
        params: MenuEditorParams,
        querystring: MenuEditorQuery,
        response: { 200: MenuEditor, ...errors },
      },
    },
    async (request) => {
      const scope = await findEditorScope(db, signedInStaff(request), request.params.restaurantId);
      return readMenuEditor(db, scope, request.query.archived === "true");
    },
  );
}

/** One save route: its schema, and the use case it calls with the request's deps and staff member. */
function saveRoute<P extends z.ZodType, B extends z.ZodType | undefined, Q extends z.ZodType | undefined>(
  admin: Api,
  deps: Deps,
  route: {
    method: "post" | "put" | "delete";
    path: string;
    summary: string;
    params: P;
    body?: B;
    querystring?: Q;
    answer: z.ZodType;
    created?: boolean;
    call: (input: {
      params: z.infer<P>;
      body: B extends z.ZodType ? z.infer<B> : undefined;
      query: Q extends z.ZodType ? z.infer<Q> : undefined;
    }) => SaveCall;
  },
) {
  const status = route.created ? 201 : 200;
  admin.route({
    method: route.method.toUpperCase() as "POST" | "PUT" | "DELETE",
    url: `${MENU_EDITOR_PATH}${route.path}`,
    schema: {
      tags: ADMIN_TAGS,
      summary: route.summary,
      description: route.method === "delete" ? `${SAVE_DESCRIPTION} ${DELETE_DESCRIPTION}` : SAVE_DESCRIPTION,
      params: route.params,
      ...(route.body ? { body: route.body } : {}),
      ...(route.querystring ? { querystring: route.querystring } : {}),
      response: { [status]: route.answer, ...saveErrors },
    },
    handler: async (request, reply) => {
      const input = { params: request.params, body: request.body, query: request.query } as Parameters<
        typeof route.call
      >[0];
      return answerEdit(reply, route.call(input)(requestDeps(deps, request), signedInStaff(request)), status);
    },
  });
}

function menuRoutes(admin: Api, deps: Deps) {
  saveRoute(admin, deps, {
    method: "post",
    path: "/menus",
    summary: "Create a menu (inactive unless the restaurant has no active menu)",
    params: MenuEditorParams,
    body: MenuInput,
    answer: EditorMenu,
    created: true,
    call:
      ({ params, body }) =>
      (d, s) =>
        createMenu(d, s, params.restaurantId, body),
  });
  saveRoute(admin, deps, {
    method: "put",
    path: "/menus/:menuId",
    summary: "Rename a menu",
    params: EditorMenuParams,
    body: MenuUpdate,
    answer: EditorMenu,
    call:
      ({ params, body }) =>
      (d, s) =>
        updateMenu(d, s, params.restaurantId, params.menuId, body),
  });
  saveRoute(admin, deps, {
    method: "post",
    path: "/menus/:menuId/activate",
    summary: "Make this the menu guests see (every other menu becomes inactive)",
    params: EditorMenuParams,
    body: MenuActivate,
    answer: EditorMenu,
    call:
      ({ params, body }) =>
      (d, s) =>
        activateMenu(d, s, params.restaurantId, params.menuId, body),
  });
  saveRoute(admin, deps, {
    method: "delete",
    path: "/menus/:menuId",
    summary: "Delete or archive a menu (not the active one: 409 Menu.ActiveMenu)",
    params: EditorMenuParams,
    querystring: DeleteQuery,
    answer: DeleteResult,
    call:
      ({ params, query }) =>
      (d, s) =>
        deleteMenu(d, s, params.restaurantId, params.menuId, query.version),
  });
  saveRoute(admin, deps, {
    method: "put",
    path: "/menus/:menuId/category-order",
    summary: "Put the menu's categories in this order (every live category once)",
    params: EditorMenuParams,
    body: CategoryOrder,
    answer: EditorMenu,
    call:
      ({ params, body }) =>
      (d, s) =>
        reorderCategories(d, s, params.restaurantId, params.menuId, body),
  });
}

function categoryRoutes(admin: Api, deps: Deps) {
  saveRoute(admin, deps, {
    method: "post",
    path: "/menus/:menuId/categories",
    summary: "Create a category at the end of the menu",
    params: EditorMenuParams,
    body: CategoryInput,
    answer: EditorCategory,
    created: true,
    call:
      ({ params, body }) =>
      (d, s) =>
        createCategory(d, s, params.restaurantId, params.menuId, body),
  });
  saveRoute(admin, deps, {
    method: "put",
    path: "/categories/:categoryId",
    summary: "Change a category and its products' order",
    params: EditorCategoryParams,
    body: CategoryUpdate,
    answer: EditorCategory,
    call:
      ({ params, body }) =>
      (d, s) =>
        updateCategory(d, s, params.restaurantId, params.categoryId, body),
  });
  saveRoute(admin, deps, {
    method: "delete",
    path: "/categories/:categoryId",
    summary: "Delete or archive a category",
    params: EditorCategoryParams,
    querystring: DeleteQuery,
    answer: DeleteResult,
    call:
      ({ params, query }) =>
      (d, s) =>
        deleteCategory(d, s, params.restaurantId, params.categoryId, query.version),
  });
}

function productRoutes(admin: Api, deps: Deps) {
  saveRoute(admin, deps, {
    method: "post",
    path: "/products",
    summary: "Create a product",
    params: MenuEditorParams,
    body: ProductInput,
    answer: EditorProduct,
    created: true,
    call:
      ({ params, body }) =>
      (d, s) =>
        createProduct(d, s, params.restaurantId, body),
  });
  saveRoute(admin, deps, {
    method: "put",
    path: "/products/:productId",
    summary: "Change a product (a price change re-prices open baskets; placed orders keep theirs)",
    params: EditorProductParams,
    body: ProductUpdate,
    answer: EditorProduct,
    call:
      ({ params, body }) =>
      (d, s) =>
        updateProduct(d, s, params.restaurantId, params.productId, body),
  });
  saveRoute(admin, deps, {
    method: "delete",
    path: "/products/:productId",
    summary: "Delete or archive a product",
    params: EditorProductParams,
    querystring: DeleteQuery,
    answer: DeleteResult,
    call:
      ({ params, query }) =>
      (d, s) =>
        deleteProduct(d, s, params.restaurantId, params.productId, query.version),
  });
  saveRoute(admin, deps, {
    method: "put",
    path: "/products/:productId/modifiers/:modifierId",
    summary: "Attach an option group to a product, or change its maxChoices, choicesIncluded and place there",
    params: EditorProductModifierParams,
    body: ProductModifierInput,
    answer: EditorProduct,
    call:
      ({ params, body }) =>
      (d, s) =>
        setProductModifier(d, s, params.restaurantId, params, body),
  });
  saveRoute(admin, deps, {
    method: "put",
    path: "/products/:productId/modifier-order",
    summary: "Put the product's option groups in this order (every live group on it once; version is the product's)",
    params: EditorProductParams,
    body: ModifierOrder,
    answer: EditorProduct,
    call:
      ({ params, body }) =>
      (d, s) =>
        reorderProductModifiers(d, s, params.restaurantId, params.productId, body),
  });
  saveRoute(admin, deps, {
    method: "delete",
    path: "/products/:productId/modifiers/:modifierId",
    summary: "Take an option group off a product (?version= is the product's)",
    params: EditorProductModifierParams,
    querystring: DeleteQuery,
    answer: EditorProduct,
    call:
      ({ params, query }) =>
      (d, s) =>
        removeProductModifier(d, s, params.restaurantId, params, query.version),
  });
}

function modifierRoutes(admin: Api, deps: Deps) {
  saveRoute(admin, deps, {
    method: "post",
    path: "/modifiers",
    summary: "Create an option group",
    params: MenuEditorParams,
    body: ModifierInput,
    answer: EditorModifier,
    created: true,
    call:
      ({ params, body }) =>
      (d, s) =>
        createModifier(d, s, params.restaurantId, body),
  });
  saveRoute(admin, deps, {
    method: "put",
    path: "/modifiers/:modifierId",
    summary: "Rename an option group",
    params: EditorModifierParams,
    body: ModifierUpdate,
    answer: EditorModifier,
    call:
      ({ params, body }) =>
      (d, s) =>
        updateModifier(d, s, params.restaurantId, params.modifierId, body),
  });
  saveRoute(admin, deps, {
    method: "delete",
    path: "/modifiers/:modifierId",
    summary: "Delete or archive an option group",
    params: EditorModifierParams,
    querystring: DeleteQuery,
    answer: DeleteResult,
    call:
      ({ params, query }) =>
      (d, s) =>
        deleteModifier(d, s, params.restaurantId, params.modifierId, query.version),
  });
  saveRoute(admin, deps, {
    method: "put",
    path: "/modifiers/:modifierId/choices/:choiceId",
    summary: "Place a choice in an option group, or change its freeAmount, defaultChoiceAmount, overwritePrice, place",
    params: EditorModifierChoiceParams,
    body: ModifierChoiceInput,
    answer: EditorModifier,
    call:
      ({ params, body }) =>
      (d, s) =>
        setModifierChoice(d, s, params.restaurantId, params, body),
  });
  saveRoute(admin, deps, {
    method: "put",
    path: "/modifiers/:modifierId/choice-order",
    summary: "Put the option group's choices in this order (every live choice in it once; version is the group's)",
    params: EditorModifierParams,
    body: ChoiceOrder,
    answer: EditorModifier,
    call:
      ({ params, body }) =>
      (d, s) =>
        reorderGroupChoices(d, s, params.restaurantId, params.modifierId, body),
  });
  saveRoute(admin, deps, {
    method: "delete",
    path: "/modifiers/:modifierId/choices/:choiceId",
    summary: "Take a choice out of an option group (?version= is the group's)",
    params: EditorModifierChoiceParams,
    querystring: DeleteQuery,
    answer: EditorModifier,
    call:
      ({ params, query }) =>
      (d, s) =>
        removeModifierChoice(d, s, params.restaurantId, params, query.version),
  });
}

function choiceRoutes(admin: Api, deps: Deps) {
  saveRoute(admin, deps, {
    method: "post",
    path: "/choices",
    summary: "Create a choice",
    params: MenuEditorParams,
    body: ChoiceInput,
    answer: EditorChoice,
    created: true,
    call:
      ({ params, body }) =>
      (d, s) =>
        createChoice(d, s, params.restaurantId, body),
  });
  saveRoute(admin, deps, {
    method: "put",
    path: "/choices/:choiceId",
    summary: "Change a choice (a price change re-prices open baskets)",
    params: EditorChoiceParams,
    body: ChoiceUpdate,
    answer: EditorChoice,
    call:
      ({ params, body }) =>
      (d, s) =>
        updateChoice(d, s, params.restaurantId, params.choiceId, body),
  });
  saveRoute(admin, deps, {
    method: "delete",
    path: "/choices/:choiceId",
    summary: "Delete or archive a choice",
    params: EditorChoiceParams,
    querystring: DeleteQuery,
    answer: DeleteResult,
    call:
      ({ params, query }) =>
      (d, s) =>
        deleteChoice(d, s, params.restaurantId, params.choiceId, query.version),
  });
}

function labelRoutes(admin: Api, deps: Deps) {
  saveRoute(admin, deps, {
    method: "post",
    path: "/labels",
    summary: "Create a label",
    params: MenuEditorParams,
    body: LabelInput,
    answer: EditorLabel,
    created: true,
    call:
      ({ params, body }) =>
      (d, s) =>
        createLabel(d, s, params.restaurantId, body),
  });
  saveRoute(admin, deps, {
    method: "put",
    path: "/labels/:labelId",
    summary: "Change a label",
    params: EditorLabelParams,
    body: LabelUpdate,
    answer: EditorLabel,
    call:
      ({ params, body }) =>
      (d, s) =>
        updateLabel(d, s, params.restaurantId, params.labelId, body),
  });
  saveRoute(admin, deps, {
    method: "delete",
    path: "/labels/:labelId",
    summary: "Delete a label (and take it off its products)",
    params: EditorLabelParams,
    querystring: DeleteQuery,
    answer: DeleteResult,
    call:
      ({ params, query }) =>
      (d, s) =>
        deleteLabel(d, s, params.restaurantId, params.labelId, query.version),
  });
}
