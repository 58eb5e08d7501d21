// Drives WebKit, the engine of Safari, through Debian's WebKitGTK: its
// MiniBrowser, started by WebKitWebDriver (apt webkit2gtk-driver) and driven
// over W3C WebDriver by selenium-webdriver, on a virtual display (apt xvfb).
// A WebDriver session is ephemeral, as a private window is. Never downloads a
// browser or a driver: the session is asked of the driver started here.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Builder, By, until, type WebDriver } from 'selenium-webdriver';
import type { Page } from 'playwright-core';
import { freePort } from '../support/server';

/** MiniBrowser ships inside WebKitGTK's library folder, named for the machine's architecture. */
export function miniBrowserPath(): string {
  if (process.env.MINIBROWSER_PATH) return process.env.MINIBROWSER_PATH;
  for (const lib of readdirSync('/usr/lib')) {
    for (const version of ['webkit2gtk-4.1', 'webkitgtk-6.0', 'webkit2gtk-4.0']) {
      const path = join('/usr/lib', lib, version, 'MiniBrowser');
      if (existsSync(path)) return path;
    }
  }
  throw new Error('no WebKitGTK MiniBrowser under /usr/lib: apt-get install webkit2gtk-driver');
}

export interface Display {
  name: string;
  stop(): void;
}

/** A virtual X display on a free number (Xvfb picks it and says which). */
export function startDisplay(): Promise<Display> {
  return new Promise((resolve, reject) => {
    const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
    let said = '';
    xvfb.once('error', reject);
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('\n')) resolve({ name: `:${said.trim()}`, stop: () => void xvfb.kill() });
    });
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it named its display`)));
  });
}

async function waitForPort(port: number, deadline: number): Promise<void> {
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/status`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`WebKitWebDriver did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface WebKit {
  driver: WebDriver;
  /** Runs `fn(arg)` in the page and awaits it: the shape the shared helpers take (callApi, renderScene…). */
  evaluate: Page['evaluate'];
  close(): Promise<void>;
}

export async function launchWebKit(): Promise<WebKit> {
  const display = await startDisplay();
  const port = await freePort();
  const server: ChildProcess = spawn('WebKitWebDriver', [`--port=${port}`], { stdio: 'ignore', env: { ...process.env, DISPLAY: display.name } });
  try {
    await waitForPort(port, Date.now() + 20_000);
    const driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: miniBrowserPath(), args: ['--automation'] } })
      .build();
    await driver.manage().setTimeouts({ script: 600_000, pageLoad: 120_000 });
    const evaluate = async (fn: (arg: unknown) => unknown, arg?: unknown) => {
      const answer = (await driver.executeAsyncScript(
        `const done = arguments[arguments.length - 1];
         Promise.resolve().then(() => (${fn.toString()})(arguments[0]))
           .then((value) => done({ value }), (error) => done({ error: String((error && error.stack) || error) }));`,
        arg,
      )) as { value?: unknown; error?: string };
      if (answer.error !== undefined) throw new Error(`in WebKit: ${answer.error}`);
      return answer.value;
    };
    return {
      driver,
      evaluate: evaluate as Page['evaluate'],
      async close() {
        await driver.quit().catch(() => {});
        server.kill();
        display.stop();
      },
    };
  } catch (error) {
    server.kill();
    display.stop();
    throw error;
  }
}

/** Opens a page of the app and waits until its service worker controls it (cross-origin isolated). */
export async function openApp(webkit: WebKit, baseUrl: string, path = '/'): Promise<void> {
  await webkit.driver.get(baseUrl + path);
  await waitFor(webkit, () => navigator.serviceWorker.controller !== null && self.crossOriginIsolated, 90_000, 'the service worker to take control');
}

/** Polls `check` in the page until it is true. */
export async function waitFor(webkit: WebKit, check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await webkit.evaluate(check))) {
    if (Date.now() > deadline) throw new Error(`WebKit: waited ${timeoutMs / 1000} s for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Waits for the engine badge to say Ready (the model built), or says what it said instead. */
export async function engineReady(webkit: WebKit, timeoutMs = 180_000): Promise<void> {
  try {
    await waitFor(webkit, () => /Ready/.test(document.querySelector('header')?.textContent ?? ''), timeoutMs, 'the engine');
  } catch (error) {
    const header = await webkit.evaluate(() => document.querySelector('header')?.textContent ?? '(no header)');
    throw new Error(`${(error as Error).message}; the header said "${header}"`, { cause: error });
  }
}

/** Presses "Create API key" on the Developer page and reads the key it shows. */
export async function createKeyInUi(webkit: WebKit): Promise<string> {
  await webkit.driver.findElement(By.xpath("//button[normalize-space(.)='Create API key']")).click();
  const shown = await webkit.driver.wait(until.elementLocated(By.css('[data-testid="new-api-key"]')), 10_000);
  return (await shown.getText()).trim();
}

/**
 * What WebKit's console says while each page loads, in a MiniBrowser of its
 * own (WebDriver sessions have no console to read): its console is written to
 * its output. One profile for all the pages, as a person's browser
 * keeps one: the first page installs the service worker and builds the model.
 * A page has loaded once the engine reports ready (src/app/boot.ts).
 * Returns every console error and uncaught error line, with its page.
 */
export async function consoleErrorsOnLoad(baseUrl: string, paths: readonly string[], timeoutMs = 180_000): Promise<string[]> {
  const display = await startDisplay();
  const profile = mkdtempSync(join(tmpdir(), 'cutout-webkit-'));
  const env = {
    ...process.env,
    DISPLAY: display.name,
    XDG_DATA_HOME: join(profile, 'data'),
    XDG_CACHE_HOME: join(profile, 'cache'),
    XDG_CONFIG_HOME: join(profile, 'config'),
  };
  const errors: string[] = [];
  try {
    for (const path of paths) {
      const browser = spawn(miniBrowserPath(), ['--enable-write-console-messages-to-stdout=true', baseUrl + path], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      const ready = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`WebKit: ${path} did not report its engine ready within ${timeoutMs / 1000} s:\n${output}`)), timeoutMs);
        // Console lines come on either stream.
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          if (/CONSOLE DEBUG \[engine\] ready/.test(output)) {
            clearTimeout(timer);
            resolve();
          }
        };
        browser.stdout!.on('data', read);
        browser.stderr!.on('data', read);
      });
      try {
        await ready;
        // A moment for what a page does once idle (the first job poll).
        await new Promise((r) => setTimeout(r, 1000));
      } finally {
        browser.kill();
      }
      errors.push(...output.split('\n').filter((line) => /CONSOLE (ERROR|ASSERT)/.test(line)).map((line) => `${path}: ${line}`));
    }
  } finally {
    display.stop();
    rmSync(profile, { recursive: true, force: true });
  }
  return errors;
}
