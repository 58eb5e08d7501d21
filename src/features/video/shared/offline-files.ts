// The files video needs that the first visit does not download: the two
// ffmpeg.wasm cores (~60 MB). The service worker keeps them once fetched, so
// the first video job (or "Make everything available offline") makes video work offline.
import singleCoreUrl from '@ffmpeg/core?url';
import singleWasmUrl from '@ffmpeg/core/wasm?url';
import multiCoreUrl from '@ffmpeg/core-mt?url';
import multiWasmUrl from '@ffmpeg/core-mt/wasm?url';
// Not inlined: a data: URL worker has an opaque origin, so it could neither
// import the core nor share its memory.
import multiWorkerUrl from '@ffmpeg/core-mt/worker?url&no-inline';

export const ffmpegCoreFiles = {
  'single-thread': { coreURL: singleCoreUrl, wasmURL: singleWasmUrl },
  'multi-thread': { coreURL: multiCoreUrl, wasmURL: multiWasmUrl, workerURL: multiWorkerUrl },
} as const;

export const offlineFiles: readonly string[] = Object.values(ffmpegCoreFiles).flatMap((files) => Object.values(files));
