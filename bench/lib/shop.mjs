// Finds what a guest of restaurant A (host `localhost` in the demo seed) reads, as the storefront
// does on start (SPEC §7): the module by host name, a token for its production unit, the menu, its
// categories' products, a basket with an item and a checkout.
import { getJson } from "./http.mjs";

/** `requestJson(baseUrl, spec)`: a request that must answer 200, its JSON (over HTTP, or app.inject in-process). */
export async function openShop(baseUrl, requestJson = getJson) {
  const module = await requestJson(baseUrl, { path: "/api/module/domain/localhost" });
  const { token } = await requestJson(baseUrl, { path: `/api/token/${module.productionUnitId}` });
  const auth = { authorization: `Bearer ${token}`, accept: "application/json" };
  const get = (path) => requestJson(baseUrl, { path, headers: auth });
  const post = (path, json) =>
    requestJson(baseUrl, {
      method: "POST",
      path,
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify(json ?? {}),
    });
  const [menu] = await get(`/api/menu?instanceId=${module.menuInstanceId}`);
  const categories = await get(`/api/category/menu/${menu.id}?instanceId=${module.menuInstanceId}`);
  const productIds = [...new Set(categories.flatMap((category) => category.products.map((p) => p.productId)))];
  const context = await post("/api/context", productIds);
  const product = context.products.find((p) => !p.isGiftcard && p.modifiers.every((g) => g.choicesIncluded === 0));
  const basket = await get("/api/basket");
  await post(`/api/basket/${basket.id}/products`, {
    productId: product.id,
    amount: 1,
    price: product.price,
    choices: [],
  });
  const checkout = await post(`/api/checkout?instanceId=${module.checkoutInstanceId}&moduleId=${module.id}`);
  await post(`/api/checkout/${checkout.id}/basket?basketId=${basket.id}`);
  return {
    module,
    token,
    auth,
    menuId: menu.id,
    productIds,
    productId: product.id,
    basketId: basket.id,
    checkoutId: checkout.id,
  };
}
