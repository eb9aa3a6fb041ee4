/** The demo's staff accounts are the README's, with passwords the back office itself would accept. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MIN_PASSWORD_LENGTH } from "@app/contracts";
import { demoStaff } from "@app/db";
import { describe, expect, test } from "vitest";
import { isCommonPassword } from "./common-passwords";

const readme = readFileSync(join(import.meta.dirname, "../../../../../README.md"), "utf8");
const letters = ["A", "B"];

describe("the demo staff accounts", () => {
  test("are listed in the README on lines of exactly the agreed form", () => {
    demoStaff.forEach(({ owner, manager, kitchen }, index) => {
      const letter = letters[index];
      expect(readme).toContain(`\nOwner login ${letter}: \`${owner.email}\` / \`${owner.password}\`\n`);
      expect(readme).toContain(`\nManager login ${letter}: \`${manager.email}\` / \`${manager.password}\`\n`);
      expect(readme).toContain(`\nKitchen login ${letter}: \`${kitchen.email}\` / \`${kitchen.password}\`\n`);
    });
  });

  test("have passwords of at least 12 characters that are not on the common-passwords list", () => {
    for (const { password } of demoStaff.flatMap(({ owner, manager, kitchen }) => [owner, manager, kitchen])) {
      expect(password.length).toBeGreaterThanOrEqual(MIN_PASSWORD_LENGTH);
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  test("the common-passwords list knows the long favourites, in any case", () => {
    expect(isCommonPassword("qwertyuiopasdfgh")).toBe(true);
    expect(isCommonPassword("1Q2W3E4R5T6Y")).toBe(true);
    expect(isCommonPassword("stegt-flæsk-med-persillesovs")).toBe(false);
  });
});
