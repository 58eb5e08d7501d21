// The live preview: the raw cut-out re-finished with the current options at a
// small size by the engine's compose-cutout task (no model run). Changes that
// arrive while one preview is being made are coalesced: only the latest runs next.
import { useEffect, useRef, useState } from 'react';
import { toApiError, type ApiError } from '../../../api/errors';
import { task } from '../../../api/tasks';
import { useServices } from '../../../ui/services';
import type { RemoveBackgroundOptions } from '../../remove-background/shared/meta';
import type { Cutout } from './cutout';
import { needsCompose } from './studio-options';

/** Long side of previews, in pixels: sharp on a phone, quick to compose. */
export const PREVIEW_SIDE = 720;

export interface Preview {
  url: string;
  width: number;
  height: number;
  /** Preview pixels per full-size pixel. */
  scale: number;
}

interface Composed extends Preview {
  cutoutUrl: string;
  key: string;
}

interface Wanted {
  cutout: Cutout;
  options: RemoveBackgroundOptions;
  key: string;
}

export interface PreviewState {
  preview: Preview | null;
  /** A preview for the current options is on its way. */
  pending: boolean;
  error: ApiError | null;
}

export function useComposePreview(cutout: Cutout | undefined, options: RemoveBackgroundOptions): PreviewState {
  const { engine } = useServices();
  const [composed, setComposed] = useState<Composed | null>(null);
  const [error, setError] = useState<{ key: string; error: ApiError } | null>(null);
  const wanted = useRef<Wanted | null>(null);
  const busy = useRef(false);
  const shownUrl = useRef<string | null>(null);

  const key = cutout ? `${cutout.url} ${JSON.stringify(options)}` : '';
  const direct = cutout !== undefined && !needsCompose(options);

  useEffect(() => {
    wanted.current = cutout && !direct ? { cutout, options, key } : null;
    if (!wanted.current || busy.current) return;
    busy.current = true;
    void (async () => {
      for (let job = wanted.current; job; ) {
        const current: Wanted = job;
        try {
          const output = await engine.run(task('composeCutout', { input: current.cutout.blob, options: current.options, maxSide: PREVIEW_SIDE }), {
            lane: 'preview',
          });
          const url = URL.createObjectURL(output.blob);
          if (shownUrl.current) URL.revokeObjectURL(shownUrl.current);
          shownUrl.current = url;
          const scale = Math.min(1, PREVIEW_SIDE / Math.max(current.cutout.width, current.cutout.height));
          setComposed({ url, width: output.width, height: output.height, scale, cutoutUrl: current.cutout.url, key: current.key });
          setError(null);
        } catch (failure) {
          setError({ key: current.key, error: toApiError(failure, 'preview') });
        }
        const latest: Wanted | null = wanted.current;
        job = latest && latest.key !== current.key ? latest : null;
      }
      busy.current = false;
    })();
    // `key` stands for the cut-out and the options together.
  }, [key, direct, engine]);

  useEffect(
    () => () => {
      wanted.current = null;
      if (shownUrl.current) URL.revokeObjectURL(shownUrl.current);
    },
    [],
  );

  if (!cutout) return { preview: null, pending: false, error: null };
  if (direct) return { preview: { url: cutout.url, width: cutout.width, height: cutout.height, scale: 1 }, pending: false, error: null };
  // While options change, the last preview of the same image stays up; another image's never does.
  const preview = composed && composed.cutoutUrl === cutout.url ? composed : null;
  const failed = error?.key === key ? error.error : null;
  return { preview, pending: composed?.key !== key && !failed, error: failed };
}
