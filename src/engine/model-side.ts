// The square side ISNet runs at, by use: photos by their long side through a
// table of steps (a small photo need not pay for a 1024² run its pixels cannot
// use, where quality holds), video frames at one side.
//
// The table is chosen by `npm run eval:sides` on the tuning half of every
// ground-truth set: a step may only exist where every set's mean MAE, IoU and
// edge F1 stay within 0.0005 of the 1024² run's (or better) and no case loses
// its subject. Measured 2026-11-26 (bench/README.md, eval:sides), no smaller
// side holds for any input size: at 512² and 640² flat illustrations lose
// their subject; 768² beats 1024² on them but costs rendered product photos
// 0.005–0.03 of edge F1. So the table is empty and every photo runs at 1024².

export interface ModelSideStep {
  /** Images whose long side is at most this… */
  maxLongSide: number;
  /** …run at this side (a multiple of 32). */
  side: number;
}

/** The model's own side, and the side of anything larger than the last step. */
export const FULL_MODEL_SIDE = 1024;

/** Ascending by maxLongSide and by side; empty: see above. */
export const MODEL_SIDE_STEPS: readonly ModelSideStep[] = [];

/** Video frames run at this side, whatever the frame's size (features/video). */
export const VIDEO_MODEL_SIDE = 512;

/** Every side the app runs the model at, largest first: each is kept converted. */
export const SIDES_IN_USE: readonly number[] = [...new Set([FULL_MODEL_SIDE, ...MODEL_SIDE_STEPS.map((step) => step.side), VIDEO_MODEL_SIDE])].sort((a, b) => b - a);

/** The model side for a width × height image. */
export function modelSideFor(width: number, height: number, steps: readonly ModelSideStep[] = MODEL_SIDE_STEPS): number {
  if (!(Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0)) throw new RangeError(`no model side for a ${width}×${height} image`);
  const longSide = Math.max(width, height);
  return steps.find((step) => longSide <= step.maxLongSide)?.side ?? FULL_MODEL_SIDE;
}
