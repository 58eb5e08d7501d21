// Renders public/icons/icon.svg to the PNG icons the web app manifest lists,
// with headless Chromium. Run after changing the SVG; the PNGs are committed.
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const svg = readFileSync('public/icons/icon.svg', 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage();
for (const [file, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
]) {
  // A maskable icon keeps its content in the central 80 %, on a full-bleed background.
  const inner = maskable ? size * 0.8 : size;
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${maskable ? '#4a3bdc' : 'transparent'}">` +
      `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${inner}" height="${inner}"></body>`,
  );
  writeFileSync(`public/icons/${file}`, await page.screenshot({ omitBackground: !maskable }));
  console.log(`wrote public/icons/${file}`);
}
await browser.close();
