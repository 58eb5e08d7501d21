// The fit on synthetic bodies: where landmarks go (shoulders out from the
// joints, sleeves along the upper arms at any angle, trouser legs to the
// ankles, a dress by its own length and never inside the legs), that the
// panel's warp lands them there without tearing, and the occlusion order
// (hands in front, sleeves over arms, head untouched).
import { describe, expect, test } from 'vitest';
import type { RgbaImage } from '../../../src/imaging/image';
import { fitThinPlate } from '../../../src/imaging/thin-plate';
import { foldCheck } from '../../../src/imaging/warp';
import { bodyKeypoints, bodyProblem, type BodyKeypoints, type BodyPointName } from '../../../src/features/try-on/worker/body';
import { alongPath, bodyFrame, frameCoordinates } from '../../../src/features/try-on/worker/body-frame';
import { dress } from '../../../src/features/try-on/worker/dress';
import { planFit, type FitPlan } from '../../../src/features/try-on/worker/fit-plan';
import type { AlphaMask, GarmentLandmarks, Point } from '../../../src/features/try-on/worker/fit-types';
import { limbMapping } from '../../../src/features/try-on/worker/limb-warp';

const W = 300;
const H = 420;

/** A person standing, arms a little out, as pixel keypoints (image sides). */
function standingBody(overrides: Partial<Record<BodyPointName, Point>> = {}): BodyKeypoints {
  const points: Record<BodyPointName, Point> = {
    nose: { x: 150, y: 45 },
    earLeft: { x: 135, y: 42 },
    earRight: { x: 165, y: 42 },
    shoulderLeft: { x: 115, y: 95 },
    shoulderRight: { x: 185, y: 95 },
    elbowLeft: { x: 100, y: 160 },
    elbowRight: { x: 200, y: 160 },
    wristLeft: { x: 95, y: 220 },
    wristRight: { x: 205, y: 220 },
    handLeft: { x: 94, y: 236 },
    handRight: { x: 206, y: 236 },
    hipLeft: { x: 130, y: 220 },
    hipRight: { x: 170, y: 220 },
    kneeLeft: { x: 128, y: 310 },
    kneeRight: { x: 172, y: 310 },
    ankleLeft: { x: 127, y: 395 },
    ankleRight: { x: 173, y: 395 },
    ...overrides,
  };
  return Object.fromEntries(Object.entries(points).map(([name, p]) => [name, { ...p, visibility: 0.99 }])) as BodyKeypoints;
}

/** A t-shirt laid flat in a 200 × 240 image, sleeves out and down, its neckline an everyday one for its chest. */
const TEE: GarmentLandmarks = {
  neckLeft: { x: 85, y: 20 },
  neckRight: { x: 115, y: 20 },
  shoulderLeft: { x: 45, y: 30 },
  shoulderRight: { x: 155, y: 30 },
  cuffLeftOuter: { x: 16, y: 72 },
  cuffLeftInner: { x: 34, y: 92 },
  cuffRightOuter: { x: 184, y: 72 },
  cuffRightInner: { x: 166, y: 92 },
  armpitLeft: { x: 52, y: 80 },
  armpitRight: { x: 148, y: 80 },
  hemLeft: { x: 50, y: 220 },
  hemRight: { x: 150, y: 220 },
};

const TROUSERS: GarmentLandmarks = {
  waistLeft: { x: 60, y: 10 },
  waistRight: { x: 140, y: 10 },
  crotch: { x: 100, y: 80 },
  legLeftOuter: { x: 45, y: 300 },
  legLeftInner: { x: 85, y: 300 },
  legRightOuter: { x: 155, y: 300 },
  legRightInner: { x: 115, y: 300 },
};

/** No measurement on a mask: the fit uses proportions only. */
const noWidth = { sides: () => null, limbHalf: () => null, heightAbove: () => null };

