/** Catalogue rows → the menu editor's JSON (money stays øre; texts as both languages; who saved last). */
import type {
  EditedBy,
  EditorCategory,
  EditorChoice,
  EditorLabel,
  EditorMenu,
  EditorModifier,
  EditorProduct,
  EditorTexts,
} from "@app/contracts";
import type { Translations } from "@app/db";
import type {
  CategoryRow,
  ChoiceRow,
  findCategoryLinks,
  findModifierRows,
  findProductRows,
  LabelRow,
  MenuRow,
} from "./editor-reads";

/** Who saved each row last, by account id (null: the seed or a deleted account). */
export type Editors = Map<string, EditedBy["updatedBy"]>;

type Edited = { version: number; updatedAt: Date; updatedBy: string | null; archivedAt: Date | null };

function edited(row: Edited, editors: Editors) {
  return {
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy ? (editors.get(row.updatedBy) ?? null) : null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
  };
}

export function editorTexts(stored: Translations): EditorTexts {
  return { "da-DK": stored["da-DK"] ?? "", "en-US": stored["en-US"] ?? "" };
}

type Links = Awaited<ReturnType<typeof findCategoryLinks>>;

/** `liveProducts`: the product ids the editor lists; a link to any other (archived) product is left out. */
export function toEditorCategory(
  row: CategoryRow,
  links: Links,
  liveProducts: Set<number>,
  editors: Editors,
): EditorCategory {
  return {
    ...edited(row, editors),
    id: row.id,
    menuId: row.menuId,
    name: editorTexts(row.name),
    description: editorTexts(row.description),
    internalName: row.internalName,
    imageUrl: row.imageUrl,
    sortOrder: row.sortOrder,
    productIds: links
      .filter((link) => link.categoryId === row.id && liveProducts.has(link.productId))
      .map((link) => link.productId),
  };
}

export function toEditorMenu(row: MenuRow, categories: EditorCategory[], editors: Editors): EditorMenu {
  return {
    ...edited(row, editors),
    id: row.id,
    name: row.name,
    active: row.active,
    categories: categories.filter((category) => category.menuId === row.id),
  };
}

type ProductRows = Awaited<ReturnType<typeof findProductRows>>;

/** The ids the editor lists: links to anything else (archived) are left out of the rows that name it. */
export type Listed = { modifiers: Set<number>; choices: Set<number>; labels: Set<number> };

export function toEditorProducts(rows: ProductRows, listed: Listed, editors: Editors): EditorProduct[] {
  return rows.products.map((row) => ({
    ...edited(row, editors),
    id: row.id,
    name: editorTexts(row.name),
    subtitle: editorTexts(row.subtitle),
    description: editorTexts(row.description),
    internalName: row.internalName,
    priceMinor: row.priceMinor,
    originalPriceMinor: row.originalPriceMinor,
    productPriceDaily:
      row.dailyPriceMinor === null || row.dailyStartDayOfWeek === null || row.dailyEndDayOfWeek === null
        ? null
        : {
            priceMinor: row.dailyPriceMinor,
            startDayOfWeek: row.dailyStartDayOfWeek,
            endDayOfWeek: row.dailyEndDayOfWeek,
          },
    labelIds: rows.labels
      .filter((link) => link.productId === row.id && listed.labels.has(link.labelId))
      .map((link) => link.labelId),
    imageUrl: row.imageUrl,
    isGiftcard: row.isGiftcard,
    isVisible: row.isVisible,
    categoryIds: rows.categories.filter((link) => link.productId === row.id).map((link) => link.categoryId),
    modifiers: rows.modifiers
      .filter((link) => link.productId === row.id && listed.modifiers.has(link.modifierId))
      .map(({ modifierId, maxChoices, choicesIncluded, sortOrder }) => ({
        modifierId,
        maxChoices,
        choicesIncluded,
        sortOrder,
      })),
  }));
}

type ModifierRows = Awaited<ReturnType<typeof findModifierRows>>;

export function toEditorModifiers(rows: ModifierRows, listed: Listed, editors: Editors): EditorModifier[] {
  return rows.modifiers.map((row) => ({
    ...edited(row, editors),
    id: row.id,
    name: editorTexts(row.name),
    internalName: row.internalName,
    choices: rows.choices
      .filter((link) => link.modifierId === row.id && listed.choices.has(link.choiceId))
      .map(({ choiceId, freeAmount, defaultChoiceAmount, overwritePriceMinor, sortOrder }) => ({
        choiceId,
        freeAmount,
        defaultChoiceAmount,
        overwritePriceMinor,
        sortOrder,
      })),
  }));
}

export function toEditorChoice(row: ChoiceRow, editors: Editors): EditorChoice {
  return { ...edited(row, editors), id: row.id, name: editorTexts(row.name), defaultPriceMinor: row.defaultPriceMinor };
}

export function toEditorLabel(row: LabelRow, editors: Editors): EditorLabel {
  return {
    ...edited(row, editors),
    id: row.id,
    name: editorTexts(row.name),
    description: editorTexts(row.description),
    icon: row.icon,
    colour: row.colour,
  };
}
