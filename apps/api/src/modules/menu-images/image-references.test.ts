/**
 * What counts as naming a menu image: the URL forms a save claims, and a guard that fails when the schema gains a
 * column that may hold an image or a URL without anyone deciding whether it keeps menu images (image-references.ts).
 */
import { menuImageUrl } from "@app/contracts";
import { schema } from "@app/db";
import { getTableColumns, getTableName, is, Table } from "@app/db/orm";
import { describe, expect, test } from "vitest";
import { menuImageHashIn } from "./image-references";

const HASH = "0123456789abcdef".repeat(4);

/** Columns the sweep reads as references (referencedImageHashes). */
const REFERENCES = ["category.image_url", "product.image_url"];
/** Columns whose name says image or URL but that keep no menu image, and why. */
const NOT_REFERENCES: Record<string, string> = {
  "basket_item.image_url": "a copy of the product's URL; the basket answers 410 long before the grace period ends",
  "label.icon": "the name of an icon the storefront draws",
  "payment.cancel_url": "where the payment provider sends the guest back",
  "payment.continue_url": "where the payment provider sends the guest back",
  "payment.provider_page_url": "the payment provider's own page",
};

describe("the URLs that name a menu image", () => {
  test("an upload's URL of any width, and the same pasted with our host, name the image", () => {
    expect(menuImageHashIn(menuImageUrl(HASH, 640))).toBe(HASH);
    expect(menuImageHashIn(menuImageUrl(HASH, 320))).toBe(HASH);
    expect(menuImageHashIn(`https://shop.example${menuImageUrl(HASH, 1280)}`)).toBe(HASH);
  });

  test("no image, the storefront's own pictures, other sites and malformed hashes name none", () => {
    for (const url of ["", "/images/cola.png", "https://cdn.example/burger.jpg", "/api/menu-images/abc/640.webp"]) {
      expect(menuImageHashIn(url), url).toBeNull();
    }
  });
});

test("every column that may hold an image or a URL is either read as a reference or known not to be one", () => {
  const found: string[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, Table)) continue;
    for (const column of Object.values(getTableColumns(table))) {
      if (/image|url|logo|icon|picture|photo/i.test(column.name)) found.push(`${getTableName(table)}.${column.name}`);
    }
  }
  expect(found.sort()).toEqual([...REFERENCES, ...Object.keys(NOT_REFERENCES)].sort());
});
