import { expect, test } from "vitest";
import { paragraphsOf, termsIn, termsTarget } from "./terms-language";

const terms = {
  texts: [
    { language: "da-DK" as const, sections: [{ heading: "1. Sælger", body: "Bistro" }] },
    { language: "en-US" as const, sections: [{ heading: "1. The seller", body: "Bistro" }] },
  ],
};

test("the terms show in the guest's language, else in the first one written", () => {
  expect(termsIn(terms, "en-US")?.sections[0]?.heading).toBe("1. The seller");
  expect(termsIn(terms, "da-DK")?.sections[0]?.heading).toBe("1. Sælger");
  expect(termsIn({ texts: [terms.texts[0]!] }, "en-US")?.language).toBe("da-DK");
  expect(termsIn({ texts: [] }, "da-DK")).toBeNull();
});

test("a section's paragraphs are split at blank lines; single line breaks stay within a paragraph", () => {
  expect(paragraphsOf("First line\nstill first.\n\n  Second.  \n \n\nThird.")).toEqual([
    "First line\nstill first.",
    "Second.",
    "Third.",
  ]);
});

test("the terms setting: the shop's own page, another site over https, or nothing to link", () => {
  expect(termsTarget("/terms")).toEqual({ kind: "page", path: "/terms" });
  expect(termsTarget("https://example.dk/handelsbetingelser")).toEqual({
    kind: "external",
    url: "https://example.dk/handelsbetingelser",
  });
  expect(termsTarget("//evil.example/terms")).toBeNull();
  expect(termsTarget("javascript:alert(1)")).toBeNull();
  expect(termsTarget(null)).toBeNull();
});
