import { describe, expect, test } from "vitest";
import { isInternetExplorer, nextAfterLogin, type RouteGate, redirectFor } from "./redirect-rules";

const ready: RouteGate = {
  status: "ready",
  unsupportedBrowser: false,
  isDownForMaintenance: false,
  showClosedFrontpageMessage: false,
  startCategory: null,
  requireLogin: true,
  loggedIn: true,
};

describe("redirectFor (SPEC §2)", () => {
  test("no token after loading leads to /notfound", () => {
    expect(redirectFor("/", "", { ...ready, status: "no-token" })).toBe("/notfound");
    expect(redirectFor("/checkout", "", { ...ready, status: "no-token", loggedIn: false })).toBe("/notfound");
  });

  test("an error leads to /error with its trace id", () => {
    expect(redirectFor("/", "", { ...ready, status: "error" })).toBe("/error");
    expect(redirectFor("/menu/2", "", { ...ready, status: "error", traceId: "abc-1" })).toBe("/error?traceId=abc-1");
  });

  test("Internet Explorer leads to /error with the unsupported-browser reason", () => {
    expect(redirectFor("/", "", { ...ready, unsupportedBrowser: true })).toBe("/error?reason=browser");
  });

  test("maintenance mode leads to /maintenance", () => {
    expect(redirectFor("/", "", { ...ready, isDownForMaintenance: true })).toBe("/maintenance");
    expect(redirectFor("/checkout", "", { ...ready, isDownForMaintenance: true, loggedIn: false })).toBe(
      "/maintenance",
    );
  });

  test("with the closed front page, every path but / and order paths goes to /", () => {
    const closed = { ...ready, showClosedFrontpageMessage: true };
    expect(redirectFor("/menu/3", "", closed)).toBe("/");
    expect(redirectFor("/checkout", "", closed)).toBe("/");
    expect(redirectFor("/precheckout", "", closed)).toBe("/");
    expect(redirectFor("/", "", closed)).toBeNull();
    expect(redirectFor("/payment/c-1", "", closed)).toBeNull();
    expect(redirectFor("/order/c-1", "", closed)).toBeNull();
    expect(redirectFor("/confirmation", "", closed)).toBeNull();
  });

  test("the closed front page is shown even with a start category", () => {
    expect(redirectFor("/", "", { ...ready, showClosedFrontpageMessage: true, startCategory: 4 })).toBeNull();
  });

  test("with a start category, / goes to /menu/{startCategory}", () => {
    expect(redirectFor("/", "", { ...ready, startCategory: 4 })).toBe("/menu/4");
    expect(redirectFor("/checkout", "", { ...ready, startCategory: 4 })).toBeNull();
  });

  test("without the session login every route but / goes to /, remembering where the guest wanted", () => {
    const out = { ...ready, loggedIn: false };
    expect(redirectFor("/checkout", "", out)).toBe("/?next=%2Fcheckout");
    expect(redirectFor("/menu/3", "?x=1", out)).toBe("/?next=%2Fmenu%2F3%3Fx%3D1");
    expect(redirectFor("/", "", out)).toBeNull();
    expect(redirectFor("/", "", { ...out, startCategory: 4 })).toBeNull();
  });

  test("with the login gate switched off (requireLogin false), every route opens at once without a login", () => {
    const open = { ...ready, requireLogin: false, loggedIn: false };
    expect(redirectFor("/menu/3", "", open)).toBeNull();
    expect(redirectFor("/checkout", "", open)).toBeNull();
    expect(redirectFor("/", "", { ...open, startCategory: 4 })).toBe("/menu/4");
  });

  test("with the login gate off, maintenance and the closed front page still apply", () => {
    const open = { ...ready, requireLogin: false, loggedIn: false };
    expect(redirectFor("/menu/3", "", { ...open, isDownForMaintenance: true })).toBe("/maintenance");
    expect(redirectFor("/menu/3", "", { ...open, showClosedFrontpageMessage: true })).toBe("/");
  });

  test("logged in, a route of the shop stays", () => {
    expect(redirectFor("/menu/3", "", ready)).toBeNull();
  });
});

describe("nextAfterLogin", () => {
  test("goes back to the path the guest wanted", () => {
    expect(nextAfterLogin("?next=%2Fmenu%2F3")).toBe("/menu/3");
  });

  // As the browser's address bar has them: `?next=` then the value, percent-encoded or raw.
  test.each([
    ["%2Fmenu%2F3", "/menu/3"],
    ["%2Fcheckout%3Fx%3D1", "/checkout?x=1"],
    ["/checkout", "/checkout"],
    ["%2Fmenu%2F3%3Fq%3Da%2520b", "/menu/3?q=a%20b"],
    ["/menu/3#top", "/menu/3#top"],
    ["/order/0b4f2c1e-8a5d-4f0e-9a51-2d3c4b5a6f70", "/order/0b4f2c1e-8a5d-4f0e-9a51-2d3c4b5a6f70"],
    ["/apiary", "/apiary"],
    ["/menu/./3", "/menu/3"],
  ])("a path of the storefront: next=%s → %s", (next, path) => {
    expect(nextAfterLogin(`?next=${next}`)).toBe(path);
  });

  test.each([
    ["another host", "%2F%2Fevil.example"],
    ["another host, raw", "//evil.example"],
    ["three slashes", "///evil.example"],
    ["a backslash, encoded", "/%5Cevil.example"],
    ["a backslash, raw", "/\\evil.example"],
    ["a backslash, encoded twice", "/%255Cevil.example"],
    ["a backslash first", "%5C%5Cevil.example"],
    ["a tab, encoded", "/%09/evil.example"],
    ["a tab, raw", "/\t/evil.example"],
    ["a newline", "/%0A/evil.example"],
    ["a NUL", "/menu%00"],
    ["a tab encoded twice", "/%2509/evil.example"],
    ["a space first", "%20/menu/3"],
    ["a dot segment that makes two slashes", "/.//evil.example"],
    ["an absolute URL", "https%3A%2F%2Fevil.example"],
    ["a URL without slashes", "https:evil.example"],
    ["a script", "javascript%3Aalert(1)"],
    ["a data URL", "data:text/html,hi"],
    ["no leading slash", "evil.example"],
    ["the API", "%2Fapi%2Fbasket"],
    ["the API itself", "/api"],
    ["the API in capitals", "/API/docs"],
    ["the API behind dot segments", "/menu/../api/basket"],
    ["the API behind encoded dot segments", "/menu/%2e%2e/api/basket"],
    ["the API with an encoded slash", "/api%2Fbasket"],
    ["an admin tool", "/admin"],
    ["an admin tool's page", "/admin/orders"],
    ["a malformed escape", "/menu/%E0%A4%A"],
    ["nothing", ""],
  ])("%s (next=%s) → /", (_what, next) => {
    expect(nextAfterLogin(`?next=${next}`)).toBe("/");
  });

  test("no next at all → /", () => {
    expect(nextAfterLogin("")).toBe("/");
  });
});

describe("isInternetExplorer", () => {
  test("knows MSIE and Trident, not Edge or Chrome", () => {
    expect(isInternetExplorer("Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko")).toBe(true);
    expect(isInternetExplorer("Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1)")).toBe(true);
    expect(
      isInternetExplorer("Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0"),
    ).toBe(false);
  });
});
