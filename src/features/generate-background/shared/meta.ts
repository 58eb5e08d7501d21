// Generate-background, declared once: route, scenes, defaults, cost.

export const generateBackgroundMeta = {
  id: 'generate-background',
  label: 'Generate background',
  path: '/v1/generate-background',
  produces: ['application/json', 'image/jpeg'],
  cost: 5,
  resultLifetimeMs: 60 * 60 * 1000,
  canvasSize: 1024,
} as const;

export const SCENES = ['marble', 'wood', 'industrial', 'linen', 'brick', 'counter'] as const;
export type Scene = (typeof SCENES)[number];

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