/** A panel mask: a rectangle of the garment photo's size, opaque between x0 and x1 from y0 to y1. */
function panel(width: number, height: number, x0: number, x1: number, y0: number, y1: number): AlphaMask {
  const data = new Uint8ClampedArray(width * height);
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) data[y * width + x] = 255;
  return { data, width, height };
}

const TEE_PANEL = panel(200, 240, 48, 152, 20, 222);
const TROUSERS_PANEL = panel(200, 320, 60, 140, 10, 82);

const find = (plan: FitPlan, name: string) => {
  const found = plan.pairs.find((p) => p.name === name);
  if (!found) throw new Error(`no pair ${name} in ${plan.pairs.map((p) => p.name).join(', ')}`);
  return found.body;
};

/** The deepest pair on one side: the hem's corner. */
const lowestSide = (plan: FitPlan, side: 'left' | 'right') =>
  plan.pairs.filter((p) => p.name.startsWith(`side ${side}`) || p.name === `hem${side === 'left' ? 'Left' : 'Right'}`).reduce((a, b) => (b.body.y > a.body.y ? b : a)).body;

describe('body keypoints', () => {
  test('a person facing the camera: their right shoulder is on the image’s left', () => {
    const landmarks = Array.from({ length: 33 }, () => ({ x: 0.5, y: 0.5, z: 0, visibility: 0.9 }));
    landmarks[11] = { x: 0.6, y: 0.25, z: 0, visibility: 0.9 }; // wearer's left shoulder
    landmarks[12] = { x: 0.4, y: 0.25, z: 0, visibility: 0.9 };
    landmarks[23] = { x: 0.57, y: 0.55, z: 0, visibility: 0.9 };
    landmarks[24] = { x: 0.43, y: 0.55, z: 0, visibility: 0.9 };
    const body = bodyKeypoints(landmarks, 200, 400);
    expect(body.shoulderLeft.x).toBeCloseTo(80);
    expect(body.shoulderRight.x).toBeCloseTo(120);
    expect(bodyProblem(body, 200)).toBeNull();
  });

  test('hidden hips or a tiny torso are not a person to dress', () => {
    const hidden = standingBody();
    hidden.hipLeft.visibility = 0.1;
    expect(bodyProblem(hidden, W)).toMatch(/no person/);
    expect(bodyProblem(standingBody({ shoulderLeft: { x: 149, y: 95 }, shoulderRight: { x: 151, y: 95 } }), W)).toMatch(/too small/);
  });
});

