import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        // A project takes nothing from the root config: the unit tests import
        // src/ modules that read the test-build flag, so it is defined here.
        define: { __TEST_HOOKS__: 'true', __MODEL_CONVERTER_VERSION__: JSON.stringify('unit-tests') },
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          setupFiles: ['test/unit/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          // One Chromium at a time: the machine has two cores and the model wants both.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'firefox',
          include: ['test/firefox/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          // Firefox has no WebGPU: the model runs in WASM, ~12 s an image and ~20 s a 1 s clip here.
          testTimeout: 240_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'webkit',
          include: ['test/webkit/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          // WebKit here has no SharedArrayBuffer: the model runs on one thread, ~15 s an image.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
