import { BASKET_ID_KEY } from "../api/basket-storage";
import { createBasketStore } from "../basket-store";
import { createFakeBasketApi, type FakeLine, memoryStorage } from "./fake-basket-api";

/**
 * A basket store holding a basket with `lines` (none: no basket), loaded from its stored id as at app start, with
 * the fake server and storage behind it. Only tests import this file.
 */
export async function loadedBasketStore(lines: FakeLine[] | null, now: Date) {
  const server = createFakeBasketApi({ now: () => now });
  if (lines) server.seed({ id: "b-1", createdTimeUtc: now.toISOString(), lines });
  const storage = memoryStorage(lines ? { [BASKET_ID_KEY]: "b-1" } : {});
  const store = createBasketStore({ api: server.api, storage, now: () => now, language: () => "en-US" });
  await store.load();
  return { store, server, storage };
}