describe('fit plan', () => {
  test('a tee: seams just outside the shoulder joints, neck above them, sides and hem at the body’s width', () => {
    const body = standingBody();
    const plan = planFit('upper', TEE, TEE_PANEL, body, noWidth);
    const frame = bodyFrame(body);
    expect(find(plan, 'shoulderLeft').x).toBeLessThan(body.shoulderLeft.x);
    expect(find(plan, 'shoulderRight').x).toBeGreaterThan(body.shoulderRight.x);
    expect(find(plan, 'neckLeft').y).toBeLessThan(body.shoulderLeft.y);
    const hem = frameCoordinates(frame, lowestSide(plan, 'left'));
    expect(hem.along / frame.torsoLength).toBeGreaterThan(0.85);
    // This tee is long for its chest: as long as a tunic, but no further than a little past the hips.
    const ankles = frameCoordinates(frame, body.ankleLeft).along;
    expect(hem.along).toBeLessThanOrEqual(1.05 * frame.torsoLength + 0.45 * (ankles - frame.torsoLength) + 1);
    // The sides follow the body: the hem is a little wider than the hips, not the photo's rectangle.
    const hipHalf = frame.hipSpan / 2;
    expect(Math.abs(hem.across)).toBeGreaterThan(hipHalf);
    expect(Math.abs(hem.across)).toBeLessThan(hipHalf * 3);
  });

  test('seated, the thighs pointing at the camera: a top goes on over the lap, the same above the hips', () => {
    const standing = standingBody();
    const seated = standingBody({ kneeLeft: { x: 128, y: 250 }, kneeRight: { x: 172, y: 250 }, ankleLeft: { x: 127, y: 335 }, ankleRight: { x: 173, y: 335 } });
    // A tee of an everyday length (its hem a little below the hips worn), so the length cap past the hips does not decide.
    const tee = { ...TEE, hemLeft: { x: 50, y: 140 }, hemRight: { x: 150, y: 140 } };
    const belowHips = (body: BodyKeypoints) => {
      const plan = planFit('upper', tee, panel(200, 240, 48, 152, 20, 162), body, noWidth);
      const frame = bodyFrame(body);
      return { plan, below: frameCoordinates(frame, lowestSide(plan, 'left')).along - frameCoordinates(frame, body.hipLeft).along };
    };
    const upright = belowHips(standing);
    const onChair = belowHips(seated);
    expect(upright.below).toBeGreaterThan(5);
    // 26 px standing, 42 seated (up to the cap on a top's length past the hips, which the seated body's ankles bring in).
    expect(onChair.below).toBeGreaterThan(1.5 * upright.below);
    expect(find(onChair.plan, 'side left 0')).toEqual(find(upright.plan, 'side left 0'));
  });

  test('sleeves follow the upper arms at any angle and end before the elbow', () => {
    for (const out of [10, 45, 80]) {
      const a = (out * Math.PI) / 180;
      const elbow = (side: -1 | 1) => ({ x: 150 + side * 35 + side * 65 * Math.sin(a), y: 95 + 65 * Math.cos(a) });
      const wrist = (side: -1 | 1) => ({ x: elbow(side).x + side * 60 * Math.sin(a), y: elbow(side).y + 60 * Math.cos(a) });
      const body = standingBody({ elbowLeft: elbow(-1), elbowRight: elbow(1), wristLeft: wrist(-1), wristRight: wrist(1), handLeft: wrist(-1), handRight: wrist(1) });
      const plan = planFit('upper', TEE, TEE_PANEL, body, noWidth);
      expect(plan.limbs.map((l) => l.side).sort(), `${out}°`).toEqual([-1, 1]);
      for (const limb of plan.limbs) {
        expect(limb.path[0], `${out}°`).toEqual(limb.side < 0 ? body.shoulderLeft : body.shoulderRight);
        expect(limb.length, `${out}°`).toBeGreaterThan(10);
        expect(limb.length, `${out}°`).toBeLessThan(65);
        // A point down the arm comes from the sleeve's axis.
        const along = alongPath(limb.path, limb.length / 2).point;
        const source = limbMapping(limb)(along.x, along.y);
        const { rootOuter, rootInner, endOuter, endInner } = limb.source;
        expect(source.x, `${out}°`).toBeCloseTo((rootOuter.x + rootInner.x + endOuter.x + endInner.x) / 4, 0);
        expect(source.y, `${out}°`).toBeCloseTo((rootOuter.y + rootInner.y + endOuter.y + endInner.y) / 4, 0);
      }
    }
  });

  test('trousers: waist above the hips, crotch below, legs along the legs to the ankles', () => {
    const body = standingBody();
    const plan = planFit('lower', TROUSERS, TROUSERS_PANEL, body, noWidth);
    expect(lowestSide(plan, 'left').y).toBeGreaterThan(body.hipLeft.y);
    expect(plan.pairs.filter((p) => p.name.startsWith('side left')).every((p) => p.body.y >= body.shoulderLeft.y)).toBe(true);
    expect(find(plan, 'crotch').y).toBeGreaterThan(body.hipLeft.y);
    for (const limb of plan.limbs) {
      const end = alongPath(limb.path, limb.start + limb.length).point;
      const ankle = limb.side < 0 ? body.ankleLeft : body.ankleRight;
      expect(Math.hypot(end.x - ankle.x, end.y - ankle.y)).toBeLessThan(30);
    }
  });

  test('a dress hangs by its own length, at least as wide as the legs, never past the ankles', () => {
    const body = standingBody({ ankleLeft: { x: 100, y: 395 }, ankleRight: { x: 200, y: 395 } });
    const dressPanel = (hem: number) => panel(200, 300, 40, 160, 20, hem);
    const short = planFit('full', { ...TEE, hemLeft: { x: 40, y: 170 }, hemRight: { x: 160, y: 170 } }, dressPanel(170), body, noWidth);
    const long = planFit('full', { ...TEE, hemLeft: { x: 40, y: 270 }, hemRight: { x: 160, y: 270 } }, dressPanel(270), body, noWidth);
    expect(lowestSide(long, 'left').y).toBeGreaterThan(lowestSide(short, 'left').y + 40);
    expect(lowestSide(long, 'left').y).toBeLessThanOrEqual(body.ankleLeft.y + 2);
    // Below the knees the legs spread to the ankles: the hem stays outside them.
    const legAt = (knee: Point, ankle: Point, y: number) => knee.x + ((ankle.x - knee.x) * (y - knee.y)) / (ankle.y - knee.y);
    const left = lowestSide(long, 'left');
    const right = lowestSide(long, 'right');
    expect(left.y).toBeGreaterThan(body.kneeLeft.y);
    expect(left.x).toBeLessThan(legAt(body.kneeLeft, body.ankleLeft, left.y));
    expect(right.x).toBeGreaterThan(legAt(body.kneeRight, body.ankleRight, right.y));
  });

  test('the panel’s warp sends each body target to its garment point and does not fold', () => {
    for (const [kind, garment, mask] of [['upper', TEE, TEE_PANEL], ['lower', TROUSERS, TROUSERS_PANEL]] as const) {
      const plan = planFit(kind, garment, mask, standingBody(), noWidth);
      const toGarment = fitThinPlate(plan.pairs.map((p) => p.body), plan.pairs.map((p) => p.garment));
      for (const p of plan.pairs) {
        const landed = toGarment.map(p.body.x, p.body.y);
        expect(Math.hypot(landed.x - p.garment.x, landed.y - p.garment.y), `${kind} ${p.name}`).toBeLessThan(0.5);
      }
      const xs = plan.pairs.map((p) => p.body.x);
      const ys = plan.pairs.map((p) => p.body.y);
      const x0 = Math.min(...xs);
      const y0 = Math.min(...ys);
      const inBox = (x: number, y: number) => toGarment.map(x + x0, y + y0);
      expect(foldCheck(inBox, Math.max(...xs) - x0, Math.max(...ys) - y0, 4), kind).toBe(0);
    }
  });
});

