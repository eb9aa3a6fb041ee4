// Issue 41: `?next=` after login only ever navigates within the storefront. A hostile value (another host
// behind a backslash or a tab, a URL, the API) lands the guest on `/` after login, with no page error (it
// used to throw "External navigation is not allowed" and leave the guest on the login form); a path of the
// shop lands there. The real server (npm start) on a fresh DATA_DIR, in Debian's Chromium.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createHarness, logIn } from "./harness.mjs";

const product = createHarness();
before(product.start);
after(product.stop);

/** As a link in a mail or on another site would carry them, exactly as written into the address bar. */
const HOSTILE = [
  "/%5Cevil.example",
  "/%09/evil.example",
  "/\\/evil.example",
  "%2F%2Fevil.example",
  "https%3A%2F%2Fevil.example",
  "%2Fapi%2Fbasket",
];

/** Opens `/?next=…` on restaurant A, logs in and answers the page once the guest sees the shop (or `waitFor` fails). */
async function logInWithNext(next, arrived) {
  const page = await product.newPage();
  await page.goto(product.url("localhost", `/?next=${next}`));
  await logIn(page, await product.productionUnitIdOf("localhost"));
  // Playwright's own 30 s, as every other wait of the browser tests: 20 s timed out once on a loaded machine.
  await arrived(page).waitFor();
  return page;
}

for (const next of HOSTILE) {
  test(`a hostile next=${next}: after login the guest is on / of the shop, with no page error`, async () => {
    const errorsBefore = product.consoleErrors.length;
    const page = await logInWithNext(next, (p) => p.locator(".category-tile").first());
    const url = new URL(page.url());
    assert.equal(url.host, `localhost:${product.port}`);
    assert.equal(url.pathname, "/");
    assert.equal(url.search, "", "the hostile next is gone from the address");
    assert.deepEqual(product.consoleErrors.slice(errorsBefore), [], "no page or console error");
    await page.close();
  });
}

test("a path of the shop in next: after login the guest is there, with no page error", async () => {
  const errorsBefore = product.consoleErrors.length;
  const page = await logInWithNext("%2Fcheckout", (p) => p.getByRole("heading", { name: "Gennemfør din bestilling" }));
  assert.equal(new URL(page.url()).pathname, "/checkout");
  assert.deepEqual(product.consoleErrors.slice(errorsBefore), [], "no page or console error");
  await page.close();
});
