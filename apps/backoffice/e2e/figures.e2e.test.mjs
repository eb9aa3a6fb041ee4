// Issue 45, point 7 in the browser: a demo order placed through the guest's API shows in restaurant A's figures for
// today (its owner signed in): the key figures, the orders-per-hour chart (one image with a summary, its numbers as a
// table), the tables, the CSV download, a refused custom period said on its field, the printable end-of-day report.
// Keyboard only for the period. axe finds nothing serious; screenshots at 390×844 and 1280×800 in both languages.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  createHarness,
  DESKTOP,
  demoLogin,
  guestApi,
  orderBasketForPickup,
  PHONE,
  screenshot,
  seriousAxeViolations,
  signIn,
  tabTo,
} from "./harness.mjs";

const product = createHarness();
before(product.start);
after(product.stop);

const TEXT = {
  "da-DK": {
    section: "Tal",
    orders: "Ordrer",
    chart: "Ordrer pr. time",
    showTable: "Vis tallene som tabel",
    yesterday: "I går",
    custom: "Vælg datoer",
    from: "Fra",
    to: "Til og med",
    show: "Vis",
    toBeforeFrom: "Slutdatoen ligger før startdatoen",
    endOfDay: "Dagsrapport",
    print: "Udskriv",
    back: "Tilbage til tal",
    money: /\u00a0kr\.$/,
  },
  "en-US": {
    section: "Figures",
    orders: "Orders",
    chart: "Orders per hour",
    showTable: "Show the numbers as a table",
    yesterday: "Yesterday",
    custom: "Choose dates",
    from: "From",
    to: "To (included)",
    show: "Show",
    toBeforeFrom: "The end date is before the start date",
    endOfDay: "End-of-day report",
    print: "Print",
    back: "Back to figures",
    money: /\u00a0DKK$/,
  },
};

/** An order of the menu's first product without options, paid at pickup, placed as the storefront places it. */
async function placeDemoOrder(api) {
  const [menu] = await api.get(`/api/menu?instanceId=${api.module.menuInstanceId}`);
  const categories = await api.get(`/api/category/menu/${menu.id}?instanceId=${api.module.productInstanceId}`);
  const basket = await api.get("/api/basket");
  let added = false;
  for (const item of categories.flatMap((category) => category.products)) {
    added = (await api.post(`/api/basket/${basket.id}/products`, { productId: item.productId, amount: 2, choices: [] }))
      .ok;
    if (added) break;
  }
  assert.ok(added, "a product without required options");
  return orderBasketForPickup(product, api, basket.id, { name: "Søren Ærø", email: "soren@example.dk" });
}

/** Restaurant A's owner signed in on a screen of `viewport`, in `language`, on the figures of restaurant `id`. */
async function figuresPage(viewport, language, restaurantId) {
  const t = TEXT[language];
  const page = await product.newPage(viewport);
  await page.addInitScript((lang) => {
    localStorage.setItem("backoffice.language", lang);
    // The print dialog of a headless browser: counted instead of shown.
    window.print = () => {
      window.printed = (window.printed ?? 0) + 1;
    };
  }, language);
  await signIn(page, product, demoLogin("Owner", "A"), language);
  await page.goto(product.url("localhost", `/admin/restaurants/${restaurantId}`));
  await page.getByRole("link", { name: t.section, exact: true }).click();
  await page.waitForURL(/\/figures/);
  await page.locator(".key-figures").waitFor();
  return page;
}

/** The figures JSON the page shows, read with the page's own session. */
const figuresJson = (page, restaurantId) =>
  page.evaluate(async (id) => (await fetch(`/api/admin/restaurants/${id}/figures`)).json(), restaurantId);

const keyValue = (page, name) =>
  page
    .locator(".key-figure")
    .filter({ has: page.getByText(name, { exact: true }) })
    .locator(".key-value");

async function axeClean(page, name) {
  assert.deepEqual(await seriousAxeViolations(page), [], `axe on ${name}`);
}

let restaurantId;