/** A flat-colour image with shapes painted in. */
function canvas(width: number, height: number, fill: readonly number[]): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set(fill, i);
  return { data, width, height };
}

function paint(image: RgbaImage, inside: (x: number, y: number) => boolean, colour: readonly number[]): void {
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) if (inside(x, y)) image.data.set(colour, (y * image.width + x) * 4);
  }
}

const near = (p: Point, q: Point, r: number) => Math.hypot(p.x - q.x, p.y - q.y) <= r;
function segmentNear(p: Point, a: Point, b: Point, r: number): boolean {
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / ((b.x - a.x) ** 2 + (b.y - a.y) ** 2)));
  return near(p, { x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) }, r);
}

/**
 * The person: one skin colour on grey, the right hand resting on the belly,
 * drawn `handShift` away from where the pose puts it; dressed in a blue tee.
 */
function handOnBelly(handShift: Point = { x: 0, y: 0 }) {
  const SKIN = [205, 160, 130, 255];
  const body = standingBody({ elbowRight: { x: 205, y: 160 }, wristRight: { x: 160, y: 190 }, handRight: { x: 148, y: 196 } });
  const shifted = (p: Point) => ({ x: p.x + handShift.x, y: p.y + handShift.y });
  const person = canvas(W, H, [128, 128, 128, 255]);
  const hand: [Point, Point, number] = [shifted(body.wristRight), shifted(body.handRight), 9];
  const limbs: [Point, Point, number][] = [
    [body.nose, { x: 150, y: 95 }, 22],
    [body.shoulderLeft, body.shoulderRight, 14],
    [{ x: 150, y: 100 }, { x: 150, y: 220 }, 38],
    [body.shoulderLeft, body.elbowLeft, 10],
    [body.elbowLeft, body.wristLeft, 8],
    [body.shoulderRight, body.elbowRight, 10],
    [body.elbowRight, shifted(body.wristRight), 8],
    hand,
    [body.hipLeft, body.ankleLeft, 14],
    [body.hipRight, body.ankleRight, 14],
  ];
  const inPerson = (x: number, y: number) => limbs.some(([a, b, r]) => segmentNear({ x, y }, a, b, r));
  paint(person, inPerson, SKIN);
  const personAlpha = new Uint8ClampedArray(W * H);
  for (let i = 0; i < personAlpha.length; i++) personAlpha[i] = inPerson(i % W, Math.floor(i / W)) ? 255 : 0;
  // The garment: a blue tee shape around TEE's landmarks.
  const BLUE = [30, 60, 200, 255];
  const garment = canvas(200, 240, [0, 0, 0, 0]);
  paint(garment, (x, y) => (x >= 48 && x <= 152 && y >= 22 && y <= 222) || segmentNear({ x, y }, { x: 48, y: 40 }, { x: 20, y: 88 }, 14) || segmentNear({ x, y }, { x: 152, y: 40 }, { x: 180, y: 88 }, 14), BLUE);
  const dressed = dress({ person, personAlpha, body, garment, kind: 'upper', landmarks: TEE });
  const at = (x: number, y: number) => Array.from(dressed.image.data.slice((y * W + x) * 4, (y * W + x) * 4 + 3));
  const isBlue = (c: number[]) => c[2] > 150 && c[0] < 90;
  const isSkin = (c: number[]) => Math.abs(c[0] - SKIN[0]) < 12 && Math.abs(c[2] - SKIN[2]) < 12;
  /** The drawn hand's pixels past its wrist, two pixels in from its edge. */
  const handCore = () => {
    const [wrist, knuckles, radius] = hand;
    const pastWrist = (p: Point) => (p.x - wrist.x) * (knuckles.x - wrist.x) + (p.y - wrist.y) * (knuckles.y - wrist.y) >= 0;
    const points: Point[] = [];
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (pastWrist({ x, y }) && segmentNear({ x, y }, wrist, knuckles, radius - 2)) points.push({ x, y });
    return points;
  };
  return { body, at, isBlue, isSkin, handCore };
}

