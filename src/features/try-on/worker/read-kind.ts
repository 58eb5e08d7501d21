// The kind `auto` reads a garment as, and why, for the Try-on page to show
// before a try-on runs. The garment is prepared as the try-on prepares it
// (./fit.ts), so what the page says is what a job in `auto` will dress. Pure:
// the task (./tryOn.ts) gives it the garment's readings.
import type { GarmentKind } from '../shared/meta';
import type { GarmentKindReading } from '../shared/tasks';
import { prepareGarment, type GarmentReading } from './fit';

/** Why a garment worn in its photo reads as it does: its colours on the wearer's body (garment-on-person.ts). */
const WORN: Record<GarmentKind, string> = {
  upper: 'worn by a person in the photo, its colours ending at their hips: a top',
  lower: 'worn by a person in the photo, below their waist: a bottom',
  full: 'worn by a person in the photo, its colours running from their chest past their hips: a dress',
};

/** The kind `auto` dresses the garment as; throws invalid_parameter (as the try-on would) when no garment can be taken. */
export function readGarmentKind(garment: GarmentReading): GarmentKindReading {
  const prepared = prepareGarment(garment, 'auto');
  if (prepared.worn?.wearer) return { kind: prepared.kind, reason: WORN[prepared.kind] };
  // Laid flat: the kind is its outline's, and the outline says why.
  return { kind: prepared.kind, reason: prepared.reason ?? 'read from its outline' };
}
