// The order queue worked by keyboard: an order accepted with Enter leaves its list, and the focus keeps its place —
// on the kitchen's tablet (columns) on the same order where it landed, In progress; on a phone (tabs) on the next
// order of the list. On the kitchen display (a bump bar is a keyboard), a tile bumped with Enter hands the focus to
// the next tile's Ready button. Before, the focus fell to the page's start, and the next order was a long Tab away.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createHarness, demoLogin, PHONE, placePickupOrder } from "./harness.mjs";

const product = createHarness();
before(product.start);
after(product.stop);

const LANDSCAPE_TABLET = { width: 1180, height: 820 };

async function kitchenScreen(viewport) {
  const page = await product.newPage(viewport);
  await page.addInitScript(() => localStorage.setItem("backoffice.language", "en-US"));
  const kitchen = demoLogin("Kitchen", "A");
  await page.goto(product.url("localhost", "/admin/sign-in"));
  await page.getByLabel("Email", { exact: true }).fill(kitchen.email);
  await page.getByLabel("Password", { exact: true }).fill(kitchen.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/admin\/restaurants\/\d+\/orders$/);
  return page;
}

/** Opens the order's card and accepts it at the guest's time, by keyboard only. */
async function acceptByKeyboard(page, receipt) {
  const card = page.locator(".order-card").filter({ hasText: `#${receipt}` });
  await card.locator(".order-toggle").focus();
  await page.keyboard.press("Enter");
  await card.getByRole("button", { name: /^Accept for/ }).focus();
  await page.keyboard.press("Enter");
}

/** The receipt number of the order card that holds the focus ("" when the focus is outside every card). */
const focusedReceipt = (page) =>
  page.evaluate(
    () => document.activeElement?.closest(".order-card")?.querySelector(".order-number")?.textContent ?? "",
  );

test("on the tablet, an order accepted by keyboard keeps the focus where it lands, In progress", async () => {
  const receipt = await placePickupOrder(product);
  const page = await kitchenScreen(LANDSCAPE_TABLET);
  await acceptByKeyboard(page, receipt);
  const inProgress = page.getByRole("region", { name: /^In progress/ });
  await inProgress.locator(".order-card", { hasText: `#${receipt}` }).waitFor();
  await page.waitForFunction(() => document.activeElement?.classList.contains("order-toggle"), undefined, {
    timeout: 3_000,
  });
  assert.match(await focusedReceipt(page), new RegExp(`#${receipt}$`));
  assert.equal(
    await page.evaluate(() => document.activeElement.closest("section")?.querySelector("h2")?.textContent),
    await inProgress.locator("h2").textContent(),
  );
  await page.close();
});

test("on a phone, an order accepted by keyboard leaves the focus on the next new order", async () => {
  const first = await placePickupOrder(product);
  const second = await placePickupOrder(product);
  const page = await kitchenScreen(PHONE);
  await acceptByKeyboard(page, first);
  await page.getByRole("tab", { name: /^In progress/ }).waitFor();
  await page.locator(".order-card", { hasText: `#${first}` }).waitFor({ state: "detached" });
  await page.waitForFunction(() => document.activeElement?.classList.contains("order-toggle"), undefined, {
    timeout: 3_000,
  });
  assert.match(await focusedReceipt(page), new RegExp(`#${second}$`));
  await page.close();
});

test("on the kitchen display, a tile bumped by keyboard hands the focus to the next tile's Ready button", async () => {
  const first = await placePickupOrder(product);
  const second = await placePickupOrder(product);
  const page = await kitchenScreen(LANDSCAPE_TABLET);
  for (const receipt of [first, second]) {
    await acceptByKeyboard(page, receipt);
    await page
      .getByRole("region", { name: /^In progress/ })
      .locator(".order-card", { hasText: `#${receipt}` })
      .waitFor();
  }
  await page.goto(page.url().replace(/orders$/, "kitchen"));
  const bump = (receipt) => page.getByRole("button", { name: `Ready · #${receipt}` });
  await bump(second).waitFor();
  await bump(first).focus();
  await page.keyboard.press("Enter");
  await bump(first).waitFor({ state: "detached" });
  await page.waitForFunction(() => document.activeElement?.classList.contains("bump"), undefined, { timeout: 3_000 });
  assert.equal(await page.evaluate(() => document.activeElement.textContent), `Ready · #${second}`);
  await page.close();
});
