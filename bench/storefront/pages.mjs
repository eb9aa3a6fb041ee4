/**
 * The pages part 5 measures, as a phone guest who has logged in sees them; `ready` names the element that
 * shows what a page is for (a script-free snapshot is taken once it is shown, see `isShown`). /checkout
 * needs a basket with something in it.
 */
export function measuredPages(categoryId) {
  return [
    { name: "/", path: "/", ready: ".category-tile", needsBasket: false },
    {
      name: "/menu/{id}",
      path: `/menu/${categoryId}`,
      ready: ".product-card:not(.product-skeleton-card)",
      needsBasket: false,
    },
    { name: "/checkout", path: "/checkout", ready: ".checkout-form .checkout-section", needsBasket: true },
  ];
}

/**
 * Whether `root` (the page's document by default) shows the page: its `ready` element is there, no loading
 * shape is left (the app's skeletons carry the class `skeleton`), and neither the logo nor a product's picture
 * is still held back for after the first paint (the storefront's lib/first-paint.ts shows a blank GIF until
 * then; a category without a picture keeps its blank one for good). Self-contained: it runs inside the page.
 */
export function isShown({ ready, root = document }) {
  const waiting = ".skeleton, img.logo-image[src^='data:'], img.product-image[src^='data:']";
  return root.querySelector(ready) !== null && root.querySelector(waiting) === null;
}

/**
 * Waits until the page in `tab` (Playwright) is shown and then the network is quiet. Waiting for the ready
 * element alone took a snapshot of the loading shape now and then: the menu's skeleton cards are
 * `.product-card`s too, and the network could already have been quiet once before they were replaced.
 */
export async function untilShown(tab, ready) {
  await tab.waitForFunction(isShown, { ready }, { timeout: 30_000 });
  await tab.waitForLoadState("networkidle");
}
