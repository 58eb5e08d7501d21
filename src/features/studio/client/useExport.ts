// Making the full-size file for a download or the clipboard, with its own
// progress and cancel: a full-size shadow can take a few seconds.
import { useCallback, useRef, useState } from 'react';
import { toApiError } from '../../../api/errors';
import { useServices } from '../../../ui/services';
import type { RemoveBackgroundOptions } from '../../remove-background/shared/meta';
import { exportImage, type ExportFormat, type ExportedImage } from './export-image';
import type { Cutout } from './cutout';
import type { Background } from './studio-options';

export interface ExportRequest {
  cutout: Cutout;
  options: RemoveBackgroundOptions;
  background: Background;
  format: ExportFormat;
  /** Long side of the file, or null for the full size. */
  maxSide: number | null;
}

export function useExport() {
  const { engine } = useServices();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; code: string } | null>(null);
  const generation = useRef(0);

  /** Makes each image and hands it to `use`; resolves false when cancelled or failed (the error is then shown). */
  const run = useCallback(
    async (label: string, requests: ExportRequest[], use: (image: ExportedImage, index: number) => void | Promise<void>): Promise<boolean> => {
      const mine = ++generation.current;
      setBusy(label);
      setError(null);
      try {
        for (const [index, request] of requests.entries()) {
          const image = await exportImage(engine, request.cutout, request.options, request.background, request.format, request.maxSide);
          if (generation.current !== mine) return false;
          await use(image, index);
        }
        return true;
      } catch (failure) {
        if (generation.current === mine) {
          const apiError = toApiError(failure, 'export');
          setError({ message: apiError.message, code: apiError.code });
        }
        return false;
      } finally {
        if (generation.current === mine) setBusy(null);
      }
    },
    [engine],
  );

  const cancel = useCallback(() => {
    generation.current++;
    setBusy(null);
  }, []);

  return { busy, error, run, cancel };
}