test("Danish, phone then desktop: today's order in the figures, a refused period, CSV, end-of-day report", async () => {
  const api = await guestApi(product);
  restaurantId = api.module.productionUnitId;
  await placeDemoOrder(api);
  const t = TEXT["da-DK"];
  const page = await figuresPage(PHONE, "da-DK", restaurantId);
  const figures = await figuresJson(page, restaurantId);
  assert.ok(figures.orders >= 1, "the demo order counts today");
  assert.equal(await keyValue(page, t.orders).textContent(), String(figures.orders));
  assert.match(await keyValue(page, "Salg").textContent(), t.money);
  const chart = page.getByRole("img", { name: new RegExp(t.chart) });
  assert.match(await chart.getAttribute("aria-labelledby"), /desc/);
  await page.getByText(t.showTable).click();
  assert.ok((await page.locator(".hour-table tbody tr").count()) >= 1, "the chart's numbers as a table");
  await axeClean(page, "figures, phone, da-DK");
  await screenshot(page, "figures-phone-da-DK");

  // The period by keyboard: Tab to the presets, arrows move the choice (a radio group).
  await tabTo(page, page.getByRole("radio", { name: "I dag" }));
  await page.keyboard.press("ArrowRight");
  // The radio shows the address's period, which the router changes a moment after the key, and React shows the
  // change a render after that (a busy machine: later): wait for the checked radio itself, not for the address.
  await page.waitForURL(/\?period=yesterday$/);
  await page.getByRole("radio", { name: t.yesterday, checked: true }).waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("value")), "yesterday", "focus stays");
  for (let press = 0; press < 3; press++) await page.keyboard.press("ArrowRight");
  await page.getByLabel(t.from, { exact: true }).waitFor();
  await page.getByLabel(t.from, { exact: true }).fill("2026-10-26");
  await page.getByLabel(t.to, { exact: true }).fill("2026-10-25");
  await tabTo(page, page.getByRole("button", { name: t.show, exact: true }));
  await page.keyboard.press("Enter");
  const to = page.getByLabel(t.to, { exact: true });
  assert.equal(await to.getAttribute("aria-invalid"), "true");
  assert.equal(await to.inputValue(), "2026-10-25", "what was typed stays");
  await page.getByText(t.toBeforeFrom).waitFor();
  await axeClean(page, "figures, refused period, da-DK");

  // CSV: the page's link downloads with the session (a BOM, the header, the order's row).
  const csv = await page.evaluate(async (id) => {
    const res = await fetch(`/api/admin/restaurants/${id}/figures/orders.csv`);
    return { type: res.headers.get("content-type"), text: await res.text() };
  }, restaurantId);
  assert.equal(csv.type, "text/csv; charset=utf-8");
  assert.match(csv.text, /^\uFEFF?receipt_number,/);
  assert.match(csv.text, /Søren Ærø/);

  // The same session on a desktop screen.
  const desk = page;
  await desk.setViewportSize(DESKTOP);
  await desk.goto(product.url("localhost", `/admin/restaurants/${restaurantId}/figures`));
  await desk.locator(".key-figures").waitFor();
  await axeClean(desk, "figures, desktop, da-DK");
  await screenshot(desk, "figures-desktop-da-DK");
  await desk.getByRole("link", { name: t.endOfDay, exact: true }).click();
  await desk.waitForURL(/end-of-day/);
  await desk.locator(".report-sheet").waitFor();
  // When it was made: the time as the hour table and the order screens write it (14:30, not Intl's Danish 14.30).
  assert.match(
    await desk.locator(".report-sheet header p.muted").textContent(),
    /· Dannet \d{1,2}\. \S+ \d{4} \d{2}:\d{2}$/,
  );
  await desk.getByRole("button", { name: t.print }).click();
  assert.equal(await desk.evaluate(() => window.printed), 1);
  // The way back is a button of the row like Print (once a borderless "quiet" link beside two framed controls).
  const look = (locator) =>
    locator.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        height: element.getBoundingClientRect().height,
        border: `${style.borderTopStyle} ${style.borderTopWidth}`,
        borderTransparent: style.borderTopColor === "rgba(0, 0, 0, 0)",
        fontWeight: style.fontWeight,
        radius: style.borderTopLeftRadius,
      };
    });
  assert.deepEqual(
    await look(desk.getByRole("link", { name: t.back, exact: true })),
    await look(desk.getByRole("button", { name: t.print })),
  );
  // The date between them was 2 px taller, its lower edge 1 px below theirs.
  const edges = (locator) =>
    locator.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { height: box.height, bottom: box.bottom };
    });
  assert.deepEqual(
    await edges(desk.getByLabel("Dato", { exact: true })),
    await edges(desk.getByRole("button", { name: t.print })),
  );
  await axeClean(desk, "end-of-day, desktop, da-DK");
  await screenshot(desk, "figures-end-of-day-desktop-da-DK");
  await desk.emulateMedia({ media: "print" });
  await screenshot(desk, "figures-end-of-day-print-da-DK");
  await page.close();
});

