/** What the redirect rules of SPEC §2 look at. */
export type RouteGate = {
  status: "ready" | "no-token" | "error";
  traceId?: string | undefined;
  unsupportedBrowser: boolean;
  isDownForMaintenance: boolean;
  showClosedFrontpageMessage: boolean;
  startCategory: number | null;
  /** The restaurant's `requireLogin` setting (SPEC §2, §6: on by default); off, every route opens at once. */
  requireLogin: boolean;
  loggedIn: boolean;
};

/** Internet Explorer (MSIE up to 10, Trident for 11) cannot run the storefront (SPEC §2). */
export function isInternetExplorer(userAgent: string): boolean {
  return /MSIE |Trident\//.test(userAgent);
}

/** Paths of an order under way, which the closed-frontpage rule leaves alone. */
const ORDER_PATHS = [/^\/payment\/[^/]+\/?$/, /^\/order\/[^/]+\/?$/, /^\/confirmation\/?$/];

/** Where the guest came to see, kept through the login (SPEC §2: back where they wanted after login). */
export const NEXT_PARAM = "next";

/**
 * SPEC §2's redirect rules, in order, for a path of the shop (not the status pages /notfound, /error,
 * /maintenance). Returns where to go, or null to stay.
 */
export function redirectFor(pathname: string, search: string, gate: RouteGate): string | null {
  if (gate.status === "error" || gate.unsupportedBrowser) {
    const query = new URLSearchParams();
    if (gate.unsupportedBrowser) query.set("reason", "browser");
    if (gate.traceId) query.set("traceId", gate.traceId);
    const text = query.toString();
    return text ? `/error?${text}` : "/error";
  }
  if (gate.status === "no-token") return "/notfound";
  if (gate.isDownForMaintenance) return "/maintenance";
  const isFront = pathname === "/" || pathname === "";
  if (gate.showClosedFrontpageMessage && !isFront && !ORDER_PATHS.some((path) => path.test(pathname))) return "/";
  if (gate.requireLogin && !gate.loggedIn)
    return isFront ? null : `/?${NEXT_PARAM}=${encodeURIComponent(pathname + search)}`;
  if (isFront && gate.startCategory !== null && !gate.showClosedFrontpageMessage) {
    return `/menu/${gate.startCategory}`;
  }
  return null;
}

/**
 * Paths on the storefront's host that are not the storefront's: the API (apps/api serves /api beside it)
 * and a restaurant's admin tool where one is served there too. Going there after login would leave the shop.
 */
const NOT_THE_STOREFRONTS = /^\/(api|admin)(\/|$)/i;
/** A stand-in origin to resolve a path against: only its sameness matters. */
const THIS_SITE = "https://storefront.invalid";

/**
 * The path to go back to after login (`?next=`): a path of the storefront, else `/`. Never another host,
 * never a value the router would refuse as external navigation: browsers read `\` as `/` and drop tabs
 * and newlines from URLs, so `/\evil.example` and `/%09/evil.example` are `//evil.example`.
 */
export function nextAfterLogin(search: string): string {
  const next = new URLSearchParams(search).get(NEXT_PARAM);
  return (next !== null && storefrontPath(next)) || "/";
}

/** `value` as a path of the storefront (normalised, with its query and hash), or null if it is anything else. */
export function storefrontPath(value: string): string | null {
  const decoded = decodedOnce(value);
  const plain = isPlainPath(value) && !/\s/.test(value);
  if (!plain || decoded === null || !isPlainPath(decoded) || NOT_THE_STOREFRONTS.test(decoded)) return null;
  // Resolved as the browser will: `/menu/../api` and `/.//evil.example` only show what they are once resolved.
  const url = new URL(value, THIS_SITE);
  const path = url.pathname + url.search + url.hash;
  if (url.origin !== THIS_SITE || !isPlainPath(path) || NOT_THE_STOREFRONTS.test(url.pathname)) return null;
  return path;
}

/** One slash, then something other than a slash or backslash; no backslash or control character anywhere. */
function isPlainPath(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  return /^\/(?![/\\])/.test(value) && !/[\\\u0000-\u001f\u007f]/.test(value);
}

/** The value with its percent-escapes decoded once more (`%255C` → `%5C` → `\` is caught), or null if malformed. */
function decodedOnce(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
