/**
 * A basket store holding a basket, loaded from its stored id as at app start, for tests outside the basket
 * feature (the app's routes). Only tests import this file.
 */
import { BASKET_ID_KEY } from "../features/basket/api/basket-storage";
import { createBasketStore } from "../features/basket/basket-store";
import { createFakeBasketApi, type FakeLine, memoryStorage } from "../features/basket/testing/fake-basket-api";

export async function basketStoreWith(lines: FakeLine[], now: Date) {
  const server = createFakeBasketApi({ now: () => now });
  server.seed({ id: "b-1", createdTimeUtc: now.toISOString(), lines });
  const storage = memoryStorage({ [BASKET_ID_KEY]: "b-1" });
  const store = createBasketStore({ api: server.api, storage, now: () => now, language: () => "en-US" });
  await store.load();
  server.calls.length = 0;
  return { store, server, storage };
}
