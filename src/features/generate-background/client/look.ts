// What the four variants show (one of the six sets, or a prompt) and where
// the product sits in them, turned into the generateBackground task's options.
import { DEFAULT_SCALE, type GenerateBackgroundOptions, type ImageTransform, type Scene } from '../shared/meta';

export type Look = { kind: 'scene'; scene: Scene } | { kind: 'prompt'; prompt: string; negativePrompt: string };

export type Placement = Required<ImageTransform>;

export const SCALE_RANGE = { min: 0.05, max: 2 } as const;

/**
 * Where a product starts: in the middle, at the size the API gives a photo it
 * cut out. The API's default for an input with its own alpha (1, edge to edge)
 * suits a cut-out already framed for the canvas, not one to be set in a scene.
 */
export const START_PLACEMENT: Placement = { scale: DEFAULT_SCALE.cutOut, xCenter: 0.5, yCenter: 0.5 };

/** Keeps the centre on the canvas, so the product can always be grabbed again. */
export function clampPlacement(placement: Placement): Placement {
  const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
  return {
    scale: clamp(placement.scale, SCALE_RANGE.min, SCALE_RANGE.max),
    xCenter: clamp(placement.xCenter, 0, 1),
    yCenter: clamp(placement.yCenter, 0, 1),
  };
}

const negativeWords = (text: string) =>
  text
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);

/** Always an explicit scale: the input is a cut-out with alpha, for which the API's default would differ. */
export function taskOptions(look: Look, placement: Placement, seed: number): GenerateBackgroundOptions {
  const transform = { scale: placement.scale, xCenter: placement.xCenter, yCenter: placement.yCenter };
  if (look.kind === 'scene') return { transform, scene: look.scene, negativePrompt: [], seed };
  return { transform, prompt: look.prompt, negativePrompt: negativeWords(look.negativePrompt), seed };
}

/** A name for the download that says what it shows. */
export function lookName(look: Look): string {
  if (look.kind === 'scene') return look.scene;
  return look.prompt.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'prompt';
}
