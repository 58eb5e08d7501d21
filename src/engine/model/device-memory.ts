// How much memory the device has, where the browser says (navigator.deviceMemory,
// in GB, rounded and capped at 8 by Chromium; WebKit and Firefox do not say).
// LiteRT.js is the faster runtime but the heavier: its 1024² ISNet session
// holds about 0.9 GB of WebAssembly memory (the weights twice, and every
// activation of a run in memory of its own, none reused: bench/README.md,
// bench:memory), where onnxruntime-web's holds about half. A phone that
// reports little memory (and iOS ends a page near 1.5 GB) gets the lighter one.

/** At or under this many GB reported, the engine takes the lighter runtime. */
export const LOW_MEMORY_GB = 4;

/** The device's memory in GB as the browser reports it, or undefined where it does not. */
export function reportedDeviceMemory(): number | undefined {
  const reported = (globalThis.navigator as { deviceMemory?: unknown } | undefined)?.deviceMemory;
  return typeof reported === 'number' && reported > 0 ? reported : undefined;
}

/** Whether the device says its memory is short. */
export function memoryIsShort(deviceMemory: number | undefined): boolean {
  return deviceMemory !== undefined && deviceMemory <= LOW_MEMORY_GB;
}

/** Whether the device says it has more than that; a device that says nothing may be a phone. */
export function memoryIsAmple(deviceMemory: number | undefined): boolean {
  return deviceMemory !== undefined && deviceMemory > LOW_MEMORY_GB;
}
