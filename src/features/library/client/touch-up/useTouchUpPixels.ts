// Decodes the photo and its cut-out into the touch-up's buffers, once per pair
// of blobs. The cut-out is read exactly when it is one of our own PNGs (a
// canvas would premultiply alpha and lose faint edge colours); the photo goes
// through the browser's decoder with the options the engine used when it made
// the cut-out, so the two line up pixel for pixel.
import { useEffect, useState } from 'react';
import type { RgbaImage } from '../../../../imaging/image';
import { decodeRgbaPng } from '../../../../imaging/png-decode';
import { composeTouchUp, type TouchUpPixels } from './touch-up-images';

export type PixelsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /** `serial` is new for every decode, so an editor keyed by it starts a fresh history. */
  | { status: 'ready'; pixels: TouchUpPixels; serial: number };

let decodes = 0;

async function decodeWithBrowser(blob: Blob): Promise<RgbaImage> {
  const bitmap = await createImageBitmap(blob, { premultiplyAlpha: 'none', colorSpaceConversion: 'default' });
  const { width, height } = bitmap;
  try {
    const canvas = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(width, height) : Object.assign(document.createElement('canvas'), { width, height });
    const context = canvas.getContext('2d', { willReadFrequently: true }) as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
    if (!context) throw new Error('this browser has no 2D canvas');
    context.drawImage(bitmap, 0, 0);
    return { data: context.getImageData(0, 0, width, height).data, width, height };
  } finally {
    bitmap.close();
  }
}

async function decodeCutout(blob: Blob): Promise<RgbaImage> {
  return (await decodeRgbaPng(new Uint8Array(await blob.arrayBuffer()))) ?? decodeWithBrowser(blob);
}

export function useTouchUpPixels(source: Blob, cutout: Blob): PixelsState {
  const [state, setState] = useState<PixelsState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    Promise.all([decodeWithBrowser(source), decodeCutout(cutout)])
      .then(([photo, cut]) => composeTouchUp(photo, cut))
      .then(
        (pixels) => live && setState({ status: 'ready', pixels, serial: ++decodes }),
        (error: unknown) => live && setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      live = false;
    };
  }, [source, cutout]);
  return state;
}
