/**
 * The pages part 5 measures, as a phone guest who has logged in sees them; `ready` tells when a page shows
 * what it is for (a script-free snapshot is taken then). /checkout needs a basket with something in it.
 */
export function measuredPages(categoryId) {
  return [
    { name: "/", path: "/", ready: ".category-tile", needsBasket: false },
    { name: "/menu/{id}", path: `/menu/${categoryId}`, ready: ".product-card", needsBasket: false },
    {
      name: "/checkout",
      path: "/checkout",
      ready: ".checkout-section:not(.checkout-starting) ~ .checkout-section",
      needsBasket: true,
    },
  ];
}
