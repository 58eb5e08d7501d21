// The model host's files that a first visit does not fetch where LiteRT runs
// the model: onnxruntime-web, the fallback (and WebGPU's runtime). "Make
// everything available offline" fetches them, and the service worker keeps them.
import ortMjsUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';

export const modelHostLaterFiles: readonly string[] = [ortWasmUrl, ortMjsUrl];
