/**
 * The one-sheet-per-selector check (check-style-sheets.mjs) on made-up sheets.
 * Run: node --test scripts/check-style-sheets.test.mjs (part of npm run lint).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { selectorsOf, sharedSelectors } from "./check-style-sheets.mjs";

test("reads every selector of a rule, inside and outside media conditions, not comments or keyframe steps", () => {
  const css = `@import "x.css"; /* .not-this {} */ .a, .b > .c { x: 1 }
    @media print { body { y: 2 } .a { z: 3 } } @keyframes spin { from { a: 1 } to { a: 2 } }`;
  assert.deepEqual(selectorsOf(css), [".a", ".b > .c", "@media print body", "@media print .a"]);
});

test("a selector written in two sheets is named with both; the same under another media condition is not", () => {
  const sheets = [
    { path: "menu.css", css: ".button.danger { color: #fff; background: red }" },
    { path: "orders.css", css: ".button.danger { color: red } @media print { .a { b: 1 } }" },
    { path: "base.css", css: ".a { b: 2 }" },
  ];
  assert.deepEqual(sharedSelectors(sheets), [".button.danger: menu.css, orders.css"]);
});
