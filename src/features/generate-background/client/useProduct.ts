// The product the variants are built around. A photo without alpha is cut out
// once here, and that cut-out (a PNG with alpha) is what every variant and
// re-render is given, so the model runs once per product, not once per render.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, toApiError } from '../../../api/errors';
import { ZERO_MARGIN } from '../../../api/margin';
import { task, type EngineProgress } from '../../../api/tasks';
import { useServices } from '../../../ui/services';
import type { RemoveBackgroundOptions } from '../../remove-background/shared/meta';
import { readProductFacts } from './product-image';

const RAW_CUTOUT: RemoveBackgroundOptions = {
  crop: false,
  margins: { top: ZERO_MARGIN, right: ZERO_MARGIN, bottom: ZERO_MARGIN, left: ZERO_MARGIN },
  shadow: null,
};

export interface Product {
  name: string;
  /** The input of every generateBackground task: the user's file, or our cut-out of it. */
  image: Blob;
  /** The size of its visible part, which image_transform scales. */
  visible: { width: number; height: number };
  /** Whether we removed the background, rather than using the file's own transparency. */
  cutOut: boolean;
}

export type ProductState =
  | { status: 'empty' }
  | { status: 'preparing'; name: string; sourceUrl: string; progress: EngineProgress | null }
  | { status: 'ready'; product: Product }
  | { status: 'failed'; name: string; error: { message: string; code?: string } };

export function useProduct(): [ProductState, (file: File) => void] {
  const { engine } = useServices();
  const [state, setState] = useState<ProductState>({ status: 'empty' });
  // Only the latest file may set the state; an earlier one still preparing is stopped.
  const current = useRef<AbortController | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const load = useCallback(
    (file: File) => {
      current.current?.abort();
      const abort = new AbortController();
      current.current = abort;
      const sourceUrl = URL.createObjectURL(file);
      const update = (next: ProductState) => {
        if (!abort.signal.aborted) setState(next);
      };
      update({ status: 'preparing', name: file.name, sourceUrl, progress: null });
      void (async () => {
        try {
          let image: Blob = file;
          let facts = await readProductFacts(file);
          const cutOut = !facts.hasOwnAlpha;
          if (cutOut) {
            const output = await engine.run(task('removeBackground', { input: file, options: RAW_CUTOUT }), {
              signal: abort.signal,
              onProgress: (progress) => update({ status: 'preparing', name: file.name, sourceUrl, progress }),
            });
            image = output.blob;
            facts = await readProductFacts(image);
          }
          if (!facts.visible) throw new ApiError('unknown_foreground', 'the image has no visible subject to place in a scene');
          update({ status: 'ready', product: { name: file.name, image, visible: facts.visible, cutOut } });
        } catch (error) {
          const apiError = toApiError(error, 'generate-background');
          update({ status: 'failed', name: file.name, error: { message: apiError.message, code: apiError.code } });
        } finally {
          URL.revokeObjectURL(sourceUrl);
        }
      })();
    },
    [engine],
  );

  return [state, load];
}
