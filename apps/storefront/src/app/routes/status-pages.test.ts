// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from "vitest";
import type { AppState, Shop } from "../../features/shop";
import { brandInPage, statusPageLoader } from "./status-pages";

const PRODUCTION_UNIT = {
  id: 1,
  name: "Bistro Nørrebro",
  address: "Nørrebrogade 42, 2200 København N",
  zipCode: "2200",
  phone: "35361122",
  receiptEmail: "kvittering@bistro.dk",
  cvrNumber: "38472915",
  timeZone: "Europe/Copenhagen",
};

/** The start block the server writes into the page (apps/api/src/plugins/storefront-boot-data.ts). */
function pageWithStartBlock(primaryColor: string) {
  const block = document.createElement("script");
  block.type = "application/json";
  block.id = "shop-start";
  block.textContent = JSON.stringify({
    productionUnit: PRODUCTION_UNIT,
    frontend: { features: [{ name: "primaryColor", value: JSON.stringify(primaryColor) }] },
  });
  document.body.append(block);
}

afterEach(() => {
  document.body.innerHTML = "";
});

const failedStart = async (): Promise<AppState> => ({ status: "error", error: new TypeError("Failed to fetch") });
const ensureLanguage = async () => {};

describe("the status pages' restaurant", () => {
  test("after a start that failed (the API did not answer), the restaurant the server wrote into the page", async () => {
    pageWithStartBlock("#b5541b");
    const brand = await statusPageLoader({ appState: failedStart, ensureLanguage });
    expect(brand?.productionUnit.name).toBe("Bistro Nørrebro");
    expect(brand?.productionUnit.phone).toBe("35361122");
    expect(brand?.settings.primaryColor).toBe("#b5541b");
  });

  test("after a failed start on a page without the server's blocks: none, the page shows unbranded", async () => {
    expect(await statusPageLoader({ appState: failedStart, ensureLanguage })).toBeNull();
  });

  test("a started shop is used as it is", async () => {
    pageWithStartBlock("#000000");
    const shop = { productionUnit: { ...PRODUCTION_UNIT, name: "Started" }, settings: {} } as Shop;
    const brand = await statusPageLoader({ appState: async () => ({ status: "ready", shop }), ensureLanguage });
    expect(brand).toBe(shop);
  });

  test("a broken start block is no restaurant", () => {
    const block = document.createElement("script");
    block.type = "application/json";
    block.id = "shop-start";
    block.textContent = JSON.stringify({ productionUnit: null });
    document.body.append(block);
    expect(brandInPage()).toBeNull();
  });
});
