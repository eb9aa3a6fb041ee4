import type { BootData } from "./storefront-boot-data";

/**
 * What index.html's head says about the shop of one host, from the data the page embeds: the tab title, the
 * description search engines and link previews show, the favicon and the Open Graph tags of a shared link
 * (https://ogp.me). index.html carries neutral ones (a shop without data keeps them).
 */
export type ShopHead = {
  title: string;
  description: string;
  siteName: string;
  /** Absolute URL of the picture of a shared link: the logo, else the first category's picture. */
  image: string | null;
  /** The logo as the tab's icon: the file the header shows anyway, so the icon costs no request of its own. */
  icon: string | null;
  /** og:locale, e.g. da_DK. */
  locale: string;
  themeColour: string | null;
};

/** The kinds of page whose server title differs from the shop's order page (storefront-route-hints routeKind). */
export const TERMS_PAGE_KIND = "terms";

type Words = { order: string; terms: string; descriptionLead: string };

/** The texts the server writes itself, in the shop's default language (the app takes over in the guest's). */
const WORDS: Record<string, Words> = {
  "da-DK": {
    order: "Bestil online",
    terms: "Handelsbetingelser",
    descriptionLead: "Bestil mad online til afhentning hos",
  },
  "en-US": {
    order: "Order online",
    terms: "Terms of trade",
    descriptionLead: "Order food online for pickup at",
  },
};

type StartBlock = {
  productionUnit?: { name?: unknown; address?: unknown };
  frontend?: { features?: { name?: unknown; value?: unknown }[] };
};

/** The head of `kind`'s page for the shop in `boot`, absolute URLs on `origin`; null without the shop's data. */
export function shopHead(boot: BootData | null, kind: string, origin: string): ShopHead | null {
  const start = parseJson<StartBlock>(boot?.start ?? null);
  const name = text(start?.productionUnit?.name);
  if (!boot || !start || !name) return null;
  const address = text(start.productionUnit?.address);
  const language = parseJson<{ defaultLanguage?: unknown }>(boot.languages)?.defaultLanguage;
  const words = WORDS[typeof language === "string" && language in WORDS ? language : "da-DK"]!;
  const logo = feature(start, "logo");
  const colour = feature(start, "primaryColor");
  const image = absoluteUrl(logo ?? firstCategoryImage(boot.catalogue), origin);
  return {
    title: `${kind === TERMS_PAGE_KIND ? words.terms : words.order} · ${name}`,
    description: `${words.descriptionLead} ${name}${address ? `, ${address}` : ""}.`,
    siteName: name,
    image,
    // The very URL the header's <img> asks for, so the browser's cache answers both.
    icon: logo && absoluteUrl(logo, origin) ? logo : null,
    locale: (typeof language === "string" && language in WORDS ? language : "da-DK").replace("-", "_"),
    themeColour: colour && /^#[0-9a-fA-F]{6}$/.test(colour) ? colour : null,
  };
}

/**
 * index.html with `head` in place of its neutral title, description and icon, and the Open Graph tags after the
 * description. Every value from data is escaped for an attribute or text (& < > " ').
 */
export function withShopHead(indexHtml: string, head: ShopHead | null): string {
  if (!head) return indexHtml;
  const og = [
    ["og:type", "website"],
    ["og:title", head.title],
    ["og:description", head.description],
    ["og:site_name", head.siteName],
    ["og:locale", head.locale],
    ...(head.image ? [["og:image", head.image]] : []),
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content!)}">`)
    .join("");
  const theme = head.themeColour ? `<meta name="theme-color" content="${escapeHtml(head.themeColour)}">` : "";
  // Replacer functions: a replacement string would read `$&` or `$'` in the data as patterns.
  return indexHtml
    .replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta name="description"[^>]*>/i,
      () => `<meta name="description" content="${escapeHtml(head.description)}">${og}${theme}`,
    )
    .replace(/<link rel="icon"[^>]*>/i, (icon) =>
      head.icon ? `<link rel="icon" href="${escapeHtml(head.icon)}">` : icon,
    );
}

/** Text safe in HTML text and in a double- or single-quoted attribute. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** A setting's value: features carry JSON-encoded values; only a string counts. */
function feature(start: StartBlock, name: string): string | null {
  const found = start.frontend?.features?.find((entry) => entry.name === name);
  if (typeof found?.value !== "string") return null;
  const value = parseJson<unknown>(found.value);
  return typeof value === "string" && value !== "" ? value : null;
}

function firstCategoryImage(catalogue: string | null): string | null {
  const categories = parseJson<{ categories?: { imageUrl?: unknown }[] }>(catalogue)?.categories ?? [];
  return categories.map((category) => text(category.imageUrl)).find((url) => url !== "") ?? null;
}

/**
 * A root-relative path on the shop's origin, or an https URL as it is (a logo on a CDN); anything else (a
 * `javascript:` or `//host` URL) is no picture at all.
 */
function absoluteUrl(url: string | null, origin: string): string | null {
  if (!url) return null;
  if (url.startsWith("/") && !url.startsWith("//")) return `${origin}${url}`;
  return /^https:\/\//i.test(url) ? url : null;
}

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

function parseJson<T>(json: string | null): T | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as T;
  } catch {
    return null;
  }
}
