import { chromium } from "playwright-core";
const [,, file, out] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.goto(`file://${file}`);
const height = await page.evaluate(() => document.body.scrollHeight);
for (let y = 0, i = 0; y < height; y += 1400, i += 1) {
  await page.screenshot({ path: `${out}-${i}.png`, fullPage: true, clip: { x: 0, y, width: 1280, height: Math.min(1400, height - y) } });
}
await browser.close();
