// Runs the try-on engine task in the built test app (dist-test/, or the build
// named by CUTOUT_DIST) with the real pose model and ISNet, as the job runner
// would: the bench and the gallery both drive it through this.
import type { Page } from 'playwright-core';
import type { RgbaImage } from '../../src/imaging/image';
import { encodePng } from '../../src/imaging/png-encode';
import type { TryOnArgs, TryOnReadings, TryOnReadingsArgs } from '../../src/features/try-on/shared/tasks';
import { openApp } from '../../test/support/app';
import { launchBrowser, type Browser } from '../../test/support/chromium';
import { startPreview, type PreviewServer } from '../../test/support/server';

export interface TryOnRun {
  /** The result's bytes (JPEG, or PNG when removeBackground). */
  bytes: Buffer;
  contentType: string;
  garmentKind: string;
  /** Milliseconds per step, as the task reports them. */
  timings: Record<string, number>;
  /** Wall time of the whole task, in the page. */
  ms: number;
}

export interface TryOnPage {
  page: Page;
  run(person: RgbaImage, garment: RgbaImage, options?: Partial<TryOnArgs['options']>): Promise<TryOnRun>;
  /** What the models read from an encoded photo (the tryOnReadings task of test builds). */
  readings(photo: Buffer, type: string, role: TryOnReadingsArgs['role']): Promise<TryOnReadings>;
  close(): Promise<void>;
}

async function pngBase64(image: RgbaImage): Promise<string> {
  const blob = await encodePng(image.data, image.width, image.height);
  return Buffer.from(await blob.arrayBuffer()).toString('base64');
}

export async function openTryOnPage(): Promise<TryOnPage> {
  const server: PreviewServer = await startPreview();
  const browser: Browser = await launchBrowser();
  const page = await openApp(browser.context, server.url, '/');
  return {
    page,
    async run(person, garment, options = {}) {
      const args = { person: await pngBase64(person), garment: await pngBase64(garment) };
      const answer = await page.evaluate(
        async ({ args, options }) => {
          // No named helpers in here: tsx would wrap them in a __name() the page does not have.
          const [person, garment] = [args.person, args.garment].map(
            (base64) => new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/png' }),
          );
          const engine = (window as unknown as { cutoutEngine: { run(task: unknown, options: object): Promise<any> } }).cutoutEngine;
          const started = performance.now();
          const output = await engine.run(
            { fn: 'tryOn', args: { person, garment, options: { garmentMode: 'auto', preprocessGarment: true, removeBackground: false, ...options } } },
            {},
          );
          const ms = performance.now() - started;
          const bytes = new Uint8Array(await output.blob.arrayBuffer());
          let binary = '';
          for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
          return { base64: btoa(binary), contentType: output.contentType, garmentKind: output.garmentKind, timings: output.timings, ms };
        },
        { args, options },
      );
      return { ...answer, bytes: Buffer.from(answer.base64, 'base64') };
    },
    async readings(photo, type, role) {
      const answer = await page.evaluate(
        async ({ base64, type, role }) => {
          const image = new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type });
          const engine = (window as unknown as { cutoutEngine: { run(task: unknown, options: object): Promise<any> } }).cutoutEngine;
          const output = await engine.run({ fn: 'tryOnReadings', args: { image, role } }, {});
          const alpha = output.alpha as Uint8ClampedArray;
          let binary = '';
          for (let i = 0; i < alpha.length; i += 0x8000) binary += String.fromCharCode(...alpha.subarray(i, i + 0x8000));
          return { landmarks: output.landmarks, alpha: btoa(binary), width: output.width, height: output.height };
        },
        { base64: photo.toString('base64'), type, role },
      );
      return { ...answer, alpha: new Uint8ClampedArray(Buffer.from(answer.alpha, 'base64')) };
    },
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}
