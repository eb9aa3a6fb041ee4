// The demo guest the storefront measurements act as: restaurant A's module (host localhost), a category to
// open, and a basket with one item for /checkout, set up through the API the way the storefront does it.

async function json(response) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${response.url}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A token-holding client of the shop on baseUrl (its host must have a module: localhost = restaurant A). */
export async function shopClient(baseUrl) {
  const host = new URL(baseUrl).hostname;
  const module = await json(await fetch(`${baseUrl}/api/module/domain/${host}`));
  const { token } = await json(await fetch(`${baseUrl}/api/token/${module.productionUnitId}`));
  const headers = { authorization: `Bearer ${token}` };
  const get = async (path) => json(await fetch(`${baseUrl}${path}`, { headers }));
  const post = (path, body) =>
    fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  return { module, get, post };
}

/** The first category of the active menu: what `/menu/{id}` is measured with. */
export async function firstCategoryId({ module, get }) {
  const menus = await get(`/api/menu?instanceId=${module.menuInstanceId}`);
  const menu = menus.find((m) => m.active);
  const categories = await get(`/api/category/menu/${menu.id}?instanceId=${module.menuInstanceId}`);
  return categories.find((category) => category.products.length > 0).id;
}

/** A new basket holding one product that needs no choices: what a guest has on reaching /checkout. */
export async function basketWithOneItem({ module, get, post }, categoryId) {
  const menus = await get(`/api/menu?instanceId=${module.menuInstanceId}`);
  const menu = menus.find((m) => m.active);
  const categories = await get(`/api/category/menu/${menu.id}?instanceId=${module.menuInstanceId}`);
  const ordered = [...categories].sort((a, b) => (a.id === categoryId ? -1 : b.id === categoryId ? 1 : 0));
  const basket = await get("/api/basket");
  for (const { productId } of ordered.flatMap((category) => category.products)) {
    const added = await post(`/api/basket/${basket.id}/products`, { productId, amount: 1, choices: [] });
    if (added.ok) return basket.id;
  }
  throw new Error("no product without required choices to put in the basket");
}

/**
 * What the storefront keeps for a logged-in guest (features/auth session-login.ts, features/basket
 * basket-storage.ts), as a script run at the start of every document of the shop's origin.
 */
export function guestStorageScript(origin, productionUnitId, basketId) {
  const basket = basketId ? `localStorage.setItem("basketId", ${JSON.stringify(basketId)});` : "";
  return `if (location.origin === ${JSON.stringify(origin)}) { sessionStorage.setItem("sessionLogin", "${productionUnitId}"); ${basket} }`;
}
