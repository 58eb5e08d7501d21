// A pose the model folded onto the body's midline, opened out again. On
// persons unlike its training photos the pose model sometimes reads a body
// facing the camera as seen from the side: the shoulders a third of their
// span apart, the hips nearly on top of each other, both knees on one line.
// Every width the fit takes from the pose then shrinks with them. Where the
// shoulders are narrower for the torso's length than a body turned well
// towards the camera can be, they are set back at a usual span on the same
// line through the same middle; hips folded under such shoulders, at a usual
// share of them; and knees or ankles folded onto one line or crossed over
// it, onto the two legs the person's silhouette shows there (where it shows
// two).
import type { BodyKeypoints, BodyPoint } from './body';
import { bodyFrame, frameCoordinates, inFrame, mid, type BodyFrame } from './body-frame';
import type { AlphaMask, Point } from './fit-types';

/**
 * Shoulder span over torso length (shoulders' middle to hips' middle). A
 * body facing the camera reads about 0.6–0.8, a three-quarter turn about
 * 0.5; under FOLDED_SHOULDERS the pose has folded, and USUAL_SHOULDERS is
 * put back.
 */
const FOLDED_SHOULDERS = 0.45;
const USUAL_SHOULDERS = 0.66;
/** Hip span over shoulder span: under FOLDED_HIPS folded, USUAL_HIPS put back. */
const FOLDED_HIPS = 0.4;
const USUAL_HIPS = 0.55;
/** Knees or ankles closer than this share of the hip span, or crossed, are folded onto one line. */
const FOLDED_LEGS = 0.35;
/** A leg's run of the silhouette is at least this share of the hip span wide, and they lie within this many hip spans of the axis. */
const LEG_RUN = 0.25;
const LEG_REACH = 1.6;
const INSIDE = 128;

function at(point: Point, visibility: number): BodyPoint {
  return { x: point.x, y: point.y, visibility };
}

/** A pair of points put back at `half` either side of their middle, along the body's across direction. */
function spread(left: BodyPoint, right: BodyPoint, frame: BodyFrame, half: number): [BodyPoint, BodyPoint] {
  const centre = frameCoordinates(frame, mid(left, right));
  const visibility = Math.min(left.visibility, right.visibility);
  return [at(inFrame(frame, centre.across - half, centre.along), visibility), at(inFrame(frame, centre.across + half, centre.along), visibility)];
}

/** The silhouette's runs across the body at `along` (pixels across the axis), within `reach` of it. */
function runsAcross(mask: AlphaMask, frame: BodyFrame, along: number, reach: number): { from: number; to: number }[] {
  const runs: { from: number; to: number }[] = [];
  let start: number | null = null;
  for (let a = -Math.round(reach); a <= Math.round(reach) + 1; a++) {
    const p = inFrame(frame, a, along);
    const x = Math.round(p.x);
    const y = Math.round(p.y);
    const inside = a <= reach && x >= 0 && y >= 0 && x < mask.width && y < mask.height && mask.data[y * mask.width + x] >= INSIDE;
    if (inside && start === null) start = a;
    if (!inside && start !== null) {
      runs.push({ from: start, to: a - 1 });
      start = null;
    }
  }
  return runs;
}

/** The two legs' middles (across) at `along`, when the silhouette shows two legs there. */
function twoLegs(mask: AlphaMask, frame: BodyFrame, along: number): [number, number] | null {
  const hipSpan = frame.hipSpan;
  const runs = runsAcross(mask, frame, along, LEG_REACH * hipSpan).filter((r) => r.to - r.from + 1 >= LEG_RUN * hipSpan);
  const left = runs.filter((r) => (r.from + r.to) / 2 < 0).pop();
  const right = runs.find((r) => (r.from + r.to) / 2 >= 0);
  if (!left || !right) return null;
  return [(left.from + left.to) / 2, (right.from + right.to) / 2];
}

/** The body with a folded torso or folded legs opened out (the same object when nothing was folded). */
export function openFoldedPose(body: BodyKeypoints, mask: AlphaMask): BodyKeypoints {
  let out = body;
  let frame = bodyFrame(out);
  if (frame.shoulderSpan < FOLDED_SHOULDERS * frame.torsoLength) {
    const [shoulderLeft, shoulderRight] = spread(out.shoulderLeft, out.shoulderRight, frame, (USUAL_SHOULDERS * frame.torsoLength) / 2);
    out = { ...out, shoulderLeft, shoulderRight };
    frame = bodyFrame(out);
  }
  if (frame.hipSpan < FOLDED_HIPS * frame.shoulderSpan) {
    const [hipLeft, hipRight] = spread(out.hipLeft, out.hipRight, frame, (USUAL_HIPS * frame.shoulderSpan) / 2);
    out = { ...out, hipLeft, hipRight };
    frame = bodyFrame(out);
  }
  for (const joint of ['knee', 'ankle'] as const) {
    const left = out[`${joint}Left`];
    const right = out[`${joint}Right`];
    const a = frameCoordinates(frame, left);
    const b = frameCoordinates(frame, right);
    // Folded onto one line, or crossed over it (the image-left joint right of the other).
    if (b.across - a.across >= FOLDED_LEGS * frame.hipSpan) continue;
    const along = (a.along + b.along) / 2;
    const legs = twoLegs(mask, frame, along);
    if (!legs) continue;
    const visibility = Math.min(left.visibility, right.visibility);
    out = { ...out, [`${joint}Left`]: at(inFrame(frame, legs[0], a.along), visibility), [`${joint}Right`]: at(inFrame(frame, legs[1], b.along), visibility) };
  }
  return out;
}
