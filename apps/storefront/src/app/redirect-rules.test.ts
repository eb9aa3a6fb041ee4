import { describe, expect, test } from "vitest";
import { isInternetExplorer, nextAfterLogin, type RouteGate, redirectFor } from "./redirect-rules";

const ready: RouteGate = {
  status: "ready",
  unsupportedBrowser: false,
  isDownForMaintenance: false,
  showClosedFrontpageMessage: false,
  startCategory: null,
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

  test("logged in, a route of the shop stays", () => {
    expect(redirectFor("/menu/3", "", ready)).toBeNull();
  });
});

describe("nextAfterLogin", () => {
  test("goes back to the path the guest wanted", () => {
    expect(nextAfterLogin("?next=%2Fmenu%2F3")).toBe("/menu/3");
  });
  test("never leaves the site", () => {
    expect(nextAfterLogin("?next=%2F%2Fevil.example")).toBe("/");
    expect(nextAfterLogin("?next=https%3A%2F%2Fevil.example")).toBe("/");
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
