// Try-on (beta), declared once: routes, modes, defaults, cost.

export const tryOnMeta = {
  id: 'try-on',
  label: 'Try-on (beta)',
  path: '/v1/try-on',
  jobPath: '/v1/try-on/job/:jobId',
  produces: ['application/json', 'image/jpeg', 'image/png'],
  cost: 5,
  resultLifetimeMs: 60 * 60 * 1000,
  jpegQuality: 0.92,
  /** Longest one attempt may run before the job fails with request_timeout. */
  timeBudgetMs: 3 * 60 * 1000,
  /**
   * Longest a `wait_for_result` request waits for its job. Under a browser's
   * five-minute limit on a service worker's fetch; past it the answer is
   * request_timeout and the job goes on (its id is in the message).
   */
  waitMs: 4 * 60 * 1000,
  /** The answer header of a waiting request that says which kind the garment was dressed as. */
  modeUsedHeader: 'X-Garment-Mode-Used',
} as const;

export const GARMENT_MODES = ['auto', 'full', 'upper', 'lower'] as const;
export type GarmentMode = (typeof GARMENT_MODES)[number];

/** What a garment is dressed as: `auto` reads one of these from the garment. */
export const GARMENT_KINDS = ['upper', 'lower', 'full'] as const satisfies readonly GarmentMode[];
export type GarmentKind = (typeof GARMENT_KINDS)[number];

export interface TryOnOptions {
  garmentMode: GarmentMode;
  preprocessGarment: boolean;
  removeBackground: boolean;
  waitForResult: boolean;
}
