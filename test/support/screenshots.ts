// Screenshots of the app's pages for docs/screenshots/, at a desktop and a
// phone width. Written only when CUTOUT_SCREENSHOTS is set, so a plain test
// run leaves the working tree alone. CUTOUT_SCREENSHOTS_FULL=<folder> also
// saves whole-page shots there, for reviewing what lies below the fold.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;

const folder = join(import.meta.dirname, '..', '..', 'docs', 'screenshots');

export const screenshotsWanted = Boolean(process.env.CUTOUT_SCREENSHOTS);
const fullFolder = process.env.CUTOUT_SCREENSHOTS_FULL;

/**
 * Saves `<name>-<width>.png` at each viewport, then puts the desktop size back.
 * `prepare` runs after each resize (scroll something into view, wait for layout).
 */
export async function saveScreenshots(page: Page, name: string, prepare: () => Promise<void> = async () => {}): Promise<void> {
  if (!screenshotsWanted) return;
  mkdirSync(folder, { recursive: true });
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await prepare();
    // Let transitions and lazy images settle.
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(folder, `${name}-${viewport.width}.png`) });
    if (fullFolder) {
      mkdirSync(fullFolder, { recursive: true });
      await page.screenshot({ path: join(fullFolder, `${name}-${viewport.width}-full.png`), fullPage: true });
    }
  }
  await page.setViewportSize(VIEWPORTS[0]);
}
