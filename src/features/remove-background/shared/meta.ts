// Remove-background, declared once: its route, what it costs, its defaults and
// the options the worker takes. Both the SW and the worker import this.
import { ZERO_MARGIN, type Margins } from '../../../api/margin';

export const removeBackgroundMeta = {
  id: 'remove-background',
  label: 'Remove background',
  path: '/v1/remove-background',
  produces: ['application/json', 'image/png'],
  contentType: 'image/png',
  extension: 'png',
  cost: { base: 1, shadow: 3 },
  resultLifetimeMs: 60 * 60 * 1000,
} as const;

export interface ShadowOptions {
  /** 0–1: how dark the shadow is where it is darkest. */
  opacity: number;
  /** 0–1: apparent size of the light; bigger is a softer penumbra. */
  lightSize: number;
  /** Light position: x, y in [-1, 1] from the image centre; z in [0, 2], height above the subject. */
  light: { x: number; y: number; z: number };
}

export const DEFAULT_SHADOW: ShadowOptions = {
  opacity: 0.5,
  lightSize: 0.3,
  light: { x: -0.3, y: -0.6, z: 0.7 },
};

export interface RemoveBackgroundOptions {
  crop: boolean;
  margins: Margins;
  shadow: ShadowOptions | null;
}

/** The model's cut-out as it is: full size, no crop, no shadow. The studio finishes it afterwards, without the model. */
export const RAW_CUTOUT: RemoveBackgroundOptions = {
  crop: false,
  margins: { top: ZERO_MARGIN, right: ZERO_MARGIN, bottom: ZERO_MARGIN, left: ZERO_MARGIN },
  shadow: null,
};

export function removeBackgroundCost(options: Pick<RemoveBackgroundOptions, 'shadow'>): number {
  return removeBackgroundMeta.cost.base + (options.shadow ? removeBackgroundMeta.cost.shadow : 0);
}
