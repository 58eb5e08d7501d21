// The task worker's script: it only loads worker.ts. Task code is loaded
// lazily and imports what it shares with worker.ts (the model client, Comlink)
// from the chunk that holds it. Were that the script's own chunk, an engine
// that does not count a worker's script in its module map (WebKit) would run
// it a second time for the task: a second model client, never connected. So
// this file imports nothing else, and messages sent before worker.ts listens
// wait for it (worker-start.ts).
import('./worker').catch((error: unknown) => {
  // Raised as an uncaught error, so the pool sees the worker fail and replaces it.
  setTimeout(() => {
    throw error;
  });
});
