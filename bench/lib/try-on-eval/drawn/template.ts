// A drawn garment's template: its outline as Bézier paths in metres, cut for
// the reference body flat.ts uses (a flat garment is as wide as half its
// girth, ease added) — neckline, shoulders or straps, armholes or sleeves,
// the side seams of its silhouette, the hem — and what is drawn on it: the
// back's inside seen through the neckline, a waist band or waistband, seams
// and top-stitching, cuffs, buttons, fold lines; and its landmarks, with the
// same names and meaning as flat.ts's. Frame: x to the right on screen, y
// down from the shoulder joints' level (tops and dresses) or from the
// waistband's top (bottoms).
import { REF, flatHalf, refTorso } from '../flat';
import { random, uniform } from '../cases';
import type { LandmarkName } from '../worn';
import { RunBuilder, flatten, inset, lerp, mirrored, pt, reverse, through, withMirror, type Pt, type Run } from './geometry';
import { FRAME, type DrawnSpec } from './spec';

export interface Fold {
  points: Pt[];
  /** Darkening at the fold's valley (0..1) and its half-width, metres. */
  depth: number;
  width: number;
}

export interface DrawnGarment {
  /** The silhouette (one closed run; sleeves and legs included). */
  outline: Run;
  /** The back's inside seen through the front's neckline, if it shows. */
  inside: Run | null;
  /** A label sewn inside the back, if it shows. */
  tag: Run | null;
  /** Bands across the garment (a waist band, a waistband, cuffs, a hem band), each clipped to the outline when drawn. */
  bands: { shape: Run; contrast: boolean }[];
  /** Seams (solid) and top-stitching (dashed), polylines in metres. */
  seams: Pt[][];
  stitches: Pt[][];
  buttons: { centre: Pt; radius: number }[];
  folds: Fold[];
  landmarks: Partial<Record<LandmarkName, Pt>>;
  /** What the worn truth is measured from (metres on the reference body). */
  measures: {
    /** Hem below the frame's origin (shoulder joints or waistband top), at the hem's corner. */
    hemDrop: number;
    /** Flat half-width at the hem's corner (a trouser leg's flat width), and at the hips. */
    hemHalf: number;
    hipHalf: number;
    /** Sleeve length along its top edge from the shoulder seam (0: none). */
    sleeveLength: number;
    /** Front neckline: its half-width at the neck corners and depth below them. */
    neckHalf: number;
    neckDepth: number;
    strap: number;
  };
}

/** The shoulder line's height at x (from the neck's corner down to the shoulder seam). */
const NECK_Y = -0.08;
export const shoulderLineY = (x: number) => NECK_Y + 0.3 * (x - 0.075);

/** The reference torso's flat half-width (half its half-girth) at y below the shoulder joints, with ease. */
function torsoFlat(y: number, e: number): number {
  const r = refTorso(FRAME.hipFromShoulders - y);
  return flatHalf(r + e, r * REF.depth + e);
}

/** Arm radius `length` down from the shoulder, and leg radius `length` down from the hip, on the reference body. */
function refArm(length: number): number {
  return length <= REF.upperArmLength ? REF.upperArm + (REF.elbow - REF.upperArm) * (length / REF.upperArmLength) : REF.elbow + (REF.wrist - REF.elbow) * Math.min(1, (length - REF.upperArmLength) / (REF.armLength - REF.upperArmLength));
}

export function refLeg(length: number): number {
  return length <= REF.thighLength ? REF.thigh + (REF.knee - REF.thigh) * (length / REF.thighLength) : REF.knee + (REF.ankle - REF.knee) * Math.min(1, (length - REF.thighLength) / (REF.legLength - REF.thighLength));
}

/** A cone of half-width a and half-depth 0.8a lies flat this many a wide (flat.ts's convention for a hem). */
export const CONE_FLAT = flatHalf(1, 0.8);

