// The shapes the try-on fit passes between its steps: points in pixels of
// the image they were found in (x right, y down), a garment's kind and its
// named landmarks, and the body's keypoints. "Left" and "right" are image
// sides (smaller x is left), never the wearer's.

export interface Point {
  x: number;
  y: number;
}

export type GarmentKind = 'upper' | 'lower' | 'full';

/** One binary-ish mask: alpha 0–255, row-major. */
export interface AlphaMask {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * Where a garment's parts are, found on its outline. Upper and full garments
 * have neck, shoulders, armpits and hem; sleeved ones their cuffs (the two
 * ends of each sleeve's opening); lower garments waist, crotch and the two
 * ends of each leg opening. A point the shape does not have is absent.
 */
export interface GarmentLandmarks {
  neckLeft?: Point;
  neckRight?: Point;
  shoulderLeft?: Point;
  shoulderRight?: Point;
  armpitLeft?: Point;
  armpitRight?: Point;
  cuffLeftOuter?: Point;
  cuffLeftInner?: Point;
  cuffRightOuter?: Point;
  cuffRightInner?: Point;
  waistLeft?: Point;
  waistRight?: Point;
  hemLeft?: Point;
  hemRight?: Point;
  crotch?: Point;
  legLeftOuter?: Point;
  legLeftInner?: Point;
  legRightOuter?: Point;
  legRightInner?: Point;
}

export type GarmentPointName = keyof GarmentLandmarks;
