// The model host's script: it only loads model-worker.ts, for the reason
// worker.entry.ts gives (the runtimes it loads lazily share its modules).
import('./model-worker').catch((error: unknown) => {
  // Raised as an uncaught error, so the window sees the model host fail and replaces it.
  setTimeout(() => {
    throw error;
  });
});
