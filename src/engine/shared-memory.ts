// Whether this context can share memory between threads: SharedArrayBuffer
// exists. Cross-origin isolation is needed for it but not enough: an engine
// may withhold it from an isolated page (WebKit here did). Threads in the
// model runtimes, the band helper and ffmpeg's multi-thread core all ask this.
export function hasSharedMemory(): boolean {
  return Boolean(globalThis.crossOriginIsolated) && typeof SharedArrayBuffer !== 'undefined';
}

/** Whether `data` lives in shared memory (false wherever there is none). */
export function isShared(data: ArrayBufferView): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && data.buffer instanceof SharedArrayBuffer;
}
