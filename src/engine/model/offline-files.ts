// The model host's files that a first visit does not keep where LiteRT runs
// the model: onnxruntime-web, the fallback (and WebGPU's runtime), and the
// ONNX graph it runs (LiteRT keeps its own conversion instead). "Make
// everything available offline" fetches them, and the service worker keeps them.
import ortMjsUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import { IMAGE_MODEL, modelUrl } from './models';

export const modelHostLaterFiles: readonly string[] = [ortWasmUrl, ortMjsUrl, modelUrl(IMAGE_MODEL)];
