// Browser tests: the real server (npm start) on a fresh DATA_DIR, driven in Debian's Chromium.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const port = 3900 + Math.floor(Math.random() * 90);
const dataDir = mkdtempSync(join(tmpdir(), "e2e-"));
// The server's own output goes to a file, printed only when the server fails to come up.
const serverLog = join(tmpdir(), `e2e-server-${port}.log`);
let server;
let browser;

before(async () => {
  server = spawn(process.execPath, [join(root, "scripts/start.mjs")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", openSync(serverLog, "w"), openSync(serverLog, "a")],
    detached: true,
  });
  try {
    await waitForServer(`http://127.0.0.1:${port}/api/module/domain/localhost`, 180_000);
  } catch (error) {
    console.error(readFileSync(serverLog, "utf8"));
    throw error;
  }
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
});

after(async () => {
  await browser?.close();
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

async function waitForServer(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs} ms`);
}

async function openPage(host) {
  const page = await browser.newPage();
  await page.goto(`http://${host}:${port}/`);
  await page.getByRole("heading", { level: 1 }).waitFor();
  return page;
}

test("the front page of restaurant A shows its name and at least six category tiles", async () => {
  const page = await openPage("localhost");
  assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "Hvad har du lyst til?");
  await page.locator(".category-tile").first().waitFor();
  assert.ok((await page.locator(".category-tile").count()) >= 5);
  const name = await page.locator(".logo span").textContent();
  const b = await openPage("127.0.0.1");
  assert.notEqual(await b.locator(".logo span").textContent(), name, "restaurant B has another name");
  await page.close();
  await b.close();
});

test("the language button switches the interface to English", async () => {
  const page = await openPage("localhost");
  await page.getByRole("button", { name: "Switch to English" }).click();
  await page.getByRole("heading", { name: "What do you feel like?" }).waitFor();
  await page.close();
});

test("an unknown path redirects to /notfound", async () => {
  const page = await browser.newPage();
  await page.goto(`http://localhost:${port}/no/such/page`);
  await page.waitForURL(/\/notfound$/);
  await page.close();
});

test("the front page has no serious accessibility violations (axe-core)", async () => {
  const page = await openPage("localhost");
  await page.locator(".category-tile").first().waitFor();
  await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  const serious = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(
    serious.map((v) => `${v.id}: ${v.help}`),
    [],
  );
  await page.close();
});
