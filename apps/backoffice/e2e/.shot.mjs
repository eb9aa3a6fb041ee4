import { chromium } from "playwright-core";

const [url, out, w, h] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await (await browser.newContext({ viewport: { width: Number(w), height: Number(h) } })).newPage();
page.on("console", (m) => console.log("console:", m.type(), m.text()));
page.on("pageerror", (e) => console.log("pageerror:", e.message));
await page.goto(url);
await page.waitForTimeout(1500);
console.log(page.url());
await page.screenshot({ path: out, fullPage: true });
await browser.close();