/** What is drawn on a garment, collected while its outline is built: right-side items are mirrored at the end. */
class Marks {
  readonly seams: Pt[][] = [];
  readonly stitches: { points: Pt[]; inset: number }[] = [];
  readonly folds: Fold[] = [];
  readonly bands: DrawnGarment['bands'] = [];
  readonly buttons: DrawnGarment['buttons'] = [];

  seam(points: Pt[], pair: boolean): void {
    this.seams.push(points, ...(pair ? [mirrorPoints(points)] : []));
  }

  stitch(points: Pt[], amount: number, pair: boolean): void {
    this.stitches.push({ points, inset: amount }, ...(pair ? [{ points: mirrorPoints(points), inset: amount }] : []));
  }

  fold(fold: Fold, pair: boolean): void {
    this.folds.push(fold, ...(pair ? [{ ...fold, points: mirrorPoints(fold.points) }] : []));
  }

  /** A band across the body between two heights, `half` either side of the middle (clipped to the outline when drawn), with its seams. */
  across(top: number, bottom: number, half: number, contrast: boolean, seams: 'top' | 'both' | 'none'): void {
    this.bands.push({ shape: new RunBuilder(pt(-half, top)).line(pt(half, top)).line(pt(half, bottom)).line(pt(-half, bottom)).line(pt(-half, top)).run, contrast });
    if (seams !== 'none') this.seams.push([pt(-half, top), pt(half, top)]);
    if (seams === 'both') this.seams.push([pt(-half, bottom), pt(half, bottom)]);
  }
}

const mirrorPoints = (points: readonly Pt[]) => points.map((p) => pt(-p.x, p.y));

export function drawGarment(spec: DrawnSpec): DrawnGarment {
  const marks = new Marks();
  const drawn = spec.slot === 'lower' ? drawLower(spec, marks) : drawUpper(spec, marks);
  const polygon = flatten(drawn.outline, 0.001);
  return {
    ...drawn,
    bands: marks.bands,
    seams: marks.seams,
    stitches: marks.stitches.map((s) => inset(s.points, s.inset, polygon)),
    buttons: marks.buttons,
    folds: marks.folds,
    landmarks: withLeft(drawn.landmarks),
  };
}

type Drawn = Pick<DrawnGarment, 'outline' | 'inside' | 'tag' | 'landmarks' | 'measures'>;

/** A neckline's right half from the centre (0, y0 + depth) up to the corner (nh, y0). */
function necklineRun(kind: DrawnSpec['neckline'] | 'back', nh: number, y0: number, depth: number): Run {
  const c = pt(0, y0 + depth);
  const corner = pt(nh, y0);
  const b = new RunBuilder(c);
  switch (kind) {
    case 'v':
      return b.cubic(lerp(c, corner, 0.35), pt(corner.x - 0.004, corner.y + depth * 0.3), corner).run;
    case 'square': {
      const r = Math.min(0.02, depth * 0.3);
      const x = nh * 0.92;
      return b.line(pt(x - r, c.y)).quad(pt(x, c.y), pt(x, c.y - r)).line(pt(x, y0 + depth * 0.25)).quad(pt(x, y0), corner).run;
    }
    default:
      // Crew, scoop, boat and the back: level at the centre, rising steeply to the corner.
      return b.cubic(pt(nh * 0.58, c.y), pt(nh, y0 + depth * 0.5), corner).run;
  }
}

/** The hem's right half from its corner to the centre, `sag` lower there. */
const hemRun = (corner: Pt, sag: number): Run => new RunBuilder(corner).cubic(pt(corner.x * 0.62, corner.y + sag), pt(corner.x * 0.25, corner.y + sag), pt(0, corner.y + sag)).run;

