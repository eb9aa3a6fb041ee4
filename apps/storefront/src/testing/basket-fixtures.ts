/**
 * A basket store holding a basket, loaded from its stored id as at app start, for tests outside the basket
 * feature (the app's routes): the fake server's calls so far forgotten. Only tests import this file.
 */
import type { FakeLine } from "../features/basket/testing/fake-basket-api";
import { loadedBasketStore } from "../features/basket/testing/loaded-store";

export async function basketStoreWith(lines: FakeLine[], now: Date) {
  const loaded = await loadedBasketStore(lines, now);
  loaded.server.calls.length = 0;
  return loaded;
}
