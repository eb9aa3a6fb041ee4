import { describe, expect, test } from "vitest";
import PAYLOADS from "../testing/xss-payloads.json";
import type { BootData } from "./storefront-boot-data";
import { escapeHtml, shopHead, TERMS_PAGE_KIND, withShopHead } from "./storefront-head";

const INDEX_HTML =
  '<!doctype html><html lang="da"><head><meta charset="UTF-8" />' +
  '<meta name="description" content="Bestil mad online til afhentning" />' +
  '<title>Bestil online</title><link rel="icon" href="data:," /></head><body></body></html>';

const ORIGIN = "https://bistro.example.dk";

/** The embedded data of a shop called `name` at `address`, with these settings. */
function bootOf({
  name = "Bistro Nørrebro",
  address = "Nørrebrogade 42, 2200 København N",
  logo = "/images/logo-a.svg" as string | null,
  primaryColor = "#b34a12" as string | null,
  defaultLanguage = "da-DK",
  categoryImage = "/images/a/category-burgers.svg",
} = {}): BootData {
  const features = [
    { name: "logo", value: JSON.stringify(logo) },
    { name: "primaryColor", value: JSON.stringify(primaryColor) },
  ];
  return {
    module: '{"id":7,"productionUnitId":3}',
    productionUnitId: 3,
    start: JSON.stringify({
      module: {},
      productionUnit: { name, address },
      frontend: { features },
      openingHours: null,
    }),
    languages: JSON.stringify({ defaultLanguage }),
    catalogue: JSON.stringify({ categories: [{ id: 1, imageUrl: categoryImage }] }),
    stock: null,
  };
}

const headOf = (boot: BootData | null, kind = "") => withShopHead(INDEX_HTML, shopHead(boot, kind, ORIGIN));
const metaContent = (html: string, attribute: string, value: string) =>
  new RegExp(`<meta ${attribute}="${value}" content="([^"]*)">`).exec(html)?.[1];

describe("the head of a shop's page", () => {
  test("the tab title carries the restaurant's name, and /terms says it is the terms", () => {
    expect(headOf(bootOf())).toContain("<title>Bestil online · Bistro Nørrebro</title>");
    expect(headOf(bootOf(), TERMS_PAGE_KIND)).toContain("<title>Handelsbetingelser · Bistro Nørrebro</title>");
    expect(headOf(bootOf({ defaultLanguage: "en-US" }), TERMS_PAGE_KIND)).toContain(
      "<title>Terms of trade · Bistro Nørrebro</title>",
    );
  });

  test("the description names the restaurant and its address, in the shop's default language", () => {
    const html = headOf(bootOf());
    expect(metaContent(html, "name", "description")).toBe(
      "Bestil mad online til afhentning hos Bistro Nørrebro, Nørrebrogade 42, 2200 København N.",
    );
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
  });

  test("Open Graph: title, description, site name, locale, and the logo as an absolute picture URL", () => {
    const html = headOf(bootOf({ defaultLanguage: "en-US" }));
    expect(metaContent(html, "property", "og:title")).toBe("Order online · Bistro Nørrebro");
    expect(metaContent(html, "property", "og:description")).toBe(
      "Order food online for pickup at Bistro Nørrebro, Nørrebrogade 42, 2200 København N.",
    );
    expect(metaContent(html, "property", "og:site_name")).toBe("Bistro Nørrebro");
    expect(metaContent(html, "property", "og:locale")).toBe("en_US");
    expect(metaContent(html, "property", "og:image")).toBe("https://bistro.example.dk/images/logo-a.svg");
  });

  test("without a logo the first category's picture is shared, and the icon stays the no-request data: URL", () => {
    const html = headOf(bootOf({ logo: null }));
    expect(metaContent(html, "property", "og:image")).toBe("https://bistro.example.dk/images/a/category-burgers.svg");
    expect(html).toContain('<link rel="icon" href="data:," />');
  });

  test("the icon is the logo's own URL (the header loads that file anyway), never a /favicon.ico", () => {
    const html = headOf(bootOf());
    expect(html).toContain('<link rel="icon" href="/images/logo-a.svg">');
    expect(html).not.toContain("favicon.ico");
    expect(html.match(/rel="icon"/g)).toHaveLength(1);
  });

  test("the brand colour is the browser's theme colour; a malformed one is left out", () => {
    expect(metaContent(headOf(bootOf()), "name", "theme-color")).toBe("#b34a12");
    expect(headOf(bootOf({ primaryColor: "red" }))).not.toContain("theme-color");
  });

  test("a logo that is not the shop's own path or an https URL is neither icon nor picture", () => {
    for (const logo of ["javascript:alert(1)", "//evil.example/logo.svg", "http://plain.example/logo.svg"]) {
      const html = headOf(bootOf({ logo, categoryImage: "" }));
      expect(html, logo).not.toContain("og:image");
      expect(html, logo).toContain('<link rel="icon" href="data:," />');
    }
  });

  test("a page without the shop's data keeps index.html's neutral head", () => {
    expect(headOf(null)).toBe(INDEX_HTML);
    expect(headOf({ ...bootOf(), start: null })).toBe(INDEX_HTML);
  });
});

/** The page's tags with their attribute names and values as written, the text between them left out. */
const markupOf = (html: string) =>
  [...html.matchAll(/<[^>]*>/g)].map((tag) => tag[0].replace(/content="[^"]*"|href="[^"]*"/g, (a) => a.split("=")[0]!));
const shownAsText = (text: string) =>
  text
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");

describe("the 30 XSS payloads as the restaurant's name, address and logo", () => {
  const plain = headOf(bootOf());

  test.each(PAYLOADS)(
    "payload $id ($vector): the head's markup is a plain shop's, the payload only text",
    ({ payload }) => {
      const html = headOf(bootOf({ name: payload, address: payload, logo: `/images/${payload}` }));
      expect(markupOf(html)).toEqual(markupOf(plain));
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
      expect(shownAsText(title)).toBe(`Bestil online · ${payload.trim()}`);
      expect(shownAsText(metaContent(html, "property", "og:site_name") ?? "")).toBe(payload.trim());
    },
  );

  test("escapeHtml leaves no character that ends a text or an attribute", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});
