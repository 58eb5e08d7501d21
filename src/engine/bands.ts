// The work after the model, split in two bands of rows: while the model host
// waits, its cores are free, so this task worker computes the top band and a
// helper worker (band-worker.ts) the bottom one, at once. The image is shared
// with the helper (SharedArrayBuffer, the app is cross-origin isolated), not
// copied; each band gives the same pixels it would alone (each row depends
// only on its neighbourhood), so the result does not depend on the split.
// Where there is no helper (Node, a page that is not isolated) or the image
// is small, both bands run here, one after the other.
import * as Comlink from 'comlink';
import { hasSharedMemory, isShared } from './shared-memory';
import { startWorker } from './worker-start';
import { foregroundCoarse, foregroundRows, DEFAULT_FOREGROUND, type ForegroundOptions } from '../imaging/foreground';
import { applyGuidedUpsampleRows, type GuidedCoefficients } from '../imaging/guided-filter';
import type { Plane, RgbaImage } from '../imaging/image';
import { stretchAlpha } from '../imaging/mask';

export interface UpsampleBand {
  image: RgbaImage;
  coefficients: GuidedCoefficients;
  /** The whole image's alpha plane; the band writes its own rows. */
  alpha: Uint8ClampedArray;
  from: number;
  to: number;
  stretch: readonly [number, number];
  /** Multiplies by the image's own alpha (an RGBA input). */
  ownAlpha: boolean;
}

export interface ForegroundBand {
  image: RgbaImage;
  alpha: Uint8ClampedArray;
  coarse: Plane[];
  from: number;
  to: number;
  options: ForegroundOptions;
}

/** Alpha rows [from, to): guided upsampling, the stretch, and the input's own alpha. */
export function upsampleBand({ image, coefficients, alpha, from, to, stretch, ownAlpha }: UpsampleBand): void {
  applyGuidedUpsampleRows(coefficients, image, alpha, from, to);
  const rows = alpha.subarray(from * image.width, to * image.width);
  stretchAlpha(rows, ...stretch);
  if (ownAlpha) for (let i = from * image.width; i < to * image.width; i++) alpha[i] = (alpha[i] * image.data[i * 4 + 3]) / 255;
}

/** Foreground colours of rows [from, to), as their own RGBA rows. */
export function foregroundBand({ image, alpha, coarse, from, to, options }: ForegroundBand): Uint8ClampedArray {
  const out = new Uint8ClampedArray((to - from) * image.width * 4);
  foregroundRows(image, alpha, coarse, out, from, to, options);
  return out;
}

/** Rows [0, upTo) of `rgba` are final. */
export type RowsReady = (rgba: Uint8ClampedArray, upTo: number) => void;

export interface BandHelper {
  upsampleBand(band: UpsampleBand): Promise<void>;
  foregroundBand(band: ForegroundBand): Promise<Uint8ClampedArray>;
}

/** Below this many pixels a second thread costs more than it saves. */
const MIN_PIXELS = 300_000;

let helper: Comlink.Remote<BandHelper> | null = null;

function helperFor(image: RgbaImage): Comlink.Remote<BandHelper> | null {
  if (image.width * image.height < MIN_PIXELS) return null;
  // The helper reads the image shared, not copied; without shared memory both bands run here.
  if (typeof Worker === 'undefined' || !hasSharedMemory()) return null;
  helper ??= Comlink.wrap<BandHelper>(startWorker(new Worker(new URL('./band-worker.ts', import.meta.url), { type: 'module', name: 'bands' })));
  return helper;
}

/** The row the bottom band starts at: half way, on a tile boundary. */
function split(height: number, tile: number): number {
  return Math.min(height, Math.round(height / 2 / tile) * tile);
}

function sharedCopy<T extends Uint8ClampedArray>(data: T): Uint8ClampedArray {
  const shared = new Uint8ClampedArray(new SharedArrayBuffer(data.byteLength));
  shared.set(data);
  return shared;
}

/**
 * A post-model pass over one image, in two bands when a helper is there.
 * `shared` is the image as both threads read it.
 */
export class Banded {
  private readonly shared: RgbaImage;

  private constructor(
    readonly image: RgbaImage,
    private readonly remote: Comlink.Remote<BandHelper> | null,
  ) {
    this.shared = remote ? { data: sharedCopy(image.data), width: image.width, height: image.height } : image;
  }

  static for(image: RgbaImage): Banded {
    return new Banded(image, helperFor(image));
  }

  /** The full-resolution alpha (0–255) from the guided filter's coefficients. */
  async alpha(coefficients: GuidedCoefficients, stretch: readonly [number, number], ownAlpha: boolean): Promise<Uint8ClampedArray> {
    const { width, height } = this.image;
    if (!this.remote) {
      const alpha = new Uint8ClampedArray(width * height);
      upsampleBand({ image: this.image, coefficients, alpha, from: 0, to: height, stretch, ownAlpha });
      return alpha;
    }
    const alpha = new Uint8ClampedArray(new SharedArrayBuffer(width * height));
    const middle = split(height, DEFAULT_FOREGROUND.tile);
    const band = { image: this.shared, coefficients, alpha, stretch, ownAlpha };
    const bottom = this.remote.upsampleBand({ ...band, from: middle, to: height });
    upsampleBand({ ...band, from: 0, to: middle });
    await bottom;
    return alpha;
  }

  /**
   * Straight RGBA: foreground colours with `alpha` (from alpha()) as alpha.
   * @param rowsReady told when rows [0, upTo) of the returned array are final,
   *   so an encoder can start on the top band while the bottom one is made
   */
  async foreground(alpha: Uint8ClampedArray, options = DEFAULT_FOREGROUND, rowsReady: RowsReady = () => {}): Promise<Uint8ClampedArray> {
    const { width, height } = this.image;
    const image = this.remote ? this.shared : this.image;
    const coarse = foregroundCoarse(image, alpha, options);
    const out = new Uint8ClampedArray(width * height * 4);
    if (!this.remote) {
      foregroundRows(image, alpha, coarse, out, 0, height, options);
      rowsReady(out, height);
      return out;
    }
    const middle = split(height, options.tile);
    const bottom = this.remote.foregroundBand({ image, alpha, coarse, from: middle, to: height, options });
    foregroundRows(image, alpha, coarse, out, 0, middle, options);
    rowsReady(out, middle);
    out.set(await bottom, middle * width * 4);
    rowsReady(out, height);
    return out;
  }
}

/** A plane the caller may keep and hand to anything (a shared one cannot go into an ImageData or a Blob). */
export function unshared(data: Uint8ClampedArray): Uint8ClampedArray {
  return isShared(data) ? new Uint8ClampedArray(data) : data;
}
