// Runs the engine's video functions from a page of the built app, through the
// app's own engine host (window.cutoutEngine, test builds only): its task
// worker runs them and asks the page's model host for mattes, as a job would.
import type { Page } from 'playwright-core';
import type { VideoOptions } from '../../src/features/video/shared/meta';
import type { VideoOutput, VideoProbe } from '../../src/features/video/shared/output';
import type { VideoTuning } from '../../src/features/video/shared/tasks';

export type VideoRun =
  | { ok: true; output: Omit<VideoOutput, 'blob'>; bytes: Buffer; progress: number[] }
  | { ok: false; error: { code: string; message: string }; progress: number[] };

export type ProbeRun = { ok: true; value: VideoProbe } | { ok: false; error: { code: string; message: string } };

/** The page's engine host, as these helpers call it. */
type Host = {
  run(task: { fn: string; args: unknown }, options: { onProgress?: (p: { fraction: number }) => void }): Promise<unknown>;
};

/** Waits until the page's engine host exists. */
export async function startVideoEngine(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean((window as unknown as { cutoutEngine?: unknown }).cutoutEngine));
}

/** Runs removeVideoBackground on the bytes of a file; returns the output file's bytes and every progress fraction reported. */
export async function removeVideoInPage(page: Page, input: Buffer, options: VideoOptions, tuning: VideoTuning = {}): Promise<VideoRun> {
  const answer = await page.evaluate(
    async ({ base64, options, tuning }) => {
      const engine = (window as unknown as { cutoutEngine: Host }).cutoutEngine;
      const blob = await (await fetch(`data:application/octet-stream;base64,${base64}`)).blob();
      const progress: number[] = [];
      try {
        const output = (await engine.run(
          { fn: 'removeVideoBackground', args: { input: blob, options, tuning } },
          { onProgress: (p) => progress.push(p.fraction) },
        )) as VideoOutput;
        const { blob: file, ...rest } = output;
        const dataUrl = await new Promise<string>((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(reader.result as string);
          reader.readAsDataURL(file);
        });
        return { ok: true as const, output: rest, base64: dataUrl.slice(dataUrl.indexOf(',') + 1), progress };
      } catch (error) {
        const { code, message } = error as { code: string; message: string };
        return { ok: false as const, error: { code, message }, progress };
      }
    },
    { base64: input.toString('base64'), options, tuning },
  );
  if (!answer.ok) return answer;
  const { base64, ...rest } = answer;
  return { ...rest, bytes: Buffer.from(base64, 'base64') };
}

export function probeVideoInPage(page: Page, input: Buffer): Promise<ProbeRun> {
  return page.evaluate(async (base64) => {
    const engine = (window as unknown as { cutoutEngine: Host }).cutoutEngine;
    const blob = await (await fetch(`data:application/octet-stream;base64,${base64}`)).blob();
    try {
      return { ok: true as const, value: (await engine.run({ fn: 'probeVideo', args: { input: blob } }, {})) as VideoProbe };
    } catch (error) {
      const { code, message } = error as { code: string; message: string };
      return { ok: false as const, error: { code, message } };
    }
  }, input.toString('base64'));
}
