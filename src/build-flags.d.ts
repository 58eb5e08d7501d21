// Constants Vite writes into the bundle at build time (vite.config.ts `define`).

/** True only in the test build (`vite build --mode test`): test hooks exist there and nowhere else. */
declare const __TEST_HOOKS__: boolean;
