/** What the redirect rules of SPEC §2 look at. */
export type RouteGate = {
  status: "ready" | "no-token" | "error";
  traceId?: string | undefined;
  unsupportedBrowser: boolean;
  isDownForMaintenance: boolean;
  showClosedFrontpageMessage: boolean;
  startCategory: number | null;
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
  if (!gate.loggedIn) return isFront ? null : `/?${NEXT_PARAM}=${encodeURIComponent(pathname + search)}`;
  if (isFront && gate.startCategory !== null && !gate.showClosedFrontpageMessage) {
    return `/menu/${gate.startCategory}`;
  }
  return null;
}

/** The path to go back to after login: only a path of this site (never `//other.host` or a URL). */
export function nextAfterLogin(search: string): string {
  const next = new URLSearchParams(search).get(NEXT_PARAM);
  return next?.startsWith("/") && !next.startsWith("//") ? next : "/";
}
