// What a WebGPU adapter tells the engine before it builds a session: which
// graph to give ORT's WebGPU EP (float16 as shipped when the adapter can run
// float16 shaders, else the graph widened to float32), and whether the adapter
// is software (SwiftShader), which is never faster than the CPU: ISNet at 1024²
// did not finish in 9.5 minutes on it, at 256² it takes ~100 s (WASM: ~1 s).
// Pure, so the rules are tested in Node.

/** The few facts read off a GPUAdapter; every field optional, as a stub may lack them. */
export interface AdapterFacts {
  features?: { has(name: string): boolean };
  info?: { isFallbackAdapter?: boolean; architecture?: string; vendor?: string };
  /** Older Chromium put this on the adapter rather than its info. */
  isFallbackAdapter?: boolean;
}

export type WebGpuPrecision = 'float16' | 'float32';

/** float16 when the adapter offers `shader-f16`, else float32. */
export function webGpuPrecision(adapter: AdapterFacts): WebGpuPrecision {
  return adapter.features?.has('shader-f16') ? 'float16' : 'float32';
}

/** Why the adapter is software and not worth a try, or null for hardware. */
export function softwareAdapterReason(adapter: AdapterFacts): string | null {
  const architecture = adapter.info?.architecture ?? '';
  const fallback = adapter.info?.isFallbackAdapter === true || adapter.isFallbackAdapter === true;
  if (!fallback && !/swiftshader/i.test(architecture)) return null;
  return `the WebGPU adapter is software (${architecture || 'fallback adapter'}), slower than the CPU`;
}
