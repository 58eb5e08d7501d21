// Runs the engine's video functions from a page of the built app. The app's
// own pool is wrapped by its bundled comlink, whose proxy marker a test cannot
// reach, so the page gets comlink's UMD build and an engine worker of its own,
// started from the same bundled script the app uses (so progress callbacks can
// cross as comlink proxies).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { VideoOptions } from '../../src/features/video/shared/meta';
import type { VideoOutput, VideoProbe } from '../../src/features/video/shared/output';
import type { VideoTuning } from '../../src/features/video/shared/tasks';

const require = createRequire(import.meta.url);

export type VideoRun =
  | { ok: true; output: Omit<VideoOutput, 'blob'>; bytes: Buffer; progress: number[] }
  | { ok: false; error: { code: string; message: string }; progress: number[] };

export type ProbeRun = { ok: true; value: VideoProbe } | { ok: false; error: { code: string; message: string } };

/** Starts a second engine worker in the page, reachable as `window.videoEngine`. */
export async function startVideoEngine(page: Page): Promise<void> {
  await page.addScriptTag({ content: readFileSync(require.resolve('comlink/dist/umd/comlink.js'), 'utf8') });
  await page.evaluate(async () => {
    // The app's bundle names one worker script: the engine's.
    const entry = document.querySelector<HTMLScriptElement>('script[type=module][src]')!.src;
    const bundle = await (await fetch(entry)).text();
    const script = /\/assets\/worker-[\w-]+\.js/.exec(bundle)![0];
    const comlink = (window as unknown as { Comlink: { wrap(worker: Worker): unknown } }).Comlink;
    (window as unknown as { videoEngine: unknown }).videoEngine = comlink.wrap(new Worker(script, { type: 'module', name: 'video-test-engine' }));
  });
}

/** Runs removeVideoBackground on the bytes of a file; returns the output file's bytes and every progress fraction reported. */
export async function removeVideoInPage(page: Page, input: Buffer, options: VideoOptions, tuning: VideoTuning = {}): Promise<VideoRun> {
  const answer = await page.evaluate(
    async ({ base64, options, tuning }) => {
      const w = window as unknown as {
        Comlink: { proxy<T>(value: T): T };
        videoEngine: { run(...args: unknown[]): Promise<{ ok: boolean; value?: VideoOutput; error?: { code: string; message: string } }> };
      };
      const blob = await (await fetch(`data:application/octet-stream;base64,${base64}`)).blob();
      const progress: number[] = [];
      const settled = await w.videoEngine.run(
        'removeVideoBackground',
        { input: blob, options, tuning },
        w.Comlink.proxy((p: { fraction: number }) => progress.push(p.fraction)),
      );
      if (!settled.ok) return { ok: false as const, error: settled.error!, progress };
      const { blob: file, ...output } = settled.value!;
      const dataUrl = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as string);
        reader.readAsDataURL(file);
      });
      return { ok: true as const, output, base64: dataUrl.slice(dataUrl.indexOf(',') + 1), progress };
    },
    { base64: input.toString('base64'), options, tuning },
  );
  if (!answer.ok) return answer;
  const { base64, ...rest } = answer;
  return { ...rest, bytes: Buffer.from(base64, 'base64') };
}

export function probeVideoInPage(page: Page, input: Buffer): Promise<ProbeRun> {
  return page.evaluate(async (base64) => {
    const w = window as unknown as { videoEngine: { run(fn: string, args: unknown, progress: unknown): Promise<ProbeRun> } };
    const Comlink = (window as unknown as { Comlink: { proxy<T>(value: T): T } }).Comlink;
    const blob = await (await fetch(`data:application/octet-stream;base64,${base64}`)).blob();
    return w.videoEngine.run('probeVideo', { input: blob }, Comlink.proxy(() => {}));
  }, input.toString('base64'));
}