test("the period is in the address: a reload, Back and a shared link keep it, the report returns to it; a bad one shows today", async () => {
  const t = TEXT["da-DK"];
  const page = await figuresPage(DESKTOP, "da-DK", restaurantId);
  const figuresUrl = product.url("localhost", `/admin/restaurants/${restaurantId}/figures`);
  const checked = (name) => page.getByRole("radio", { name, exact: true }).isChecked();

  await tabTo(page, page.getByRole("radio", { name: "I dag" }));
  await page.keyboard.press("ArrowRight");
  await page.waitForURL(/\?period=yesterday$/);
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("value")), "yesterday", "focus stays");
  await page.reload();
  await page.locator(".key-figures").waitFor();
  assert.equal(await checked(t.yesterday), true, "a reload keeps the period");

  // Chosen dates: the period shown is where they start; "Show" puts them in the address.
  // click, not check: the radio shows the address's period, which the router changes a moment after the click.
  await page.getByRole("radio", { name: t.custom }).click();
  await page.waitForURL(/\?from=\d{4}-\d{2}-\d{2}&to=/);
  await page.getByLabel(t.from, { exact: true }).fill("2026-10-01");
  await page.getByLabel(t.to, { exact: true }).fill("2026-10-07");
  await page.getByRole("button", { name: t.show, exact: true }).click();
  await page.waitForURL(/\?from=2026-10-01&to=2026-10-07$/);
  await page.locator(".key-figures").waitFor();

  // A shared link opens the same period in a fresh page; its report is of the period's last day and returns to it.
  const shared = await product.newPage(DESKTOP);
  await shared.context().addCookies(await page.context().cookies());
  await shared.goto(page.url());
  await shared.locator(".key-figures").waitFor();
  assert.equal(await shared.getByLabel(t.from, { exact: true }).inputValue(), "2026-10-01");
  assert.equal(await shared.getByLabel(t.to, { exact: true }).inputValue(), "2026-10-07");
  await shared.getByRole("link", { name: t.endOfDay, exact: true }).click();
  await shared.waitForURL(/end-of-day\?from=2026-10-01&to=2026-10-07&date=2026-10-07$/);
  assert.equal(await shared.getByLabel("Dato", { exact: true }).inputValue(), "2026-10-07");
  await shared.getByLabel("Dato", { exact: true }).fill("2026-10-05");
  await shared.waitForURL(/&date=2026-10-05$/);
  await shared.reload();
  assert.equal(await shared.getByLabel("Dato", { exact: true }).inputValue(), "2026-10-05", "a reload keeps the day");
  await shared.getByRole("link", { name: "Tilbage til tal" }).click();
  await shared.waitForURL(/\/figures\?from=2026-10-01&to=2026-10-07$/);
  await shared.locator(".key-figures").waitFor();
  await shared.goBack();
  await shared.waitForURL(/end-of-day/);
  await shared.locator(".report-sheet").waitFor();
  await shared.close();

  // An address that cannot be shown: today's figures, said so, nothing broken; choosing a period clears it.
  for (const bad of ["?from=2026-10-07&to=2026-10-01", "?period=forever", "?from=2026-02-30&to=2026-03-02"]) {
    await page.goto(`${figuresUrl}${bad}`);
    await page.locator(".key-figures").waitFor();
    assert.equal(await checked("I dag"), true, `${bad} shows today`);
    await page.getByText("Adressen nævner en periode, der ikke kan vises").waitFor();
  }
  await axeClean(page, "figures, an address that cannot be shown, da-DK");
  await screenshot(page, "figures-desktop-da-DK-bad-address");
  await page.getByRole("radio", { name: t.yesterday }).click();
  await page.waitForURL(/\?period=yesterday$/);
  assert.equal(await page.getByText("Adressen nævner en periode").count(), 0);
  await page.goto(`${figuresUrl}/end-of-day?date=2026-02-30`);
  await page.locator(".report-sheet").waitFor();
  await page.getByText("Adressen nævner en dato, der ikke findes").waitFor();
  await page.close();
});

