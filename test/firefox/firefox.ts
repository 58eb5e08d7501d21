// Launches Debian's Firefox ESR through puppeteer-core over WebDriver BiDi,
// and drives the app in it: open a page under the service worker, make a key.
// Never downloads a browser: the executable is the one apt installed.
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { Page as PlaywrightPage } from 'playwright-core';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

// Puppeteer's default profile already silences most background traffic; these
// cover the rest that would otherwise try the network (there is none here).
const PREFS: Record<string, unknown> = {
  'app.update.auto': false,
  'app.update.enabled': false,
  'toolkit.telemetry.enabled': false,
  'toolkit.telemetry.unified': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'browser.ping-centre.telemetry': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'extensions.systemAddon.update.enabled': false,
};

export function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    // Puppeteer makes a fresh profile in the temp folder and removes it on close.
    extraPrefsFirefox: PREFS,
    env: { ...process.env, MOZ_HEADLESS: '1' },
    protocolTimeout: 300_000,
  });
}

export interface AppPage {
  page: Page;
  /** Uncaught errors the page has thrown since it opened, as they come. */
  pageErrors: string[];
  /** The app's console warnings (a download fetched again, a job's worker replaced), to explain a failure. */
  warnings: string[];
  /** What the page and its workers logged with console.error. */
  consoleErrors: string[];
}

export async function openApp(browser: Browser, baseUrl: string, path = '/'): Promise<AppPage> {
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  const pageErrors: string[] = [];
  const warnings: string[] = [];
  const consoleErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push((error as Error).message ?? String(error)));
  page.on('console', (message) => {
    if (message.type() === 'warn') warnings.push(message.text());
    if (message.type() === 'error') consoleErrors.push(message.text());
    if (process.env.FIREFOX_CONSOLE) console.log(`[firefox ${message.type()}]`, message.text());
  });
  await page.goto(baseUrl + path);
  await waitForServiceWorker(page);
  return { page, pageErrors, warnings, consoleErrors };
}

export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null && self.crossOriginIsolated, {
    timeout: 90_000,
    polling: 250,
  });
}

/** Presses "Create API key" on the Developer page and reads the key it shows. */
export async function createKeyInUi(page: Page): Promise<string> {
  await page.locator('button::-p-text(Create API key)').click();
  const shown = await page.waitForFunction(() => document.querySelector('[data-testid="new-api-key"]')?.textContent?.trim() || null, {
    timeout: 10_000,
    polling: 100,
  });
  return (await shown.jsonValue()) as string;
}

/**
 * The one Page method the shared helpers (callApi, loadImageInPage,
 * renderScene, renderClipFrames) use, served by a Puppeteer page, so Firefox
 * runs the very same in-page code as the Chromium suite.
 */
export function evaluatorOf(page: Page): Pick<PlaywrightPage, 'evaluate'> {
  const evaluate = (fn: (arg: unknown) => unknown, arg: unknown) => page.evaluate(fn, arg);
  return { evaluate: evaluate as PlaywrightPage['evaluate'] };
}
