// The back office's browser tests' harness: the storefront's (apps/storefront/e2e/harness.mjs: the real product by
// `npm start` on a fresh DATA_DIR and a free port, Debian's Chromium, console errors and CSP violations recorded,
// axe-core) plus what the back office needs beside it: the outbox's emailed links, the README's demo logins,
// keyboard-only moves, and screenshots of every page (BACKOFFICE_SHOTS, else e2e/artifacts).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";
import { chromium } from "playwright-core";
import { checkSecondTimeOfFirstDateWithTwo, seriousAxeViolations } from "../../storefront/e2e/harness.mjs";

export { DESKTOP, PHONE, seriousAxeViolations } from "../../storefront/e2e/harness.mjs";

/**
 * A guest's pickup time the kitchen can still make when the order is placed, in Danish: the second time of the
 * first date that has two (late in the evening today has one or none, and tomorrow is chosen).
 */
export async function chooseDanishPickupTime(page) {
  await checkSecondTimeOfFirstDateWithTwo({
    dates: page.getByRole("group", { name: "Dato" }).getByRole("radio"),
    times: page.getByRole("radio", { name: /^\d\d:\d\d$/ }),
    noTimes: page.getByText("Beklager, der er ingen ledige tidspunkter"),
  });
}

/** A tablet in portrait (an iPad Air's 820×1180): the back office's kitchen and order screens' size. */
export const TABLET = { width: 820, height: 1180 };

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");
export const screenshotDir = process.env.BACKOFFICE_SHOTS ?? join(dirname(fileURLToPath(import.meta.url)), "artifacts");

