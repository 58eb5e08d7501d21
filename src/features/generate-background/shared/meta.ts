// Generate-background, declared once: route, scenes, defaults, cost.

export const generateBackgroundMeta = {
  id: 'generate-background',
  label: 'Generate background',
  path: '/v1/generate-background',
  produces: ['application/json', 'image/jpeg'],
  contentType: 'image/jpeg',
  extension: 'jpg',
  jpegQuality: 0.92,
  cost: 5,
  resultLifetimeMs: 60 * 60 * 1000,
  canvasSize: 1024,
} as const;

export const SCENES = ['marble', 'wood', 'industrial', 'linen', 'brick', 'counter'] as const;
export type Scene = (typeof SCENES)[number];

/** image_transform.scale when none is given: an RGBA input fills the canvas, a photo we cut out sits in the set. */
export const DEFAULT_SCALE = { ownAlpha: 1, cutOut: 0.6 } as const;

export interface ImageTransform {
  /** Omitted: 1, or 0.6 when the background was removed by us. */
  scale?: number;
  xCenter: number;
  yCenter: number;
}

export interface GenerateBackgroundOptions {
  transform: ImageTransform;
  scene?: Scene;
  prompt?: string;
  negativePrompt: string[];
  seed?: number;
}
