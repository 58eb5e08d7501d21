// Try-on (beta), declared once: routes, modes, defaults, cost.

export const tryOnMeta = {
  id: 'try-on',
  label: 'Try-on (beta)',
  path: '/v1/try-on',
  jobPath: '/v1/try-on/job/:jobId',
  produces: ['application/json', 'image/jpeg', 'image/png'],
  cost: 5,
  resultLifetimeMs: 60 * 60 * 1000,
} as const;

export const GARMENT_MODES = ['auto', 'full', 'upper', 'lower'] as const;
export type GarmentMode = (typeof GARMENT_MODES)[number];

export interface TryOnOptions {
  garmentMode: GarmentMode;
  preprocessGarment: boolean;
  removeBackground: boolean;
  waitForResult: boolean;
}
