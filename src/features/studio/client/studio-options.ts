// What the studio's controls set, and how it maps onto the engine's options.
// The controls speak of a light's direction and height; the engine takes a
// light position (see src/imaging/shadow.ts for the model).
import { DEFAULT_SHADOW, type RemoveBackgroundOptions } from '../../remove-background/shared/meta';

export type Side = 'top' | 'right' | 'bottom' | 'left';
export const SIDES: readonly Side[] = ['top', 'right', 'bottom', 'left'];

export type Background = { kind: 'none' } | { kind: 'color'; color: string } | { kind: 'image'; url: string; blob: Blob; name: string };

export interface StudioOptions {
  crop: boolean;
  /** Percent of the input's size per side, 0–49. */
  margins: Record<Side, number>;
  shadow: {
    enabled: boolean;
    /** Degrees around the subject: 0 is a light in front, 90 to the right, ±180 behind. */
    direction: number;
    /** Subject heights above its top; a lower light casts a longer shadow. */
    height: number;
    /** 0–1, the light's apparent size. */
    softness: number;
    opacity: number;
  };
  background: Background;
}

/** How far from the subject the light stands, on the ground plane. */
const LIGHT_DISTANCE = Math.hypot(DEFAULT_SHADOW.light.x, DEFAULT_SHADOW.light.y);

export const DEFAULT_STUDIO_OPTIONS: StudioOptions = {
  crop: false,
  margins: { top: 5, right: 5, bottom: 5, left: 5 },
  shadow: {
    enabled: false,
    direction: Math.round((Math.atan2(DEFAULT_SHADOW.light.x, -DEFAULT_SHADOW.light.y) * 180) / Math.PI),
    height: DEFAULT_SHADOW.light.z,
    softness: DEFAULT_SHADOW.lightSize,
    opacity: DEFAULT_SHADOW.opacity,
  },
  background: { kind: 'none' },
};

const round = (value: number) => Math.round(value * 1000) / 1000;

export function engineOptions(options: StudioOptions): RemoveBackgroundOptions {
  const { shadow } = options;
  const angle = (shadow.direction * Math.PI) / 180;
  return {
    crop: options.crop,
    margins: {
      top: { unit: '%', value: options.margins.top },
      right: { unit: '%', value: options.margins.right },
      bottom: { unit: '%', value: options.margins.bottom },
      left: { unit: '%', value: options.margins.left },
    },
    shadow: shadow.enabled
      ? {
          opacity: shadow.opacity,
          lightSize: shadow.softness,
          light: { x: round(LIGHT_DISTANCE * Math.sin(angle)), y: round(-LIGHT_DISTANCE * Math.cos(angle)), z: shadow.height },
        }
      : null,
  };
}

/** Whether the options change the cut-out's pixels at all (a background does not: it is laid under). */
export function needsCompose(options: RemoveBackgroundOptions): boolean {
  return options.crop || options.shadow !== null;
}

/** Where the light is, in words, for the direction slider. */
export function describeDirection(degrees: number): string {
  const names = ['in front', 'front right', 'right', 'behind right', 'behind', 'behind left', 'left', 'front left'];
  const index = Math.round((((degrees % 360) + 360) % 360) / 45) % 8;
  return `${names[index]} (${degrees}°)`;
}