/** `env`: more of the server's environment (e.g. SECRETS_KEY), over the harness's own. */
export function createHarness({ env = {} } = {}) {
  // Its own port range beside the storefront's files (20 000–39 999), which run at the same time.
  const port = 40_000 + (process.pid % 20_000);
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-backoffice-"));
  const serverLog = join(tmpdir(), `e2e-server-${port}.log`);
  let server;
  let browser;
  const cspViolations = [];
  const consoleErrors = [];

  async function start() {
    server = spawn(process.execPath, [join(root, "scripts/start.mjs")], {
      cwd: root,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", openSync(serverLog, "w"), openSync(serverLog, "a")],
      detached: true,
    });
    const deadline = Date.now() + 180_000;
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/admin/`)).ok) break;
      } catch {}
      if (server.exitCode !== null || Date.now() > deadline) {
        console.error(readFileSync(serverLog, "utf8"));
        throw new Error("the server did not come up");
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-sync"],
    });
  }

  async function stop() {
    await browser?.close();
    if (server?.pid && server.exitCode === null) {
      // Its data goes once it has shut down: PGlite closing on a removed folder aborts ("shutdown failed").
      const exited = once(server, "exit");
      process.kill(-server.pid, "SIGTERM");
      await Promise.race([exited, delay(15_000, undefined, { ref: false })]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }

  async function newPage(viewport) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
      });
    });
    page.on("console", (message) => {
      if (/content security policy|CSP violation/i.test(message.text())) cspViolations.push(message.text());
      else if (message.type() === "error" && !isExpectedRefusal(message.text()))
        consoleErrors.push(`${page.url()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
    // A form with unsaved typing asks before the page unloads; a test that moves on leaves (Playwright's own
    // answer, with no listener, would be to stay). The back office opens no other native dialog.
    page.on("dialog", (dialog) => void (dialog.type() === "beforeunload" ? dialog.accept() : dialog.dismiss()));
    page.on("close", () => void context.close().catch(() => {}));
    return page;
  }

  /** The newest emailed link to the back office for `email` (DATA_DIR/outbox/*.eml, quoted-printable undone). */
  function linkEmailedTo(email) {
    const outbox = join(dataDir, "outbox");
    const mails = existsSync(outbox)
      ? readdirSync(outbox)
          .filter((name) => name.endsWith(".eml"))
          .map((name) => join(outbox, name))
          .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
      : [];
    for (const file of mails) {
      const text = readFileSync(file, "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/gi, "=");
      if (!text.toLowerCase().includes(email.toLowerCase())) continue;
      const link = /https?:\/\/[^\s"<>]+\/admin\/link\/[A-Za-z0-9_-]+/.exec(text);
      if (link) return new URL(link[0]).pathname;
    }
    throw new Error(`no link emailed to ${email} in ${outbox}`);
  }

  return {
    url: (host, path = "/") => `http://${host}:${port}${path}`,
    /** Everything the server wrote to stdout and stderr. */
    serverLog: () => readFileSync(serverLog, "utf8"),
    start,
    stop,
    newPage,
    linkEmailedTo,
    cspViolations,
    consoleErrors,
  };
}

/**
 * The back office's refusals it shows a message for (a wrong password, a taken host, a low contrast, 401 at start,
 * 403 to a kitchen account on a manager's page).
 */
function isExpectedRefusal(text) {
  return /Failed to load resource: the server responded with a status of (400|401|403|404|409|422)/.test(text);
}

/**
 * README's demo logins: lines of exactly ``Owner login A: `email` / `password` `` (issue 43); where README does not
 * list them yet, the demo seed's own (packages/db/src/seed/demo-staff.ts, restaurants in the order A, B).
 */
export function demoLogin(kind, restaurant) {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const line = new RegExp(`${kind} login ${restaurant}: \`([^\`]+)\` / \`([^\`]+)\``).exec(readme);
  if (line) return { email: line[1], password: line[2] };
  const seed = readFileSync(join(root, "packages/db/src/seed/demo-staff.ts"), "utf8");
  const role = kind === "Owner" ? "owner" : "kitchen";
  const accounts = [
    ...seed.matchAll(new RegExp(`${role}: \\{\\s*email: "([^"]+)",[\\s\\S]*?password: "([^"]+)"`, "g")),
  ];
  const account = accounts[restaurant === "A" ? 0 : 1];
  if (!account) throw new Error(`no ${kind} login ${restaurant} in README or the demo seed`);
  return { email: account[1], password: account[2] };
}

/** The sign-in form's names in each language (backoffice.e2e pins the form itself). */
const SIGN_IN_FORM = {
  "da-DK": { email: "E-mail", password: "Adgangskode", signIn: "Log ind" },
  "en-US": { email: "Email", password: "Password", signIn: "Sign in" },
};

/**
 * Signs `login` in through the back office's own form, as its people do, in `language`: chosen with the form's
 * language button unless the page already shows it (a test may have set it before the page loaded). Resolves once
 * the browser has left the sign-in page.
 */
export async function signIn(page, product, login, language = "da-DK") {
  const form = SIGN_IN_FORM[language];
  await page.goto(product.url("localhost", "/admin/sign-in"));
  await page.locator("input[type=email]").waitFor();
  if ((await page.evaluate(() => document.documentElement.lang)) !== language) {
    await page.getByRole("button", { name: language === "en-US" ? "English" : "Dansk" }).click();
  }
  await page.getByLabel(form.email, { exact: true }).fill(login.email);
  await page.getByLabel(form.password, { exact: true }).fill(login.password);
  await page.getByRole("button", { name: form.signIn }).click();
  await page.waitForURL((url) => !url.pathname.endsWith("/sign-in"));
}

/**
 * Moves the focus with Tab (Shift+Tab when `back`) until `target` has it: how a keyboard user gets there. Fails
 * when it is not reachable within `limit` presses.
 */
export async function tabTo(page, target, { back = false, limit = 80 } = {}) {
  await target.waitFor({ state: "attached", timeout: 10_000 });
  for (let presses = 0; presses < limit; presses++) {
    const focused = await target.evaluate((element) => element === document.activeElement, undefined, {
      timeout: 2_000,
    });
    if (focused) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`could not reach ${target} with the keyboard`);
}

/**
 * The header's Menu button on a phone (below 48rem the header's links, account and language are in its panel), or
 * null on a wider screen, where they are in the header itself.
 */
export async function headerMenuButton(page) {
  const button = page.locator(".app-header .menu-button");
  return (await button.isVisible()) ? button : null;
}

/** Opens the phone header's menu (by keyboard: Tab back to its button, Enter); nothing on a wider screen. */
export async function openHeaderMenu(page, { keyboard = false } = {}) {
  const button = await headerMenuButton(page);
  if (!button || (await button.getAttribute("aria-expanded")) === "true") return;
  if (keyboard) {
    await tabTo(page, button, { back: true });
    await page.keyboard.press("Enter");
  } else await button.click();
  await page.locator(".phone-menu-panel").waitFor();
}

/** Replaces a focused text field's value by keyboard (select all, type). */
export async function retype(page, text) {
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

/**
 * Each of the buttons `locator` finds: its label, top, size, how many lines its label takes, whether its text is cut
 * off, and the words broken across lines (what a layout check at a phone's or a tablet's width asks of them).
 */
export function buttonLayout(locator) {
  return locator.evaluateAll((buttons) =>
    buttons.map((button) => {
      const box = button.getBoundingClientRect();
      const lineTops = new Set();
      const brokenWords = [];
      const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of node.data.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const rects = [...range.getClientRects()];
          if (rects.length > 1) brokenWords.push(word[0]);
          for (const rect of rects) lineTops.add(Math.round(rect.top));
        }
      }
      return {
        label: button.textContent,
        top: Math.round(box.top),
        width: box.width,
        height: box.height,
        lines: lineTops.size,
        cutOff: button.scrollWidth > button.clientWidth || button.scrollHeight > button.clientHeight,
        brokenWords,
      };
    }),
  );
}

export async function screenshot(page, name) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

/** The page has settled (its heading, no loading line): axe finds nothing serious on it; then its screenshot. */
export async function settled(page, name) {
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await page
    .locator(".loading")
    .first()
    .waitFor({ state: "detached" })
    .catch(() => {});
  assert.deepEqual(await seriousAxeViolations(page), [], `axe on ${name}`);
  await screenshot(page, name);
}

/** A small solid PNG (RGB, 8 bit): the logo to upload, made here so the test needs no file. */
export function solidPng(size, [r, g, b]) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buffer) => {
    let c = 0xffffffff;
    for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Every answer's body the page received, read as text once it has arrived. */
export function recordAnswers(page) {
  const bodies = [];
  page.on("response", (response) => {
    bodies.push(
      response
        .text()
        .then((body) => `${response.url()}\n${JSON.stringify(response.headers())}\n${body}`)
        .catch(() => ""),
    );
  });
  return async () => (await Promise.all(bodies)).join("\n");
}

/** Asks `check` every 100 ms until it answers something truthy, which it answers, or fails naming `what`. */
export async function until(check, what, timeoutMs = 3_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Where the links of a row that scrolls sideways lie (the restaurant's sections, the menu editor's parts): how many
 * rows they take, whether all, the current and the focused one are inside the row's box, and how far the page
 * itself overflows sideways.
 */
export const scrollRowLayout = (nav) =>
  nav.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const inView = (link) => {
      const r = link?.getBoundingClientRect();
      return Boolean(r) && r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
    };
    const links = [...element.querySelectorAll("a")];
    return {
      rows: new Set(links.map((link) => Math.round(link.getBoundingClientRect().top))).size,
      allInView: links.every(inView),
      currentInView: inView(element.querySelector('[aria-current="page"]')),
      focusedInView: element.contains(document.activeElement) && inView(document.activeElement),
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });

/**
 * Restaurant A's storefront API as a guest's browser calls it (a guest token of its production unit), on the
 * harness `product`: `json` reads an answer (throwing on any but a 2xx), `get` and `post` call a path.
 */
export async function guestApi(product) {
  const json = async (res) => {
    const text = await res.text();
    if (!res.ok) throw new Error(`${res.status} ${res.url}: ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const url = (path) => product.url("localhost", path);
  const module = await json(await fetch(url("/api/module/domain/localhost")));
  const { token } = await json(await fetch(url(`/api/token/${module.productionUnitId}`)));
  const auth = { authorization: `Bearer ${token}` };
  const get = async (path) => json(await fetch(url(path), { headers: auth }));
  const post = (path, body) =>
    fetch(url(path), {
      method: "POST",
      headers: body ? { ...auth, "content-type": "application/json" } : auth,
      body: body ? JSON.stringify(body) : undefined,
    });
  return { module, json, get, post };
}

/** The first pickup time still free today, else tomorrow (Copenhagen dates), of a checkout opened by `guestApi`. */
export async function firstPickupSlot(api, checkoutId) {
  for (const daysAhead of [0, 1]) {
    const date = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Copenhagen" }).format(
      new Date(Date.now() + daysAhead * 86_400_000),
    );
    const slots = await api.json(
      await api.post(`/api/availableordertime/${checkoutId}`, {
        productionUnitId: api.module.productionUnitId,
        date,
        capacityInstanceId: api.module.capacityInstanceId,
      }),
    );
    const slot = slots.find((s) => s.isAvailable);
    if (slot) return slot;
  }
  throw new Error("no pickup time today or tomorrow");
}

/**
 * An order of restaurant A (its first product without required options, paid at pickup) placed over the guest API
 * as the storefront places it, on the harness `product`; answers its receipt number.
 */
export async function placePickupOrder(product) {
  const api = await guestApi(product);
  const [menu] = await api.get(`/api/menu?instanceId=${api.module.menuInstanceId}`);
  const categories = await api.get(`/api/category/menu/${menu.id}?instanceId=${api.module.productInstanceId}`);
  const basket = await api.get("/api/basket");
  for (const item of categories.flatMap((category) => category.products)) {
    if ((await api.post(`/api/basket/${basket.id}/products`, { productId: item.productId, amount: 1, choices: [] })).ok)
      break;
  }
  const guest = { name: "Søren Kierkegaard-Østergaard", email: "soren@example.dk" };
  const orderId = await orderBasketForPickup(product, api, basket.id, guest);
  return (await api.get(`/api/order/${orderId}`)).receipt.number;
}

/**
 * The order of a filled basket, as the storefront places it: a checkout, the guest (`name`, `email`) with the first
 * free pickup time, payment at pickup, finalized; `validate` first asks the order validation the storefront asks
 * before paying. Answers the order's id.
 */
export async function orderBasketForPickup(product, api, basketId, { name, email, validate = false }) {
  const checkout = await api.json(
    await api.post(`/api/checkout?instanceId=${api.module.checkoutInstanceId}&moduleId=${api.module.id}`),
  );
  await api.json(await api.post(`/api/checkout/${checkout.id}/basket?basketId=${basketId}`));
  const slot = await firstPickupSlot(api, checkout.id);
  await api.json(
    await api.post(`/api/checkout/${checkout.id}/guestInformation`, {
      name,
      phone: "12345678",
      email,
      orderReadyTime: slot.time,
    }),
  );
  if (validate) {
    await api.json(
      await api.post(`/api/order/validate?checkoutId=${checkout.id}`, {
        productionUnitId: api.module.productionUnitId,
      }),
    );
  }
  const query = new URLSearchParams({
    moduleId: String(api.module.id),
    continuationUrl: product.url("localhost", `/payment/${checkout.id}`),
    cancellationUrl: product.url("localhost", "/checkout"),
    paymentMethods: "pickup",
  });
  await api.json(await api.post(`/api/checkout/${checkout.id}/payment?${query}`));
  return (await api.json(await api.post(`/api/checkout/${checkout.id}/finalize`))).orderId;
}