describe('occlusion', () => {
  const { body, at, isBlue, isSkin } = handOnBelly();

  test('the garment covers the chest', () => {
    expect(isBlue(at(150, 140)), String(at(150, 140))).toBe(true);
  });

  test('the hand on the belly stays in front of it', () => {
    expect(isSkin(at(150, 196)), String(at(150, 196))).toBe(true);
  });

  test('the sleeve lies over the upper arm', () => {
    const upperArm = { x: Math.round((body.shoulderLeft.x + body.elbowLeft.x) / 2), y: Math.round(body.shoulderLeft.y + 20) };
    expect(isBlue(at(upperArm.x, upperArm.y)), String(at(upperArm.x, upperArm.y))).toBe(true);
  });

  test('the head and the background are untouched', () => {
    expect(isSkin(at(150, 45))).toBe(true);
    expect(at(10, 410)).toEqual([128, 128, 128]);
  });
});

describe('a hand the pose puts a little off', () => {
  test('stays in front of the garment, edge and all', () => {
    // Drawn 8 px below the pose's hand (about a ninth of the shoulders' span), as a pose model reads crossed arms.
    const { at, isSkin, handCore } = handOnBelly({ x: 0, y: 8 });
    const painted = handCore().filter((p) => !isSkin(at(p.x, p.y)));
    expect(painted.length, JSON.stringify(painted.slice(0, 5))).toBe(0);
  });
});
