#!/usr/bin/env node
/**
 * One meaning per selector: an app's style sheets are global (a feature's sheet joins the page when the feature
 * is first shown and stays), so a selector written in two sheets means two things and which one wins depends on
 * the screens shown before. `.button.danger` was white on red in the back office's menu editor and red on white
 * on its order board: after the menu, the board's reject button was red on red. This check fails when one
 * selector (under the same at-rule) is written in two .css files of one app. Run: node
 * scripts/check-style-sheets.mjs (part of npm run lint).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(fileURLToPath(import.meta.url), "../..");
export const APPS = ["apps/storefront/src", "apps/backoffice/src"];

/** Each rule's selectors, prefixed by the at-rules around it ("@media print .a"); keyframes' steps are not selectors. */
export function selectorsOf(css) {
  const selectors = [];
  const context = [];
  let text = "";
  for (const char of css.replace(/\/\*[\s\S]*?\*\//g, "")) {
    if (char === "{") {
      const head = text.replace(/\s+/g, " ").trim();
      text = "";
      context.push(head.startsWith("@") ? head : "");
      if (head.startsWith("@") || context.some((c) => c.startsWith("@keyframes"))) continue;
      const prefix = context.filter((c) => c !== "").join(" ");
      for (const selector of head.split(",")) selectors.push(prefix ? `${prefix} ${selector.trim()}` : selector.trim());
    } else if (char === "}") {
      context.pop();
      text = "";
    } else if (char === ";" && context.at(-1) !== "") {
      // The end of an at-rule statement (@import …;) outside a rule's declarations.
      text = "";
    } else {
      text += char;
    }
  }
  return selectors;
}

/** sheets: [{ path, css }] of one app → "selector: a.css, b.css" for each selector written in more than one. */
export function sharedSelectors(sheets) {
  const owners = new Map();
  for (const { path, css } of sheets) {
    for (const selector of new Set(selectorsOf(css))) owners.set(selector, [...(owners.get(selector) ?? []), path]);
  }
  return [...owners].filter(([, paths]) => paths.length > 1).map(([s, paths]) => `${s}: ${paths.join(", ")}`);
}

function styleSheetsOf(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".css"))
    .map((entry) => join(entry.parentPath, entry.name))
    .map((path) => ({ path: relative(ROOT, path), css: readFileSync(path, "utf8") }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = APPS.flatMap((app) => sharedSelectors(styleSheetsOf(join(ROOT, app))));
  if (problems.length > 0) {
    console.error(`One sheet per selector: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join("\n")}`);
    process.exit(1);
  }
  console.log(`One sheet per selector: ${APPS.join(", ")}, no selector written in two style sheets.`);
}
