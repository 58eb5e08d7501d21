// The kind the chosen garment reads as, before a try-on runs: the engine's
// tryOnGarmentKind task on the garment photo (one model run to cut it out, a
// second or two), as a job in `auto` would read it. A new garment, or the
// cut-out switch turned, reads it again; the reading it replaces is stopped.
import { useEffect, useState } from 'react';
import { toApiError } from '../../../api/errors';
import { task } from '../../../api/tasks';
import { useServices } from '../../../ui/services';
import type { GarmentKind } from '../shared/meta';
import { plainError } from './job-text';

export type GarmentKindState =
  | { status: 'none' }
  | { status: 'reading' }
  | { status: 'read'; kind: GarmentKind; reason: string }
  | { status: 'failed'; message: string };

/** The reason in the page's words, naming the garment photo: "No subject was found" → "the garment photo: no subject was found". */
function aboutTheGarment(message: string): string {
  const plain = plainError(message);
  return /garment photo/.test(plain) ? plain : `the garment photo: ${plain.charAt(0).toLowerCase()}${plain.slice(1)}`;
}

export function useGarmentKind(garment: Blob | null, preprocessGarment: boolean): GarmentKindState {
  const { engine } = useServices();
  const [state, setState] = useState<GarmentKindState>({ status: 'none' });

  useEffect(() => {
    if (!garment) {
      setState({ status: 'none' });
      return;
    }
    setState({ status: 'reading' });
    const abort = new AbortController();
    let done = false;
    void (async () => {
      try {
        // Where the engine's workers get no WebGL (WebKit), the window finds the pose, as for a job.
        const { poseInWindow } = await import('../window-pose');
        const pose = await poseInWindow(garment);
        // Stopped before the task started: nothing to replace.
        if (abort.signal.aborted) return;
        const reading = await engine.run(task('tryOnGarmentKind', { garment, options: { preprocessGarment }, pose }), { signal: abort.signal });
        if (!abort.signal.aborted) setState({ status: 'read', kind: reading.kind, reason: reading.reason });
      } catch (error) {
        if (!abort.signal.aborted) setState({ status: 'failed', message: aboutTheGarment(toApiError(error, 'tryOnGarmentKind').message) });
      } finally {
        done = true;
      }
    })();
    // A reading still under way is stopped (its worker is replaced); a finished one has nothing to stop.
    return () => {
      if (!done) abort.abort();
    };
  }, [engine, garment, preprocessGarment]);

  return state;
}
