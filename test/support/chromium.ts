// Launches Debian's Chromium through playwright-core, with the flags this
// machine needs (no network chatter, no sandbox as root) and a fresh profile.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export interface LaunchOptions {
  extraArgs?: string[];
  viewport?: { width: number; height: number };
  /** A phone's page rules and a touch screen as the main pointer. */
  mobile?: boolean;
}

export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'cutout-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...(options.extraArgs ?? [])],
    viewport: options.viewport ?? { width: 1280, height: 800 },
    acceptDownloads: true,
    ...(options.mobile && { isMobile: true, hasTouch: true }),
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