function drawUpper(spec: DrawnSpec, marks: Marks): Drawn {
  const rng = random(spec.seed * 5 + 77);
  const e = spec.ease;
  const nh = spec.neckHalf;
  const sleeved = spec.sleeveLength > 0;
  const landmarks: DrawnGarment['landmarks'] = {};
  const neckY = shoulderLineY(nh);
  const hipHalf = flatHalf(refTorso(0) + e, refTorso(0) * REF.depth + e);
  const waistY = FRAME.waistFromShoulders;
  const hipY = FRAME.hipFromShoulders;
  const waistHalf = torsoFlat(waistY, e);

  // The top edge (the back's neckline when its inside shows, else the front's), the shoulders, and the armholes or sleeves.
  let side: RunBuilder;
  let inside: Run | null = null;
  let armpit: Pt;
  let frontDepth: number;
  if (spec.sleeve === 'straps') {
    // A bodice whose top runs from the front's neckline out to the underarm, with thin straps up to the shoulders.
    const bodiceY = 0.075 + uniform(rng, 0, 0.02);
    const dip = spec.neckline === 'square' ? 0.004 : spec.neckline === 'v' ? uniform(rng, 0.06, 0.09) : uniform(rng, 0.04, 0.06);
    frontDepth = bodiceY + dip - neckY;
    const backY = bodiceY - 0.006;
    const chest = torsoFlat(bodiceY + 0.01, e);
    armpit = pt(chest, bodiceY + 0.012);
    const c = pt(0, bodiceY + dip);
    const front = spec.neckline === 'v' ? new RunBuilder(c).cubic(pt(nh * 0.3, c.y - dip * 0.3), pt(nh * 0.7, bodiceY + dip * 0.15), pt(nh, bodiceY)).run : new RunBuilder(c).cubic(pt(nh * 0.5, c.y), pt(nh * 0.85, bodiceY + dip * 0.4), pt(nh, bodiceY)).run;
    const sx = nh + spec.strap;
    side = new RunBuilder(spec.insideShows ? pt(0, backY) : c);
    if (spec.insideShows) side.line(pt(nh, backY));
    else side.append(front);
    side.line(pt(nh, neckY)).line(pt(sx, shoulderLineY(sx))).line(pt(sx + 0.004, bodiceY + 0.004)).cubic(pt(sx + (chest - sx) * 0.4, bodiceY + 0.006), pt(chest - 0.01, armpit.y), armpit);
    if (spec.insideShows && dip > 0.01) inside = mirrored(new RunBuilder(c).append(front).line(pt(nh, backY)).line(pt(0, backY)).run);
    landmarks.neckRight = pt(nh, neckY);
    landmarks.shoulderRight = pt(sx, shoulderLineY(sx));
    marks.stitch(flatten(front, 0.002), 0.007, true);
  } else {
    frontDepth = spec.neckDepth;
    const front = necklineRun(spec.neckline, nh, neckY, frontDepth);
    const back = necklineRun('back', nh, neckY, spec.backDepth);
    const showsInside = spec.insideShows && frontDepth > spec.backDepth + 0.01;
    side = new RunBuilder(showsInside ? back.start : front.start).append(showsInside ? back : front);
    if (showsInside) inside = mirrored(new RunBuilder(front.start).append(front).append(reverse(back)).run);
    landmarks.neckRight = pt(nh, neckY);
    marks.stitch(flatten(front, 0.002).slice(1), 0.009, true);
    if (sleeved) {
      const seam = pt(REF.shoulderHalf + 0.3 * REF.upperArm + e, 0);
      seam.y = shoulderLineY(seam.x);
      const chest = torsoFlat(0.1, e);
      const a = (spec.sleeveAngle * Math.PI) / 180;
      const d = pt(Math.cos(a), Math.sin(a));
      const n = pt(-Math.sin(a), Math.cos(a));
      const length = spec.sleeveLength;
      const outer = pt(seam.x + d.x * length, seam.y + d.y * length);
      side.cubic(lerp(side.end, seam, 0.35), lerp(side.end, seam, 0.7), seam).line(outer);
      let cuff: Pt;
      if (spec.sleeve === 'cap') {
        // A cap: its free edge runs from the shoulder's end back to the underarm.
        armpit = pt(Math.max(chest, seam.x + 0.012), seam.y + Math.PI * (REF.upperArm + spec.sleeveEase) * 0.62);
        const edge = new RunBuilder(outer).cubic(pt(outer.x + 0.006, outer.y + 0.04), pt(armpit.x + 0.02, armpit.y - 0.005), armpit).run;
        side.append(edge);
        cuff = lerp(outer, armpit, 0.5);
        marks.stitch(flatten(edge, 0.002), 0.008, true);
      } else {
        const width = Math.PI * (refArm(length) + spec.sleeveEase);
        const inner = pt(outer.x + n.x * width, outer.y + n.y * width);
        armpit = pt(Math.max(chest, seam.x + 0.012), seam.y + Math.PI * (REF.upperArm + spec.sleeveEase) * 0.9);
        // The sleeve's underside, slightly curved, into the underarm.
        side.line(inner).cubic(lerp(inner, armpit, 0.4), pt(armpit.x + 0.025, armpit.y + 0.01), armpit);
        cuff = lerp(outer, inner, 0.5);
        if (spec.sleeve === 'long' || (spec.cut === 'blouse' && rng() < 0.5)) {
          // A cuff band.
          const back = 0.05;
          const o2 = pt(outer.x - d.x * back, outer.y - d.y * back);
          const i2 = pt(inner.x - d.x * back, inner.y - d.y * back);
          const out = 0.01;
          const band = new RunBuilder(pt(outer.x + d.x * out - n.x * out, outer.y + d.y * out - n.y * out))
            .line(pt(inner.x + d.x * out + n.x * out, inner.y + d.y * out + n.y * out))
            .line(pt(i2.x + n.x * out, i2.y + n.y * out))
            .line(pt(o2.x - n.x * out, o2.y - n.y * out))
            .line(pt(outer.x + d.x * out - n.x * out, outer.y + d.y * out - n.y * out)).run;
          for (const shape of withMirror(band)) marks.bands.push({ shape, contrast: false });
          marks.seam([o2, i2], true);
        } else {
          marks.stitch([outer, inner], 0.015, true);
        }
        marks.fold({ points: [lerp(seam, cuff, 0.25), lerp(lerp(outer, cuff, 0.6), cuff, 0.5)], depth: uniform(rng, 0.08, 0.16), width: 0.012 }, true);
      }
      landmarks.cuffRight = cuff;
      landmarks.shoulderRight = seam;
      // The armhole's seam, from the shoulder down to the underarm.
      marks.seam(flatten(new RunBuilder(seam).cubic(pt(seam.x - 0.012, seam.y + 0.06), pt(armpit.x - 0.006, armpit.y - 0.05), armpit).run, 0.002), true);
    } else {
      // Sleeveless: a strap of shoulder, then the armhole scooped down to the underarm.
      const sx = nh + spec.strap;
      const top = pt(sx, shoulderLineY(sx));
      const pitY = 0.1 + uniform(rng, 0, 0.025);
      armpit = pt(torsoFlat(pitY, e), pitY);
      side.cubic(lerp(side.end, top, 0.35), lerp(side.end, top, 0.7), top);
      const hole = new RunBuilder(top).cubic(pt(top.x + 0.006, top.y + (armpit.y - top.y) * 0.6), pt(armpit.x - (armpit.x - top.x) * 0.55, armpit.y), armpit).run;
      side.append(hole);
      landmarks.shoulderRight = top;
      marks.stitch(flatten(hole, 0.002), 0.008, true);
    }
  }
  landmarks.armpitRight = armpit;

  // The sides and the hem, by silhouette.
  const hemY = spec.hemDrop;
  let hem: Pt;
  let skirtTop = hipY;
  if (spec.slot === 'upper') {
    hem = pt(torsoFlat(Math.min(hemY, 0.6), e) * spec.flare, hemY);
    const mid = pt(Math.max(armpit.x, hem.x) - (spec.cut === 'blouse' ? 0.004 : 0.01), armpit.y + (hemY - armpit.y) * 0.5);
    through(side, [mid, hem], pt(armpit.x - 0.02, armpit.y - 0.05), pt(hem.x - 0.01, hem.y + 0.05));
  } else {
    hem = pt(hipHalf * spec.flare, hemY);
    const lineAt = (from: Pt, y: number) => from.x + ((hem.x - from.x) * (y - from.y)) / (hem.y - from.y);
    const past = (k: number) => pt(hem.x + (hem.x - hipHalf) * k, hem.y + 0.12);
    switch (spec.cut) {
      case 'shift': {
        const waist = pt((armpit.x + hipHalf) / 2 - 0.004, waistY);
        through(side, [waist, pt(Math.max(hipHalf, lineAt(waist, hipY)), hipY), hem], pt(armpit.x, armpit.y - 0.05), past(0.2));
        skirtTop = waistY + 0.05;
        break;
      }
      case 'a-line': {
        const from = spec.waist === 'none' ? armpit : pt(waistHalf, waistY);
        if (spec.waist !== 'none') through(side, [from], pt(armpit.x, armpit.y - 0.05), pt(from.x + 0.01, from.y + 0.05));
        if (lineAt(from, hipY) >= hipHalf) side.cubic(lerp(from, hem, 0.3), lerp(from, hem, 0.7), hem);
        else through(side, [pt(hipHalf, hipY), hem], pt(from.x - 0.01, from.y - 0.05), past(0.3));
        skirtTop = spec.waist === 'none' ? armpit.y + 0.1 : waistY;
        break;
      }
      case 'fitted':
        through(side, [pt(waistHalf, waistY), pt(hipHalf, hipY + 0.03), hem], pt(armpit.x, armpit.y - 0.05), pt(hem.x - 0.01, hem.y + 0.05));
        marks.fold({ points: [pt(-waistHalf * 0.7, waistY), pt(0, waistY + 0.02), pt(waistHalf * 0.7, waistY)], depth: 0.08, width: 0.012 }, false);
        break;
      default: {
        // Fit-and-flare: a fitted bodice to the waist, then a full skirt kicking out from it.
        const waist = pt(waistHalf, waistY);
        through(side, [waist], pt(armpit.x, armpit.y - 0.05), pt(waist.x, waist.y + 0.05));
        const kick = pt(waist.x + (hem.x - waist.x) * 0.55, waistY + (hemY - waistY) * 0.22);
        side.cubic(pt(waist.x + 0.03, waistY + 0.01), pt(kick.x - 0.03, kick.y - 0.04), kick).line(hem);
        skirtTop = waistY;
        break;
      }
    }
  }
  const sag = spec.slot === 'full' ? Math.min(0.03, Math.max(0.004, (spec.flare - 1) * 0.05)) : 0.004;
  const hemEdge = hemRun(hem, sag);
  side.append(hemEdge);
  landmarks.hemRight = hem;

  // Waist: a seam, or a band of another colour.
  if (spec.slot === 'full' && spec.waist !== 'none') {
    // Clipped to the body: long sleeves can hang beside the waist.
    const reach = waistHalf * 1.25 + 0.02;
    if (spec.waist === 'band') {
      const h = uniform(rng, 0.035, 0.055);
      marks.across(waistY - h / 2, waistY + h / 2, reach, true, 'both');
    } else {
      marks.seam([pt(-reach, waistY), pt(reach, waistY)], false);
    }
  }
  if (spec.cut === 'long-sleeve') {
    // A ribbed hem band.
    marks.across(hemY - 0.045, hemY + 0.05, hem.x + 0.01, false, 'top');
  } else {
    marks.stitch(flatten(hemEdge, 0.002), 0.016, true);
  }
  if (spec.cut === 'blouse') {
    // A placket and buttons.
    const from = neckY + frontDepth + 0.01;
    marks.seam([pt(0.012, from), pt(0.012, hemY)], true);
    for (let y = from + 0.03; y < hemY - 0.04; y += 0.075) marks.buttons.push({ centre: pt(0, y), radius: 0.0065 });
  }
  // Folds: a skirt's fan from its top to the hem; a top's wrinkle near the waist.
  if (spec.slot === 'full') {
    const count = 2 + Math.round(Math.min(3, Math.max(0, (spec.flare - 0.9) * 4)));
    const topHalf = spec.cut === 'fit-and-flare' || spec.waist !== 'none' ? waistHalf : hipHalf;
    for (let k = 0; k < count; k++) {
      const t = -0.75 + (1.5 * (k + 0.5)) / count + uniform(rng, -0.1, 0.1);
      const a = pt(t * topHalf * 0.7, skirtTop + 0.04);
      const b = pt(t * hem.x * 0.85, hemY - 0.01);
      marks.fold({ points: [a, pt((a.x + b.x) / 2 + uniform(rng, -0.01, 0.01), (a.y + b.y) / 2), b], depth: uniform(rng, 0.1, 0.22), width: uniform(rng, 0.01, 0.02) }, false);
    }
  } else {
    const y = waistY + uniform(rng, 0.0, 0.1);
    marks.fold({ points: [pt(-hem.x * 0.6, y + 0.02), pt(0, y), pt(hem.x * 0.55, y + 0.015)], depth: uniform(rng, 0.06, 0.12), width: 0.015 }, false);
  }

  const tagY = neckY + spec.backDepth + 0.012;
  const tag = inside && spec.backDepth + 0.045 < frontDepth ? new RunBuilder(pt(-0.02, tagY)).line(pt(0.02, tagY)).line(pt(0.019, tagY + 0.017)).line(pt(-0.019, tagY + 0.017)).line(pt(-0.02, tagY)).run : null;
  return {
    outline: mirrored(side.run),
    inside,
    tag,
    landmarks,
    measures: { hemDrop: hemY, hemHalf: hem.x, hipHalf, sleeveLength: sleeved ? spec.sleeveLength : 0, neckHalf: nh, neckDepth: frontDepth, strap: spec.strap },
  };
}

