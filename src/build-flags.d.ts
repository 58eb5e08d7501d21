// Constants Vite writes into the bundle at build time (vite.config.ts `define`).

/** True only in the test build (`vite build --mode test`): test hooks exist there and nowhere else. */
declare const __TEST_HOOKS__: boolean;

/**
 * A hash of the model converter's source (src/engine/tflite, src/engine/onnx): part of the key a converted
 * .tflite is kept under, so a build whose converter writes different bytes never loads an older file.
 */
declare const __MODEL_CONVERTER_VERSION__: string;
