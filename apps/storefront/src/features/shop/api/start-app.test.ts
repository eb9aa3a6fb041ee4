import { expect, test } from "vitest";
import { type ApiClient, createApiClient } from "../../../lib/api-client";
import { startApp } from "./start-app";

const MODULE = { id: 7, productionUnitId: 3, menuInstanceId: 11, productInstanceId: 12, isVisible: true };
const ANSWERS: Record<string, unknown> = {
  "/module/domain/shop.example": MODULE,
  "/token/3": { token: "t" },
  "/module/7/module": MODULE,
  "/productionunit/3": { id: 3, timeZone: "Europe/Copenhagen" },
  "/frontend/module/7": { features: [] },
  "/language": { defaultLanguage: "da-DK", languages: ["da-DK", "en-US"] },
  "/productionunit/3/OpeningHour/v2/today": { open: "10:00" },
};

/** A client answering GETs from ANSWERS (else 404), recording each path asked for. */
function fakeApi(): { client: ApiClient; asked: string[] } {
  const asked: string[] = [];
  const client = createApiClient({
    baseUrl: "/api",
    fetch: async (input) => {
      const path = String(input).replace(/^\/api/, "");
      asked.push(path);
      const body = ANSWERS[path];
      return new Response(JSON.stringify(body ?? { errors: [] }), {
        status: body ? 200 : 404,
        headers: { "content-type": "application/json" },
      });
    },
  });
  return { client, asked };
}

function deps(client: ApiClient) {
  return { api: client, staticStorage: client, setToken: () => {}, applyServerDefaultLanguage: async () => {} };
}

test("without an embedded module the start asks for the module of the host first", async () => {
  const { client, asked } = fakeApi();
  const state = await startApp("shop.example", deps(client));
  expect(state.status).toBe("ready");
  expect(asked[0]).toBe("/module/domain/shop.example");
});

test("the module the server embedded in the page saves that first round trip", async () => {
  const { client, asked } = fakeApi();
  const state = await startApp("shop.example", { ...deps(client), embeddedModule: MODULE as never });
  expect(state.status).toBe("ready");
  expect(asked).not.toContain("/module/domain/shop.example");
  expect(asked[0]).toBe("/token/3");
});

test("with the start's answers embedded too, only the token and the maintenance flag are read", async () => {
  const { client, asked } = fakeApi();
  const embeddedStart = {
    module: MODULE,
    productionUnit: ANSWERS["/productionunit/3"],
    frontend: ANSWERS["/frontend/module/7"],
    languages: ANSWERS["/language"],
    openingHours: null,
  } as never;
  const state = await startApp("shop.example", { ...deps(client), embeddedModule: MODULE as never, embeddedStart });
  expect(state.status).toBe("ready");
  expect(asked).toEqual(["/token/3", "/maintenanceMode.json"]);
});

test("the shop knows whether its online payments move money, from the frontend settings (issue 46)", async () => {
  const live = { ...(ANSWERS["/frontend/module/7"] as object), paymentTestMode: false };
  const embedded = (frontend: unknown) =>
    ({
      module: MODULE,
      productionUnit: ANSWERS["/productionunit/3"],
      frontend,
      languages: ANSWERS["/language"],
      openingHours: null,
    }) as never;
  const start = (frontend: unknown) =>
    startApp("shop.example", {
      ...deps(fakeApi().client),
      embeddedModule: MODULE as never,
      embeddedStart: embedded(frontend),
    });

  const liveShop = await start(live);
  expect(liveShop.status === "ready" && liveShop.shop.paymentTestMode).toBe(false);
  const testShop = await start({ ...live, paymentTestMode: true });
  expect(testShop.status === "ready" && testShop.shop.paymentTestMode).toBe(true);
  // An API from before real payments does not say: everything it took was a test.
  const older = await start({ features: [] });
  expect(older.status === "ready" && older.shop.paymentTestMode).toBe(true);
});