function drawLower(spec: DrawnSpec, marks: Marks): Drawn {
  const rng = random(spec.seed * 5 + 78);
  const e = spec.ease;
  const band = refTorso(FRAME.hipFromWaistband);
  const waist = pt(flatHalf(band + e, band * REF.depth + e), 0);
  const hipY = FRAME.hipFromWaistband;
  const hipHalf = flatHalf(refTorso(0) + e, refTorso(0) * REF.depth + e);
  const hemY = spec.hemDrop;
  const landmarks: DrawnGarment['landmarks'] = { waistRight: waist };
  const bandH = uniform(rng, 0.03, 0.045);
  const side = new RunBuilder(pt(0, 0.003)).cubic(pt(waist.x * 0.4, 0.003), pt(waist.x * 0.8, 0.001), waist);
  let hemHalf: number;
  if (spec.category === 'skirt') {
    const hem = pt(hipHalf * spec.flare, hemY);
    hemHalf = hem.x;
    if (spec.cut === 'pencil') {
      through(side, [pt(hipHalf, hipY + 0.04), hem], pt(waist.x - 0.01, -0.05), pt(hem.x - 0.01, hem.y + 0.05));
      marks.seam([pt(0, hemY - 0.12), pt(0, hemY)], false);
    } else {
      const at = waist.x + ((hem.x - waist.x) * (hipY + 0.03)) / hemY;
      through(side, [pt(Math.max(hipHalf, at), hipY + 0.03), hem], pt(waist.x - 0.01, -0.05), pt(hem.x + (hem.x - hipHalf) * 0.3, hem.y + 0.15));
    }
    const sag = Math.min(0.025, Math.max(0.004, (spec.flare - 1) * 0.05));
    const hemEdge = hemRun(hem, sag);
    side.append(hemEdge);
    landmarks.hemRight = hem;
    marks.stitch(flatten(hemEdge, 0.002), 0.016, true);
    const count = spec.cut === 'pencil' ? 1 : 3 + Math.round(rng() * 2);
    for (let k = 0; k < count; k++) {
      const t = count === 1 ? uniform(rng, -0.3, 0.3) : -0.7 + (1.4 * (k + 0.5)) / count + uniform(rng, -0.08, 0.08);
      marks.fold({ points: [pt(t * waist.x * 0.7, bandH + 0.05), pt(t * (waist.x + hem.x) * 0.42, (bandH + hemY) / 2), pt(t * hem.x * 0.85, hemY - 0.01)], depth: uniform(rng, 0.1, 0.2), width: uniform(rng, 0.01, 0.018) }, false);
    }
  } else {
    const legLength = hemY - hipY;
    const straight = Math.PI * (refLeg(legLength) + e + 0.004);
    const width = spec.cut === 'wide' ? Math.PI * (REF.knee + e + 0.004) * spec.flare : straight * spec.flare;
    hemHalf = width;
    const innerX = 0.012 + 0.04 * (legLength / REF.legLength);
    const crotch = pt(0, hipY + 0.077 + 0.04);
    const inner = pt(innerX, hemY);
    const outer = pt(innerX + width, hemY + 0.004);
    const hip = pt(Math.max(hipHalf, waist.x + 0.01), hipY + 0.05);
    through(side, [hip], pt(waist.x - 0.01, -0.05), lerp(hip, outer, 0.2));
    if (spec.cut === 'shorts') side.line(outer);
    else side.cubic(lerp(hip, outer, 0.35), lerp(hip, outer, 0.7), outer);
    side.line(inner).cubic(pt(inner.x, inner.y - (inner.y - crotch.y) * 0.5), pt(0.012, crotch.y + 0.03), crotch);
    landmarks.crotch = crotch;
    landmarks.legRight = lerp(inner, outer, 0.5);
    // Fly, pockets, a crease or a turn-up.
    marks.stitch(flatten(new RunBuilder(pt(-0.004, bandH + 0.004)).line(pt(-0.04, bandH + 0.004)).line(pt(-0.04, crotch.y - 0.06)).quad(pt(-0.04, crotch.y - 0.02), pt(-0.004, crotch.y - 0.015)).run, 0.002), 0, false);
    marks.seam(flatten(new RunBuilder(pt(waist.x - 0.065, bandH)).quad(pt(waist.x - 0.03, bandH + 0.07), pt(hip.x - 0.004, hipY + 0.04)).run, 0.002), true);
    marks.buttons.push({ centre: pt(0, bandH / 2), radius: 0.008 });
    if (spec.cut !== 'shorts') {
      marks.fold({ points: [pt(innerX + width * 0.5, crotch.y + 0.02), pt(innerX + width * 0.5, hemY - 0.02)], depth: uniform(rng, 0.05, 0.1), width: 0.006 }, true);
      const knee = hipY + REF.thighLength;
      marks.fold({ points: [pt(innerX + width * 0.15, knee), pt(innerX + width * 0.55, knee + 0.02), pt(innerX + width * 0.85, knee - 0.01)], depth: 0.08, width: 0.012 }, true);
    } else if (rng() < 0.5) {
      marks.seam([pt(inner.x - 0.004, hemY - 0.035), pt(outer.x + 0.004, hemY - 0.031)], true);
    }
    marks.stitch([outer, inner], 0.014, true);
  }
  marks.across(-0.02, bandH, waist.x + 0.03, false, 'none');
  marks.seam([pt(-waist.x - 0.03, bandH), pt(waist.x + 0.03, bandH)], false);
  return {
    outline: mirrored(side.run),
    inside: null,
    tag: null,
    landmarks,
    measures: { hemDrop: hemY, hemHalf, hipHalf, sleeveLength: 0, neckHalf: 0, neckDepth: 0, strap: 0 },
  };
}

/** Adds each right landmark's mirror as the left one. */
function withLeft(landmarks: DrawnGarment['landmarks']): DrawnGarment['landmarks'] {
  const out = { ...landmarks };
  for (const [name, p] of Object.entries(landmarks)) {
    if (name.endsWith('Right') && p) out[name.replace(/Right$/, 'Left') as LandmarkName] = pt(-p.x, p.y);
  }
  return out;
}
