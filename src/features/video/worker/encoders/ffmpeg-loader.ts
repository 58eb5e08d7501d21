// Starts ffmpeg.wasm from the app's own copies of its cores (Vite `?url`
// assets, kept by the service worker once first fetched), never a CDN. FFmpeg runs in a
// worker of its own, started from this one; the multi-thread core also starts
// its pthread workers from there, and needs SharedArrayBuffer (the app is
// cross-origin isolated).
import type { FFmpeg } from '@ffmpeg/ffmpeg';
import { ffmpegCoreFiles } from '../../shared/offline-files';
import type { FfmpegCore } from '../../shared/encoder-plan';

const CORE_FILES: Record<FfmpegCore, { coreURL: string; wasmURL: string; workerURL?: string }> = ffmpegCoreFiles;

/** Loads a core into `ffmpeg`; the caller terminates it when done. */
export async function loadFfmpeg(ffmpeg: FFmpeg, core: FfmpegCore): Promise<void> {
  const files = CORE_FILES[core];
  // Absolute URLs: FFmpeg's worker imports them relative to its own script.
  const absolute = (url: string) => new URL(url, self.location.href).href;
  await ffmpeg.load({
    coreURL: absolute(files.coreURL),
    wasmURL: absolute(files.wasmURL),
    ...(files.workerURL ? { workerURL: absolute(files.workerURL) } : {}),
  });
}
