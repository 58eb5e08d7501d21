// Chromium as a phone held in the hand: 375 px wide, a touch screen as the
// main pointer (so `(pointer: coarse)` matches), mobile viewport rules. Same
// binary, flags and fresh profile as chromium.ts.
import { launchBrowser, type Browser } from './chromium';

export const PHONE_VIEWPORT = { width: 375, height: 812 } as const;

export function launchPhone(): Promise<Browser> {
  return launchBrowser({ viewport: PHONE_VIEWPORT, mobile: true });
}