// At 1440 px the hour table stretched across the 900 px card: each figure a third of a screen from its hour.
test("the hour table keeps its columns together: at most 30rem wide at 390, 1180 and 1440 px, inside its card, both languages", async () => {
  for (const language of ["da-DK", "en-US"]) {
    const page = await figuresPage(PHONE, language, restaurantId);
    for (const width of [390, 1180, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByText(TEXT[language].showTable).click();
      const layout = await page.locator(".hour-table table").evaluate((table) => {
        const card = table.closest(".hour-chart").getBoundingClientRect();
        const box = table.getBoundingClientRect();
        return {
          width: box.width,
          inside: box.left >= card.left && box.right <= card.right,
          rem: Number.parseFloat(getComputedStyle(document.documentElement).fontSize),
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        };
      });
      const where = `${language} at ${width} px`;
      assert.ok(layout.width <= 30 * layout.rem + 0.5, `${where}: the table is ${layout.width} px wide`);
      assert.ok(layout.inside, `${where}: the table inside its card`);
      assert.equal(layout.overflow, 0, `${where}: no sideways scroll`);
      await screenshot(page, `figures-hour-table-${width}-${language}`);
      await page.getByText(TEXT[language].showTable).click();
    }
    await page.close();
  }
});

/**
 * Each "10:00–11:00" in `selector`'s text: on how many lines it is drawn (a Range over its characters, across the
 * text nodes it spans).
 */
const hourSpanLines = (page, selector) =>
  page.locator(selector).evaluateAll((elements) =>
    elements.flatMap((element) => {
      const nodes = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
      const text = nodes.map((node) => node.data).join("");
      const at = (offset) => {
        for (const node of nodes) {
          if (offset <= node.data.length) return [node, offset];
          offset -= node.data.length;
        }
        throw new Error("offset past the text");
      };
      return [...text.matchAll(/\d\d:00–\d\d:00/g)].map((match) => {
        const range = document.createRange();
        range.setStart(...at(match.index));
        range.setEnd(...at(match.index + match[0].length));
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return { span: match[0], lines: tops.size };
      });
    }),
  );

// At 390 px the chart's summary broke "10:00–11:00" after its dash, one hour on each line; and a best-seller's
// "3 237.00 DKK" stood 8 px from its quantity, read as one number.
test("figures at 390 px, both languages: no hour span broken across lines; the money column a clear gap from the quantity", async () => {
  for (const language of ["da-DK", "en-US"]) {
    const page = await figuresPage({ width: 390, height: 844 }, language, restaurantId);
    await page.getByText(TEXT[language].showTable).click();
    // Where a line ends depends on the day's numbers: every phone width from 320 to 430 px puts the span's dash
    // at some line's end for some text.
    for (let width = 320; width <= 430; width += 5) {
      await page.setViewportSize({ width, height: 844 });
      const spans = await hourSpanLines(page, ".hour-chart figcaption p, .hour-table tbody th");
      assert.ok(spans.length >= 2, `${language}: the summary's and the table's hours`);
      for (const { span, lines } of spans) assert.equal(lines, 1, `${language} at ${width} px: ${span} on one line`);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    const gaps = await page.locator(".figures-table tbody tr:has(td:nth-child(3))").evaluateAll((rows) =>
      rows.map((row) => {
        const textBox = (cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          return range.getBoundingClientRect();
        };
        const [quantity, money] = [row.cells[1], row.cells[2]];
        return {
          money: money.textContent,
          gap: textBox(money).left - textBox(quantity).right,
          inside: textBox(money).right <= row.closest(".figures-table").getBoundingClientRect().right,
        };
      }),
    );
    assert.ok(gaps.length >= 1, `${language}: a best-seller`);
    for (const { money, gap, inside } of gaps) {
      assert.ok(gap >= 16, `${language}: ${money} is ${gap} px from its quantity`);
      assert.ok(inside, `${language}: ${money} inside its card`);
    }
    await screenshot(page, `figures-390-${language}-spans-and-money`);
    await page.close();
  }
});

// At 1440 px the end-of-day report's tables stretched across the 900 px page: a method's amount a third of a screen
// from its name. They keep to the figures page's hour table's 30rem.
test("end-of-day report at 1440 px, both languages: each table at most 30rem wide, inside its card", async () => {
  for (const language of ["da-DK", "en-US"]) {
    const page = await figuresPage({ width: 1440, height: 900 }, language, restaurantId);
    await page.getByRole("link", { name: TEXT[language].endOfDay, exact: true }).click();
    await page.locator(".report-sheet").waitFor();
    const tables = await page.locator(".report-sheet .figures-table table").evaluateAll((tables) =>
      tables.map((table) => {
        const card = table.closest(".figures-table").getBoundingClientRect();
        const box = table.getBoundingClientRect();
        return {
          caption: table.caption?.textContent,
          width: box.width,
          inside: box.left >= card.left && box.right <= card.right,
          rem: Number.parseFloat(getComputedStyle(document.documentElement).fontSize),
        };
      }),
    );
    assert.ok(tables.length >= 3, `${language}: the report's tables`);
    for (const table of tables) {
      assert.ok(table.width <= 30 * table.rem + 0.5, `${language}: ${table.caption} is ${table.width} px wide`);
      assert.ok(table.inside, `${language}: ${table.caption} inside its card`);
    }
    await screenshot(page, `figures-end-of-day-1440-${language}`);
    await page.close();
  }
});

test("English, phone and desktop: figures and the end-of-day report", async () => {
  const t = TEXT["en-US"];
  const page = await figuresPage(PHONE, "en-US", restaurantId);
  for (const [viewport, size] of [
    [PHONE, "phone"],
    [DESKTOP, "desktop"],
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(product.url("localhost", `/admin/restaurants/${restaurantId}/figures`));
    await page.locator(".key-figures").waitFor();
    assert.match(await keyValue(page, "Sales").textContent(), t.money);
    await page.getByRole("img", { name: new RegExp(t.chart) }).waitFor();
    // "Period" stood 2 px right of the heading above it and the first period's button below it.
    const left = (locator) =>
      locator.evaluate((element) => {
        const text = document.createRange();
        text.selectNodeContents(element);
        return text.getBoundingClientRect().left;
      });
    const legend = await left(page.locator(".presets legend"));
    assert.equal(
      legend,
      await left(page.getByRole("heading", { level: 2, name: "Figures" })),
      `${size}: Period's left`,
    );
    const today = await page
      .locator(".preset-options > *")
      .first()
      .evaluate((pill) => pill.getBoundingClientRect().left);
    assert.equal(legend, today, `${size}: Period over Today's edge`);
    await axeClean(page, `figures, ${size}, en-US`);
    await screenshot(page, `figures-${size}-en-US`);
    await page.getByRole("link", { name: t.endOfDay, exact: true }).click();
    await page.locator(".report-sheet").waitFor();
    // When it was made, in the time style of its hour table and the order screens: 24-hour HH:MM, never "10:15 AM".
    assert.match(
      await page.locator(".report-sheet header p.muted").textContent(),
      /· Made [A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$/,
    );
    await axeClean(page, `end-of-day, ${size}, en-US`);
    await screenshot(page, `figures-end-of-day-${size}-en-US`);
  }
  await page.close();
});
