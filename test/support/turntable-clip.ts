// Turntable clips: a product (a mug, a box, a bottle or a mannequin) turning
// about its vertical axis in front of the moving-camera clips' backdrop, with
// every frame's exact alpha. Unlike camera-clip.ts, whose subject is a flat
// sprite, the subject here is a small 3D scene ray-cast per pixel in Node
// (cylinders, a torus-like handle, boxes, capsules and ellipsoids, all
// intersected analytically except the handle, which is sphere-traced), so its
// outline changes as it turns: a mug's handle swings round and hides behind
// the body, a box widens and narrows, a figure's arms sweep in front and
// behind. Edges are supersampled and motion blur averages sub-frames; the
// true alpha is the coverage of the very samples the colour was mixed from.
// The backdrop, the camera paths and the split into halves are camera-clip's.
import type { RgbaImage } from '../../src/imaging/image';
import { encodeSrgb, hexToLinear, type Rgb } from '../../src/imaging/scene/color';
import { between, createRandom, hash2, pickOne, type Random } from '../../src/imaging/scene/random';
import {
  FLOORS,
  WALLS,
  clipHalf,
  paintWorld,
  poseAt,
  developFrame,
  subFrameTimes,
  sweep,
  waveAt,
  wobble,
  type CameraClip,
  type CameraClipSpec,
  type ClipHalf,
  type Pose,
  type Wave,
  type World,
} from './camera-clip';

/** Bump when the rendering changes, so clips cached by the benches are made again. */
export const TURNTABLE_CLIP_VERSION = 1;

export type TurntableKind = 'mug' | 'box' | 'bottle' | 'figure';

/** What the camera does: stays still, pans across the wall, is hand-held (shake and long exposures), or loses the subject off one side for a while. */
export type TurntableMove = 'still' | 'pan' | 'handheld' | 'exit';

export const TURNTABLE_KINDS: readonly TurntableKind[] = ['mug', 'box', 'bottle', 'figure'];
export const TURNTABLE_MOVES: readonly TurntableMove[] = ['still', 'pan', 'handheld', 'exit'];

/** A mug one unit tall, standing on y = 0, the handle towards +x. Colours are '#rrggbb'. */
export interface MugLook {
  kind: 'mug';
  radius: number;
  /** Wall thickness and the inside floor's height. */
  wall: number;
  floor: number;
  /** The handle: a tube (radius `thickness`) around a stadium (half-width `reach`, straight part ±`straight`) centred at height `centre`. */
  handle: { centre: number; reach: number; straight: number; thickness: number };
  glaze: string;
  inside: string;
  pattern: 'dots' | 'stripes' | 'print';
  ink: [string, string];
  glossy: boolean;
}

/** A carton: width (x) × height (y) × depth (z), faces printed front/back, sides and top. */
export interface BoxLook {
  kind: 'box';
  width: number;
  height: number;
  depth: number;
  faces: [string, string, string];
  ink: [string, string];
}

/** A bottle one unit tall: body, shoulder, neck and cap, a paper label round the body. */
export interface BottleLook {
  kind: 'bottle';
  radius: number;
  /** Height where the body ends and the shoulder (a half-ellipsoid `shoulder` tall) begins. */
  body: number;
  shoulder: number;
  neck: number;
  neckTop: number;
  capRadius: number;
  glass: string;
  cap: string;
  label: { bottom: number; top: number; paper: string; ink: [string, string] };
  glossy: boolean;
}

/** A mannequin one unit tall facing +z, arms held out (angles in radians: out to the side, forward, elbow bend). */
export interface FigureLook {
  kind: 'figure';
  skin: string;
  hair: string;
  shirt: string;
  trousers: string;
  shoes: string;
  longSleeves: boolean;
  arms: { out: number; forward: number; bend: number }[];
  stance: number;
}

export type TurntableLook = MugLook | BoxLook | BottleLook | FigureLook;

export interface TurntableClipSpec {
  seed: number;
  kind: TurntableKind;
  move: TurntableMove;
  width: number;
  height: number;
  fps: number;
  frames: number;
  /** The camera over the backdrop, as camera-clip's (x, y in frame widths, log zoom, roll in radians). */
  camera: CameraClipSpec['camera'];
  /**
   * The subject in the world: its centre (frame widths), its projected height
   * (frame heights at zoom 1), its parallax (as camera-clip's), its turn
   * (yaw at the start and the signed turn over the clip, radians) and its
   * tilt in the picture (radians).
   */
  subject: { x: Wave; y: Wave; height: number; parallax: number; yaw: { start: number; turn: number }; tilt: Wave };
  /** The view: how far the camera looks down (radians) and its distance (object heights; the perspective is mild). */
  view: { pitch: number; distance: number };
  look: TurntableLook;
  backdrop: CameraClipSpec['backdrop'];
  blur: { subFrames: number; shutter: number };
  grain: number;
}

export type TurntableClip = CameraClip<TurntableClipSpec>;

/** The split, as camera-clip's: odd seeds tune, even seeds are held out. */
export function turntableHalf(seed: number): ClipHalf {
  return clipHalf(seed);
}

/**
 * The kind and move of a seed's pair (seeds 2k−1 and 2k share one, so both
 * halves hold every kind): kinds cycle every pair, and each kind steps
 * through the moves every four pairs, so seeds 1–16 give every kind two
 * moves and seeds 1–32 give it all four.
 */
function kindAndMove(seed: number): { kind: TurntableKind; move: TurntableMove } {
  const pair = Math.floor((seed - 1) / 2);
  const k = pair % TURNTABLE_KINDS.length;
  const round = Math.floor(pair / TURNTABLE_KINDS.length) % 4;
  const first = [1, 0, 2, 3][k];
  const step = [0, 2, 1, 3][round];
  return { kind: TURNTABLE_KINDS[k], move: TURNTABLE_MOVES[(first + step) % TURNTABLE_MOVES.length] };
}

const wave = (offset: number, ...terms: [number, number, number][]): Wave => ({
  offset,
  terms: terms.map(([amplitude, frequency, phase]) => ({ amplitude, frequency, phase })),
});

const MUG_GLAZES = ['#f3efe6', '#2f4b7c', '#c8553d', '#e9b949', '#5b8e7d', '#232326', '#e7a1a0', '#7fa7c9', '#8e5b9a'];
const BOX_COLOURS = ['#d62828', '#f77f00', '#003049', '#2a9d8f', '#6a4c93', '#ffbe0b', '#118ab2', '#ef476f', '#06a77d', '#3a5a40', '#f4f1de'];
const INKS = ['#ffffff', '#1b1b1e', '#ffd23f', '#d7263d', '#1b998b', '#2e86ab', '#f46036'];
const BOTTLE_GLASS = ['#2e7d32', '#8d5524', '#1565c0', '#eeeeee', '#b71c1c', '#263238', '#ff8f00', '#6a1b9a'];
const PAPERS = ['#fbf7ee', '#f1ddae', '#e4ecf2', '#222222', '#f7d6d0'];
const CAPS = ['#c9a640', '#b8bcc2', '#141414', '#fafafa', '#c62828', '#1e88e5'];
const SKINS = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac'];
const SHIRTS = ['#d62828', '#1e88e5', '#f4a261', '#2a9d8f', '#ffd166', '#6a4c93', '#ffffff', '#ef476f'];
const TROUSERS = ['#1f3a5f', '#2b2b2b', '#5c4033', '#4a5d23', '#3d3d6b', '#8a8d91'];
const SHOES = ['#141414', '#5a3a1a', '#e8e8e8', '#b22222'];
const HAIR = ['#2b1b0e', '#4a2f1b', '#d8b46a', '#111111', '#8a3b12', '#b0b0b0'];

/** Two different colours from a list, neither too like `avoid`. */
function pickInks(random: Random, list: readonly string[], avoid: string): [string, string] {
  const usable = list.filter((c) => c !== avoid);
  const first = pickOne(random, usable);
  const second = pickOne(
    random,
    usable.filter((c) => c !== first),
  );
  return [first, second];
}

function mugLook(random: Random): MugLook {
  const glaze = pickOne(random, MUG_GLAZES);
  const radius = between(random, 0.34, 0.42);
  return {
    kind: 'mug',
    radius,
    wall: between(random, 0.03, 0.045),
    floor: between(random, 0.07, 0.1),
    handle: { centre: between(random, 0.48, 0.54), reach: between(random, 0.16, 0.2), straight: between(random, 0.04, 0.09), thickness: between(random, 0.035, 0.045) },
    glaze,
    inside: random() < 0.5 ? '#f4f1ea' : glaze,
    pattern: pickOne(random, ['dots', 'stripes', 'print'] as const),
    ink: pickInks(random, INKS, glaze),
    glossy: random() < 0.6,
  };
}

function boxLook(random: Random): BoxLook {
  const front = pickOne(random, BOX_COLOURS);
  const side = pickOne(
    random,
    BOX_COLOURS.filter((c) => c !== front),
  );
  const top = pickOne(
    random,
    BOX_COLOURS.filter((c) => c !== front && c !== side),
  );
  const height = 1;
  return { kind: 'box', width: between(random, 0.6, 0.85), height, depth: between(random, 0.25, 0.45), faces: [front, side, top], ink: pickInks(random, INKS, front) };
}

function bottleLook(random: Random): BottleLook {
  const glass = pickOne(random, BOTTLE_GLASS);
  const radius = between(random, 0.15, 0.2);
  const body = between(random, 0.5, 0.62);
  const shoulder = between(random, 0.12, 0.2);
  const neckTop = between(random, 0.86, 0.9);
  const bottom = between(random, 0.1, 0.16);
  const paper = pickOne(random, PAPERS);
  return {
    kind: 'bottle',
    radius,
    body,
    shoulder,
    neck: between(random, 0.045, 0.06),
    neckTop,
    capRadius: between(random, 0.055, 0.07),
    glass,
    cap: pickOne(random, CAPS),
    label: { bottom, top: Math.min(body - 0.04, bottom + between(random, 0.25, 0.36)), paper, ink: pickInks(random, INKS, paper) },
    glossy: random() < 0.6,
  };
}

function figureLook(random: Random): FigureLook {
  const deg = Math.PI / 180;
  return {
    kind: 'figure',
    skin: pickOne(random, SKINS),
    hair: pickOne(random, HAIR),
    shirt: pickOne(random, SHIRTS),
    trousers: pickOne(random, TROUSERS),
    shoes: pickOne(random, SHOES),
    longSleeves: random() < 0.5,
    arms: [
      // One arm held out to the side, the other reaching forward.
      { out: between(random, 45, 85) * deg, forward: between(random, -25, 25) * deg, bend: between(random, 0, 40) * deg },
      { out: between(random, 10, 35) * deg, forward: between(random, 40, 85) * deg, bend: between(random, 10, 60) * deg },
    ],
    stance: between(random, 0.03, 0.07),
  };
}

/** The object's height and the largest distance of its body from the axis, for framing. */
function extentOf(look: TurntableLook): { height: number; radius: number } {
  switch (look.kind) {
    case 'mug':
      return { height: 1, radius: look.radius };
    case 'box':
      // Half the box's depth as seen from the camera, on average over a turn.
      return { height: look.height, radius: (look.width + look.depth) / Math.PI };
    case 'bottle':
      return { height: 1, radius: look.radius };
    case 'figure':
      return { height: 1, radius: 0.12 };
  }
}

/** How tall the object looks, in object units, from `pitch` above. */
function projectedHeight(look: TurntableLook, pitch: number): number {
  const { height, radius } = extentOf(look);
  return height * Math.cos(pitch) + 2 * radius * Math.sin(pitch);
}

/** A recipe from a seed, at a size and length. */
export function turntableClipSpec(seed: number, size: { width: number; height: number; fps: number; frames: number }): TurntableClipSpec {
  const random = createRandom(seed * 6151 + 29);
  const { kind, move } = kindAndMove(seed);
  const aspect = size.height / size.width;
  const duration = size.frames / size.fps;
  const deg = Math.PI / 180;
  const wall = pickOne(random, WALLS);
  const floor = pickOne(random, FLOORS);
  const look = kind === 'mug' ? mugLook(random) : kind === 'box' ? boxLook(random) : kind === 'bottle' ? bottleLook(random) : figureLook(random);
  const pitch = between(random, 5, 15) * deg;
  // The projected height (frame heights) and where the object's foot is in the frame.
  const height = move === 'exit' ? between(random, 0.4, 0.6) : between(random, 0.48, 0.75);
  const foot = between(random, Math.max(height + 0.07, 0.62), 0.95);
  const horizon = Math.max(0.45, foot - between(random, 0.04, 0.14));
  const parallax = between(random, 0, 0.2);
  const shake = move === 'handheld' ? between(random, 0.01, 0.018) : move === 'still' ? 0 : between(random, 0, 0.0025);
  // The subject's half-width in frame widths, roughly: how far a camera or subject must go to lose it.
  const halfWidth = (height * aspect * (2 * extentOf(look).radius + (kind === 'mug' ? 0.25 : kind === 'figure' ? 0.6 : 0))) / projectedHeight(look, pitch) / 2;
  const exitBy: 'camera' | 'subject' = random() < 0.5 ? 'camera' : 'subject';
  const exitSide = random() < 0.5 ? 1 : -1;
  // Far enough that it is gone for about a fifth of the clip (the camera's travel moves the subject 1 + parallax times as far).
  const exitSpan = ((0.5 + halfWidth + 0.03) * between(random, 1.02, 1.12)) / (exitBy === 'camera' ? 1 + parallax : 1);
  // Out and back over the clip: 0 at the start and the end, `reach` half way.
  const outAndBack = (reach: number, ...more: [number, number, number][]): Wave => wave(reach / 2, [-reach / 2, 1 / duration, Math.PI / 2], ...more);
  let cameraX: Wave;
  if (move === 'pan') cameraX = wave(0, sweep(random, between(random, 0.1, 0.22), 0.22), ...wobble(random, shake));
  else if (move === 'exit' && exitBy === 'camera') cameraX = outAndBack(exitSide * exitSpan, ...wobble(random, shake));
  else cameraX = wave(0, ...wobble(random, shake));
  const cameraY = move === 'still' ? wave(0) : wave(0, [between(random, -0.006, 0.006), between(random, 0.1, 0.3), between(random, 0, 6)], ...wobble(random, shake * aspect));
  const roll = move === 'still' ? wave(0) : wave(0, ...wobble(random, move === 'handheld' ? between(random, 0.005, 0.012) : 0.001));
  // The subject drifts to and fro, or leaves the frame on the side the camera would have panned to, and comes back.
  const subjectX =
    move === 'exit' && exitBy === 'subject' ? outAndBack(-exitSide * exitSpan) : wave(0, [between(random, 0.015, 0.05), 1 / between(random, 3, 6), between(random, 0, 6)]);
  const tiltBase = between(random, -2.5, 2.5) * deg;
  const turn = (random() < 0.5 ? 1 : -1) * between(random, 150, 360) * deg;
  const spec: TurntableClipSpec = {
    seed,
    kind,
    move,
    ...size,
    camera: { x: cameraX, y: cameraY, logZoom: wave(0), roll },
    subject: {
      x: subjectX,
      // The centre's height: the projected object's lower edge at `foot`, plus a small bob.
      y: wave((foot - 0.5 - height / 2) * aspect, [between(random, 0.002, 0.006), between(random, 0.6, 1.4), between(random, 0, 6)]),
      height,
      parallax,
      yaw: { start: between(random, 0, 2 * Math.PI), turn },
      tilt: wave(tiltBase, [between(random, 0.5, 1.5) * deg, 1 / between(random, 3, 6), between(random, 0, 6)]),
    },
    view: { pitch, distance: between(random, 4, 7) },
    look,
    backdrop: {
      wall: wall.kind,
      wallColors: pickOne(random, wall.colors),
      floor: floor.material,
      floorColors: pickOne(random, floor.colors),
      scale: between(random, ...wall.scale),
      horizon,
    },
    // Enough sub-frames that the fastest moves (a hand-held shake, the pan off and back) blur without visible steps.
    blur:
      move === 'handheld' || move === 'exit'
        ? { subFrames: 9, shutter: move === 'handheld' ? between(random, 0.7, 1) : between(random, 0.4, 0.6) }
        : move === 'still'
          ? { subFrames: 3, shutter: between(random, 0.3, 0.5) }
          : { subFrames: 5, shutter: between(random, 0.4, 0.6) },
    grain: between(random, 2, 5),
  };
  // Centre the subject across the frame, a little off to one side by the seed:
  // on average over the clip, or at its start when it is to leave the frame.
  const target = size.width * between(random, 0.4, 0.6);
  const start = poseAt(spec, 0);
  let across = 0;
  const times = move === 'exit' ? [0] : Array.from({ length: size.frames }, (_, f) => f / size.fps);
  for (const t of times) across += placeAt(spec, poseAt(spec, t), start, t).cx / times.length;
  spec.subject.x.offset += (target - across) / size.width;
  return spec;
}

/** Where the subject's centre is in the frame at time t (pixels), its scale (pixels per object unit) and its roll in the picture. */
function placeAt(spec: TurntableClipSpec, pose: Pose, start: Pose, t: number): { cx: number; cy: number; scale: number; roll: number } {
  const { subject } = spec;
  // Nearer than the backdrop: the camera's travel moves it (1 + parallax) times as far across the frame.
  const camX = start.x + (pose.x - start.x) * (1 + subject.parallax);
  const camY = start.y + (pose.y - start.y) * (1 + subject.parallax);
  const dx = waveAt(subject.x, t) - camX;
  const dy = waveAt(subject.y, t) - camY;
  // World → frame: the inverse of camera-clip's toWorld.
  const cx = (pose.cos * dx + pose.sin * dy) * pose.zoom * spec.width + spec.width / 2;
  const cy = (-pose.sin * dx + pose.cos * dy) * pose.zoom * spec.width + spec.height / 2;
  const scale = (subject.height * spec.height * pose.zoom) / projectedHeight(spec.look, spec.view.pitch);
  return { cx, cy, scale, roll: Math.atan2(pose.sin, pose.cos) + waveAt(subject.tilt, t) };
}

// ---------------------------------------------------------------------------
// Ray casting. Object space: y up, the object standing on y = 0 and turning
// about the y axis. A ray is o + t·d with |d| = 1.

interface Hit {
  t: number;
  id: number;
  x: number;
  y: number;
  z: number;
  nx: number;
  ny: number;
  nz: number;
}

/** A surface's material at a hit: linear albedo, gloss 0–1 and the highlight's sharpness. */
interface Material {
  r: number;
  g: number;
  b: number;
  gloss: number;
  shine: number;
}

interface Model {
  /** Object-space bounds: x0, y0, z0, x1, y1, z1. */
  bounds: [number, number, number, number, number, number];
  /** Height of the point the camera is centred on (the middle of the object). */
  pivot: number;
  trace(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, hit: Hit): boolean;
  paint(hit: Hit, material: Material): void;
}

const len2 = (a: number, b: number): number => Math.sqrt(a * a + b * b);
const len3 = (a: number, b: number, c: number): number => Math.sqrt(a * a + b * b + c * c);

const smoothstep = (a: number, b: number, x: number): number => {
  const t = Math.min(1, Math.max(0, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
};

function setColour(material: Material, colour: Rgb, gloss: number, shine: number): void {
  material.r = colour[0];
  material.g = colour[1];
  material.b = colour[2];
  material.gloss = gloss;
  material.shine = shine;
}

function scaleColour(material: Material, k: number): void {
  material.r *= k;
  material.g *= k;
  material.b *= k;
}

/** Entry and exit of a ray through a solid vertical cylinder about the y axis, radius r, y0 ≤ y ≤ y1, into `span`; sideIn and sideOut say whether they are on its side (or else on an end). False when the ray misses it. */
const span = { tIn: 0, tOut: 0, sideIn: false, sideOut: false };
function cylinderSpan(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, r: number, y0: number, y1: number): boolean {
  const a = dx * dx + dz * dz;
  const b = ox * dx + oz * dz;
  const c = ox * ox + oz * oz - r * r;
  let s0: number;
  let s1: number;
  if (a < 1e-12) {
    if (c > 0) return false;
    s0 = -Infinity;
    s1 = Infinity;
  } else {
    const disc = b * b - a * c;
    if (disc < 0) return false;
    const root = Math.sqrt(disc);
    s0 = (-b - root) / a;
    s1 = (-b + root) / a;
  }
  let p0: number;
  let p1: number;
  if (Math.abs(dy) < 1e-12) {
    if (oy < y0 || oy > y1) return false;
    p0 = -Infinity;
    p1 = Infinity;
  } else {
    const ta = (y0 - oy) / dy;
    const tb = (y1 - oy) / dy;
    p0 = Math.min(ta, tb);
    p1 = Math.max(ta, tb);
  }
  span.sideIn = s0 > p0;
  span.sideOut = s1 < p1;
  span.tIn = span.sideIn ? s0 : p0;
  span.tOut = span.sideOut ? s1 : p1;
  return span.tIn <= span.tOut && span.tOut > 0;
}

/** Entry and exit of a ray through an axis-aligned box (x0, y0, z0, x1, y1, z1) into `slab`, with the axis it enters through. False when the ray misses it. */
const slab = { tIn: 0, tOut: 0, axis: 0 };
function boxSpan(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, b: readonly number[]): boolean {
  slab.tIn = -Infinity;
  slab.tOut = Infinity;
  slab.axis = 0;
  return slabAxis(0, ox, dx, b[0], b[3]) && slabAxis(1, oy, dy, b[1], b[4]) && slabAxis(2, oz, dz, b[2], b[5]) && slab.tIn <= slab.tOut && slab.tOut > 0;
}

function slabAxis(axis: number, o: number, d: number, lo: number, hi: number): boolean {
  if (Math.abs(d) < 1e-12) return o >= lo && o <= hi;
  const ta = (lo - o) / d;
  const tb = (hi - o) / d;
  const near = ta < tb ? ta : tb;
  const far = ta < tb ? tb : ta;
  if (near > slab.tIn) {
    slab.tIn = near;
    slab.axis = axis;
  }
  if (far < slab.tOut) slab.tOut = far;
  return true;
}

// Convex primitives for the unions (bottle, figure): the first entry into
// any of them is the first entry into their union.
const CAPSULE = 0;
const ELLIPSOID = 1;
const CYLINDER = 2;

class Primitive {
  /** A bounding sphere, to pass over the primitives a ray misses by far: centre and squared radius. */
  readonly sx: number;
  readonly sy: number;
  readonly sz: number;
  readonly s2: number;

  /** Capsule: a (ax, ay, az) to b (bx, by, bz), radius r. Ellipsoid: centre (ax, ay, az), radii (bx, by, bz). Cylinder: radius r, ay ≤ y ≤ by. */
  constructor(
    readonly type: number,
    readonly id: number,
    readonly ax: number,
    readonly ay: number,
    readonly az: number,
    readonly bx: number,
    readonly by: number,
    readonly bz: number,
    readonly r: number,
  ) {
    let radius: number;
    if (type === CAPSULE) {
      this.sx = (ax + bx) / 2;
      this.sy = (ay + by) / 2;
      this.sz = (az + bz) / 2;
      radius = len3(bx - ax, by - ay, bz - az) / 2 + r;
    } else if (type === ELLIPSOID) {
      this.sx = ax;
      this.sy = ay;
      this.sz = az;
      radius = Math.max(bx, by, bz);
    } else {
      this.sx = 0;
      this.sy = (ay + by) / 2;
      this.sz = 0;
      radius = len2(r, (by - ay) / 2);
    }
    this.s2 = (radius * 1.001 + 1e-6) ** 2;
  }
}

function capsule(id: number, a: readonly number[], b: readonly number[], r: number): Primitive {
  return new Primitive(CAPSULE, id, a[0], a[1], a[2], b[0], b[1], b[2], r);
}
function ellipsoid(id: number, c: readonly number[], radii: readonly number[]): Primitive {
  return new Primitive(ELLIPSOID, id, c[0], c[1], c[2], radii[0], radii[1], radii[2], 0);
}
function cylinder(id: number, r: number, y0: number, y1: number): Primitive {
  return new Primitive(CYLINDER, id, 0, y0, 0, 0, y1, 0, r);
}

/** The ray's entry into a primitive (Infinity when it misses or starts inside). */
function enter(p: Primitive, ox: number, oy: number, oz: number, dx: number, dy: number, dz: number): number {
  const qx = p.sx - ox;
  const qy = p.sy - oy;
  const qz = p.sz - oz;
  const along = qx * dx + qy * dy + qz * dz;
  if (qx * qx + qy * qy + qz * qz - along * along > p.s2) return Infinity;
  if (p.type === CAPSULE) {
    const bax = p.bx - p.ax;
    const bay = p.by - p.ay;
    const baz = p.bz - p.az;
    const oax = ox - p.ax;
    const oay = oy - p.ay;
    const oaz = oz - p.az;
    const baba = bax * bax + bay * bay + baz * baz;
    const bard = bax * dx + bay * dy + baz * dz;
    const baoa = bax * oax + bay * oay + baz * oaz;
    const rdoa = dx * oax + dy * oay + dz * oaz;
    const oaoa = oax * oax + oay * oay + oaz * oaz;
    const a = baba - bard * bard;
    const b = baba * rdoa - baoa * bard;
    const c = baba * oaoa - baoa * baoa - p.r * p.r * baba;
    const h = b * b - a * c;
    if (h < 0) return Infinity;
    const t = (-b - Math.sqrt(h)) / a;
    const along = baoa + t * bard;
    if (along > 0 && along < baba) return t > 0 ? t : Infinity;
    // The end cap on the side the ray meets.
    const cx = along <= 0 ? oax : ox - p.bx;
    const cy = along <= 0 ? oay : oy - p.by;
    const cz = along <= 0 ? oaz : oz - p.bz;
    const bb = dx * cx + dy * cy + dz * cz;
    const cc = cx * cx + cy * cy + cz * cz - p.r * p.r;
    const hh = bb * bb - cc;
    if (hh < 0) return Infinity;
    const tc = -bb - Math.sqrt(hh);
    return tc > 0 ? tc : Infinity;
  }
  if (p.type === ELLIPSOID) {
    const qx = (ox - p.ax) / p.bx;
    const qy = (oy - p.ay) / p.by;
    const qz = (oz - p.az) / p.bz;
    const ex = dx / p.bx;
    const ey = dy / p.by;
    const ez = dz / p.bz;
    const a = ex * ex + ey * ey + ez * ez;
    const b = qx * ex + qy * ey + qz * ez;
    const c = qx * qx + qy * qy + qz * qz - 1;
    const h = b * b - a * c;
    if (h < 0) return Infinity;
    const t = (-b - Math.sqrt(h)) / a;
    return t > 0 ? t : Infinity;
  }
  if (!cylinderSpan(ox, oy, oz, dx, dy, dz, p.r, p.ay, p.by)) return Infinity;
  return span.tIn > 0 ? span.tIn : Infinity;
}

/** The outward normal of a primitive at a point on it. */
function normalOf(p: Primitive, hit: Hit): void {
  let nx: number;
  let ny: number;
  let nz: number;
  if (p.type === CAPSULE) {
    const bax = p.bx - p.ax;
    const bay = p.by - p.ay;
    const baz = p.bz - p.az;
    const pax = hit.x - p.ax;
    const pay = hit.y - p.ay;
    const paz = hit.z - p.az;
    const h = Math.min(1, Math.max(0, (pax * bax + pay * bay + paz * baz) / (bax * bax + bay * bay + baz * baz)));
    nx = pax - bax * h;
    ny = pay - bay * h;
    nz = paz - baz * h;
  } else if (p.type === ELLIPSOID) {
    nx = (hit.x - p.ax) / (p.bx * p.bx);
    ny = (hit.y - p.ay) / (p.by * p.by);
    nz = (hit.z - p.az) / (p.bz * p.bz);
  } else if (Math.abs(hit.y - p.by) < 1e-6) {
    nx = 0;
    ny = 1;
    nz = 0;
  } else if (Math.abs(hit.y - p.ay) < 1e-6) {
    nx = 0;
    ny = -1;
    nz = 0;
  } else {
    nx = hit.x;
    ny = 0;
    nz = hit.z;
  }
  const n = len3(nx, ny, nz) || 1;
  hit.nx = nx / n;
  hit.ny = ny / n;
  hit.nz = nz / n;
}

/** Primitives near one another (an arm, a leg), passed over together when a ray misses their bounding sphere. */
interface Group {
  sx: number;
  sy: number;
  sz: number;
  s2: number;
  members: Primitive[];
}

function groupOf(members: Primitive[]): Group {
  const b = boundsOf(members);
  const sx = (b[0] + b[3]) / 2;
  const sy = (b[1] + b[4]) / 2;
  const sz = (b[2] + b[5]) / 2;
  let radius = 0;
  for (const p of members) radius = Math.max(radius, len3(p.sx - sx, p.sy - sy, p.sz - sz) + Math.sqrt(p.s2));
  return { sx, sy, sz, s2: radius * radius, members };
}

/** Object-space bounds of primitives: x0, y0, z0, x1, y1, z1. */
function boundsOf(primitives: Primitive[]): [number, number, number, number, number, number] {
  const b: [number, number, number, number, number, number] = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  const grow = (x: number, y: number, z: number, rx: number, ry: number, rz: number) => {
    b[0] = Math.min(b[0], x - rx);
    b[1] = Math.min(b[1], y - ry);
    b[2] = Math.min(b[2], z - rz);
    b[3] = Math.max(b[3], x + rx);
    b[4] = Math.max(b[4], y + ry);
    b[5] = Math.max(b[5], z + rz);
  };
  for (const p of primitives) {
    if (p.type === CAPSULE) {
      grow(p.ax, p.ay, p.az, p.r, p.r, p.r);
      grow(p.bx, p.by, p.bz, p.r, p.r, p.r);
    } else if (p.type === ELLIPSOID) grow(p.ax, p.ay, p.az, p.bx, p.by, p.bz);
    else {
      grow(0, p.ay, 0, p.r, 0, p.r);
      grow(0, p.by, 0, p.r, 0, p.r);
    }
  }
  return b;
}

function unionTrace(groups: Group[], ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, hit: Hit): boolean {
  let best = Infinity;
  let which: Primitive | undefined;
  for (const group of groups) {
    const qx = group.sx - ox;
    const qy = group.sy - oy;
    const qz = group.sz - oz;
    const along = qx * dx + qy * dy + qz * dz;
    if (qx * qx + qy * qy + qz * qz - along * along > group.s2) continue;
    for (const p of group.members) {
      const t = enter(p, ox, oy, oz, dx, dy, dz);
      if (t < best) {
        best = t;
        which = p;
      }
    }
  }
  if (!which) return false;
  hit.t = best;
  hit.id = which.id;
  hit.x = ox + dx * best;
  hit.y = oy + dy * best;
  hit.z = oz + dz * best;
  normalOf(which, hit);
  return true;
}

/** Printed "text": rows of bars of hashed lengths in a box (u, v in 0–1 of the box); true where ink is. */
function textBars(u: number, v: number, rows: number, seed: number): boolean {
  if (u < 0 || u > 1 || v < 0 || v > 1) return false;
  const row = Math.floor(v * rows);
  const inRow = v * rows - row;
  if (inRow < 0.25 || inRow > 0.75) return false;
  const length = 0.45 + 0.55 * hash2(row, 7, seed);
  if (u > length) return false;
  // Gaps between "words".
  const word = Math.floor(u * 7 + hash2(row, 3, seed) * 3);
  return (u * 7 + hash2(row, 3, seed) * 3 - word) < 0.86 || hash2(word, row, seed) < 0.3;
}

/** A barcode's bars across u (0–1): true where black. */
function barcode(u: number, seed: number): boolean {
  const k = Math.floor(u * 48);
  return hash2(k, 11, seed) < 0.5;
}

function mugModel(look: MugLook, seed: number): Model {
  const R = look.radius;
  const H = 1;
  const inner = R - look.wall;
  const { centre, reach, straight, thickness } = look.handle;
  const hx = R - 0.25 * reach;
  const clip = R - look.wall / 2;
  const handleBox = [clip, centre - straight - reach - thickness, -thickness, hx + reach + thickness, centre + straight + reach + thickness, thickness];
  const glaze = hexToLinear(look.glaze);
  const inside = hexToLinear(look.inside);
  const ink = look.ink.map(hexToLinear);
  const clay = hexToLinear('#c9b79c');
  const gloss = look.glossy ? 0.75 : 0.08;
  const shine = look.glossy ? 90 : 8;
  // The handle: a tube round a stadium in the x–y plane, cut where it enters the wall.
  const handleSdf = (x: number, y: number, z: number): number => {
    const qx = x - hx;
    const qy = Math.max(Math.abs(y - centre) - straight, 0);
    const ring = len2(qx, qy) - reach;
    return Math.max(len2(ring, z) - thickness, clip - x);
  };
  return {
    bounds: [-R, 0, -R, handleBox[3], H, R],
    pivot: H / 2,
    trace(ox, oy, oz, dx, dy, dz, hit) {
      let best = Infinity;
      let id = 0;
      if (cylinderSpan(ox, oy, oz, dx, dy, dz, R, 0, H)) {
        const tIn = span.tIn;
        const tOut = span.tOut;
        const outerSide = span.sideIn;
        const cavity = cylinderSpan(ox, oy, oz, dx, dy, dz, inner, look.floor, H + 1);
        if (!cavity || tIn < span.tIn || tIn > span.tOut) {
          best = tIn;
          id = outerSide ? 1 : dy < 0 ? 2 : 6;
        } else if (span.tOut < tOut) {
          // In through the mouth: the far inside wall or the inside floor.
          best = span.tOut;
          id = span.sideOut ? 3 : 4;
        }
      }
      if (boxSpan(ox, oy, oz, dx, dy, dz, handleBox) && slab.tIn < best) {
        let t = Math.max(0, slab.tIn);
        const end = Math.min(slab.tOut, best);
        for (let step = 0; step < 80 && t <= end; step++) {
          const d = handleSdf(ox + dx * t, oy + dy * t, oz + dz * t);
          if (d < 1e-4) {
            best = t;
            id = 5;
            break;
          }
          t += d;
        }
      }
      if (!id) return false;
      hit.t = best;
      hit.id = id;
      const x = (hit.x = ox + dx * best);
      const y = (hit.y = oy + dy * best);
      const z = (hit.z = oz + dz * best);
      if (id === 1 || id === 3) {
        const k = id === 1 ? 1 / len2(x, z) : -1 / len2(x, z);
        hit.nx = x * k;
        hit.ny = 0;
        hit.nz = z * k;
      } else if (id === 5) {
        const qx = x - hx;
        const dyc = y - centre;
        const qy = Math.max(Math.abs(dyc) - straight, 0) * Math.sign(dyc);
        const q = len2(qx, qy) || 1;
        const ring = q - reach;
        let nx = (ring * qx) / q;
        let ny = (ring * qy) / q;
        let nz = z;
        if (x - clip < 1e-3) {
          nx = -1;
          ny = 0;
          nz = 0;
        }
        const n = len3(nx, ny, nz) || 1;
        hit.nx = nx / n;
        hit.ny = ny / n;
        hit.nz = nz / n;
      } else {
        hit.nx = 0;
        hit.ny = id === 6 ? -1 : 1;
        hit.nz = 0;
      }
      return true;
    },
    paint(hit, m) {
      const { id, x, y, z } = hit;
      if (id === 3 || id === 4) {
        // Inside: darker the deeper, light barely reaches the floor.
        setColour(m, inside, gloss * 0.6, shine);
        scaleColour(m, 0.25 + 0.75 * ((y - look.floor) / (H - look.floor)) ** 0.7);
        return;
      }
      if (id === 2) {
        setColour(m, look.inside === look.glaze ? glaze : inside, gloss, shine);
        return;
      }
      setColour(m, glaze, gloss, shine);
      if (id !== 1) return;
      // An unglazed foot.
      if (y < 0.035) {
        setColour(m, clay, 0.05, 6);
        return;
      }
      const phi = Math.atan2(z, x);
      const around = phi * R;
      if (look.pattern === 'dots') {
        const cell = (2 * Math.PI * R) / 11;
        const row = Math.floor((y - 0.12) / cell);
        // Whole dots only, clear of the rim and the foot.
        if (row < 0 || 0.12 + (row + 0.78) * cell > 0.93) return;
        const shift = row % 2 ? 0.5 : 0;
        const u = around / cell + shift;
        const cu = Math.floor(u);
        const fu = u - cu - 0.5;
        const fv = (y - 0.12) / cell - row - 0.5;
        if (fu * fu + fv * fv < 0.28 * 0.28) setColour(m, ink[(cu + row) % 2 ? 0 : 1], gloss, shine);
      } else if (look.pattern === 'stripes') {
        // Vertical stripes between two bands, away from the handle.
        if (y > 0.1 && y < 0.9) {
          const u = (phi / (2 * Math.PI)) * 12;
          if (u - Math.floor(u) < 0.45) setColour(m, ink[0], gloss, shine);
        }
        if (Math.abs(y - 0.1) < 0.02 || Math.abs(y - 0.9) < 0.02) setColour(m, ink[1], gloss, shine);
      } else {
        // A band near the top and a printed badge with a line of text on the side facing away from the handle.
        if (y > 0.78 && y < 0.84) setColour(m, ink[1], gloss, shine);
        const side = Math.PI - Math.abs(phi);
        const bu = (side * R) / 0.22;
        const bv = (y - 0.52) / 0.2;
        const d = len2(bu, bv);
        if (d < 1) setColour(m, d < 0.62 && d > 0.42 ? glaze : ink[0], gloss, shine);
        if (d < 0.3) setColour(m, ink[1], gloss, shine);
        const tu = (Math.sign(phi) * side * R + 0.2) / 0.4;
        if (textBars(tu, (y - 0.16) / 0.12, 2, seed)) setColour(m, ink[0], gloss, shine);
      }
    },
  };
}

function boxModel(look: BoxLook, seed: number): Model {
  const wx = look.width / 2;
  const wz = look.depth / 2;
  const H = look.height;
  const bounds: [number, number, number, number, number, number] = [-wx, 0, -wz, wx, H, wz];
  const faces = look.faces.map(hexToLinear);
  const ink = look.ink.map(hexToLinear);
  const white = hexToLinear('#f6f4ee');
  const black = hexToLinear('#161616');
  return {
    bounds,
    pivot: H / 2,
    trace(ox, oy, oz, dx, dy, dz, hit) {
      if (!boxSpan(ox, oy, oz, dx, dy, dz, bounds) || slab.tIn <= 0) return false;
      const t = slab.tIn;
      hit.t = t;
      hit.x = ox + dx * t;
      hit.y = oy + dy * t;
      hit.z = oz + dz * t;
      const axis = slab.axis;
      const d = axis === 0 ? dx : axis === 1 ? dy : dz;
      const sign = d > 0 ? -1 : 1;
      hit.nx = axis === 0 ? sign : 0;
      hit.ny = axis === 1 ? sign : 0;
      hit.nz = axis === 2 ? sign : 0;
      // 1 front (+z), 2 back, 3 right (+x), 4 left, 5 top, 6 bottom.
      hit.id = axis === 2 ? (sign > 0 ? 1 : 2) : axis === 0 ? (sign > 0 ? 3 : 4) : sign > 0 ? 5 : 6;
      return true;
    },
    paint(hit, m) {
      const { id, x, y, z } = hit;
      // Face coordinates in object units: across (u, left to right as seen from outside) and down (v, from the top edge), and the face's size.
      let u: number;
      let v: number;
      let fw: number;
      let fh: number;
      if (id === 1 || id === 2) {
        u = id === 1 ? x + wx : wx - x;
        v = H - y;
        fw = 2 * wx;
        fh = H;
      } else if (id === 3 || id === 4) {
        u = id === 3 ? wz - z : z + wz;
        v = H - y;
        fw = 2 * wz;
        fh = H;
      } else {
        u = x + wx;
        v = z + wz;
        fw = 2 * wx;
        fh = 2 * wz;
      }
      const gloss = 0.12;
      const shine = 14;
      if (id === 1) {
        setColour(m, faces[0], gloss, shine);
        if (v > 0.3 * fh && v < 0.62 * fh) setColour(m, white, gloss, shine);
        const logo = len2(u - 0.24 * fw, v - 0.46 * fh) / (0.12 * fh);
        if (logo < 1) setColour(m, logo < 0.55 ? ink[0] : ink[1], gloss, shine);
        if (textBars((u - 0.45 * fw) / (0.45 * fw), (v - 0.35 * fh) / (0.22 * fh), 3, seed)) setColour(m, ink[1] === ink[0] ? black : ink[1], gloss, shine);
        if (v > 0.8 * fh && v < 0.86 * fh) setColour(m, ink[0], gloss, shine);
        if (textBars((u - 0.1 * fw) / (0.8 * fw), (v - 0.1 * fh) / (0.12 * fh), 1, seed + 5)) setColour(m, white, gloss, shine);
      } else if (id === 2) {
        setColour(m, faces[0], gloss, shine);
        if (textBars((u - 0.1 * fw) / (0.8 * fw), (v - 0.12 * fh) / (0.45 * fh), 9, seed + 1)) setColour(m, white, gloss, shine);
        const bu = (u - 0.55 * fw) / (0.35 * fw);
        const bv = (v - 0.68 * fh) / (0.16 * fh);
        if (bu > 0 && bu < 1 && bv > 0 && bv < 1) setColour(m, bu > 0.06 && bu < 0.94 && bv < 0.8 && barcode((bu - 0.06) / 0.88, seed) ? black : white, gloss, shine);
      } else if (id === 3 || id === 4) {
        setColour(m, faces[1], gloss, shine);
        if (v > 0.15 * fh && v < 0.85 * fh && Math.abs(u - 0.5 * fw) < 0.18 * fw) setColour(m, ink[0], gloss, shine);
        if (textBars((u - 0.15 * fw) / (0.7 * fw), (v - 0.88 * fh) / (0.08 * fh), 2, seed + id)) setColour(m, white, gloss, shine);
      } else {
        setColour(m, faces[2], gloss, shine);
        // The flaps' seam across the middle.
        if (Math.abs(v - 0.5 * fh) < 0.006) scaleColour(m, 0.45);
      }
      // Folded edges catch a little less light.
      const edge = Math.min(u, fw - u, v, fh - v);
      scaleColour(m, 0.8 + 0.2 * smoothstep(0, 0.025, edge));
    },
  };
}

function bottleModel(look: BottleLook, seed: number): Model {
  const R = look.radius;
  const capTop = 1;
  const capBottom = look.neckTop;
  const primitives = [
    cylinder(1, R, 0, look.body),
    ellipsoid(2, [0, look.body, 0], [R, look.shoulder, R]),
    cylinder(3, look.neck, look.body, capBottom),
    cylinder(4, look.capRadius, capBottom, capTop),
    // A lip under the cap.
    cylinder(3, look.neck * 1.18, capBottom - 0.03, capBottom - 0.012),
  ];
  const glass = hexToLinear(look.glass);
  const cap = hexToLinear(look.cap);
  const paper = hexToLinear(look.label.paper);
  const ink = look.label.ink.map(hexToLinear);
  const black = hexToLinear('#141414');
  const white = hexToLinear('#f8f8f4');
  const gloss = look.glossy ? 0.85 : 0.12;
  const shine = look.glossy ? 120 : 10;
  const groups = [groupOf(primitives)];
  return {
    bounds: boundsOf(primitives),
    pivot: 0.5,
    trace: (ox, oy, oz, dx, dy, dz, hit) => unionTrace(groups, ox, oy, oz, dx, dy, dz, hit),
    paint(hit, m) {
      const { id, x, y, z } = hit;
      const phi = Math.atan2(z, x);
      if (id === 4) {
        setColour(m, cap, 0.5, 40);
        // Grip ridges round the cap.
        if (hit.ny < 0.5) scaleColour(m, 0.82 + 0.18 * Math.cos(phi * 36));
        return;
      }
      setColour(m, glass, gloss, shine);
      if (id !== 1 || y < look.label.bottom || y > look.label.top || Math.abs(hit.ny) > 0.5) return;
      // The label, printed all round: it streams sideways as the bottle turns.
      const lh = look.label.top - look.label.bottom;
      const v = (look.label.top - y) / lh;
      const s = (phi + Math.PI) / (2 * Math.PI);
      const around = s * 2 * Math.PI * R;
      setColour(m, paper, 0.1, 12);
      if (v < 0.1 || v > 0.9) setColour(m, ink[0], 0.1, 12);
      // A panel with a round badge.
      if (s > 0.08 && s < 0.38 && v > 0.18 && v < 0.82) {
        setColour(m, ink[1], 0.1, 12);
        const d = len2(around - 0.23 * 2 * Math.PI * R, (v - 0.45) * lh) / (0.3 * lh);
        if (d < 1) setColour(m, d > 0.75 ? white : ink[0], 0.1, 12);
      }
      if (textBars((s - 0.45) / 0.3, (v - 0.22) / 0.56, 6, seed)) setColour(m, ink[0] === paper ? black : ink[0], 0.1, 12);
      if (s > 0.82 && s < 0.94 && v > 0.25 && v < 0.7 && barcode((s - 0.82) / 0.12, seed)) setColour(m, black, 0.1, 12);
    },
  };
}

/** A unit vector down the arm: out to the side (sign ±1), swung forward, and the forearm bent further forward and up. */
function armDirections(arm: { out: number; forward: number; bend: number }, side: number): [number[], number[]] {
  const upper = [side * Math.sin(arm.out), -Math.cos(arm.out) * Math.cos(arm.forward), Math.cos(arm.out) * Math.sin(arm.forward)];
  // Bend towards forward-and-up, perpendicular to the upper arm.
  const towards = [0, 0.35, 1];
  const along = towards[0] * upper[0] + towards[1] * upper[1] + towards[2] * upper[2];
  let px = towards[0] - along * upper[0];
  let py = towards[1] - along * upper[1];
  let pz = towards[2] - along * upper[2];
  const n = len3(px, py, pz) || 1;
  px /= n;
  py /= n;
  pz /= n;
  const c = Math.cos(arm.bend);
  const s = Math.sin(arm.bend);
  return [upper, [upper[0] * c + px * s, upper[1] * c + py * s, upper[2] * c + pz * s]];
}

function figureModel(look: FigureLook): Model {
  const add = (p: readonly number[], d: readonly number[], k: number) => [p[0] + d[0] * k, p[1] + d[1] * k, p[2] + d[2] * k];
  const head = [
    ellipsoid(1, [0, 0.925, 0], [0.062, 0.075, 0.068]),
    ellipsoid(2, [0, 0.912, 0.064], [0.012, 0.016, 0.014]),
    capsule(3, [0, 0.8, 0], [0, 0.87, 0.004], 0.03),
  ];
  const body = [
    // Chest, shoulders and waist.
    ellipsoid(4, [0, 0.705, 0], [0.118, 0.12, 0.072]),
    capsule(4, [-0.1, 0.775, 0], [0.1, 0.775, 0], 0.048),
    ellipsoid(4, [0, 0.615, 0], [0.1, 0.085, 0.064]),
    ellipsoid(5, [0, 0.535, 0], [0.104, 0.075, 0.068]),
  ];
  const groups = [groupOf(head), groupOf(body)];
  for (const [k, side] of [[0, 1], [1, -1]]) {
    const shoulder = [side * 0.125, 0.775, 0];
    const [upper, lower] = armDirections(look.arms[k], side);
    const elbow = add(shoulder, upper, 0.17);
    const wrist = add(elbow, lower, 0.145);
    groups.push(groupOf([capsule(6, shoulder, elbow, 0.034), capsule(7, elbow, wrist, 0.028), ellipsoid(8, add(wrist, lower, 0.03), [0.03, 0.03, 0.03])]));
    const hip = [side * 0.055, 0.52, 0];
    const knee = [side * (0.055 + look.stance * 0.5), 0.28, 0.012];
    const ankle = [side * (0.055 + look.stance), 0.05, 0];
    groups.push(groupOf([capsule(9, hip, knee, 0.05), capsule(10, knee, ankle, 0.038), capsule(11, [ankle[0], 0.026, -0.015], [ankle[0] * 1.1, 0.026, 0.075], 0.026)]));
  }
  const skin = hexToLinear(look.skin);
  const hair = hexToLinear(look.hair);
  const shirt = hexToLinear(look.shirt);
  const trousers = hexToLinear(look.trousers);
  const shoes = hexToLinear(look.shoes);
  const dark = hexToLinear('#1a1410');
  const print = hexToLinear(look.shirt === '#ffffff' ? '#1e88e5' : '#f5f5f0');
  return {
    bounds: boundsOf(groups.flatMap((g) => g.members)),
    pivot: 0.5,
    trace: (ox, oy, oz, dx, dy, dz, hit) => unionTrace(groups, ox, oy, oz, dx, dy, dz, hit),
    paint(hit, m) {
      const { id, x, y, z } = hit;
      switch (id) {
        case 1: {
          setColour(m, skin, 0.2, 20);
          // Hair over the crown and the back of the head; two eyes in front.
          const top = y - 0.925;
          if (top > 0.035 - 0.05 * Math.max(0, -z / 0.068) || (z < -0.01 && top > -0.045)) setColour(m, hair, 0.25, 30);
          if (z > 0 && (len2(x - 0.024, y - 0.94) < 0.009 || len2(x + 0.024, y - 0.94) < 0.009)) setColour(m, dark, 0.3, 40);
          return;
        }
        case 2:
        case 3:
          setColour(m, skin, 0.2, 20);
          return;
        case 4:
          setColour(m, shirt, 0.05, 8);
          // A round print on the chest.
          if (z > 0 && len2(x, y - 0.72) < 0.045) setColour(m, print, 0.05, 8);
          return;
        case 6:
          setColour(m, shirt, 0.05, 8);
          return;
        case 7:
          setColour(m, look.longSleeves ? shirt : skin, look.longSleeves ? 0.05 : 0.2, look.longSleeves ? 8 : 20);
          return;
        case 8:
          setColour(m, skin, 0.2, 20);
          return;
        case 11:
          setColour(m, shoes, 0.3, 30);
          return;
        default:
          setColour(m, trousers, 0.04, 8);
          // A belt at the waist.
          if (id === 5 && y > 0.585) setColour(m, dark, 0.3, 30);
      }
    },
  };
}

function modelOf(spec: TurntableClipSpec): Model {
  const { look } = spec;
  switch (look.kind) {
    case 'mug':
      return mugModel(look, spec.seed);
    case 'box':
      return boxModel(look, spec.seed);
    case 'bottle':
      return bottleModel(look, spec.seed);
    case 'figure':
      return figureModel(look);
  }
}

/** One sub-frame's view of the object: the picture placement and the camera and lights in object space. */
interface View {
  cx: number;
  cy: number;
  scale: number;
  cos: number;
  sin: number;
  distance: number;
  /** The camera's right, up and forward axes and the eye, in object space. */
  right: number[];
  up: number[];
  forward: number[];
  eye: number[];
  /** Towards the key light, the fill and the back light, in object space. */
  key: number[];
  fill: number[];
  back: number[];
  /** Towards the soft box the highlights mirror. */
  softbox: number[];
}

function normalise(v: number[]): number[] {
  const n = len3(v[0], v[1], v[2]);
  return [v[0] / n, v[1] / n, v[2] / n];
}

function viewAt(spec: TurntableClipSpec, model: Model, pose: Pose, start: Pose, t: number): View {
  const placed = placeAt(spec, pose, start, t);
  const pitch = spec.view.pitch;
  const yaw = spec.subject.yaw.start + (spec.subject.yaw.turn * t) / (spec.frames / spec.fps);
  // World (the object's upright frame, unturned) → object space: turn back by the yaw.
  const cy = Math.cos(yaw);
  const sy = Math.sin(yaw);
  const toObject = (v: number[]) => [v[0] * cy - v[2] * sy, v[1], v[0] * sy + v[2] * cy];
  // Looking along +z with y up, +x is on the left (a right-handed world, not mirrored).
  const right = toObject([-1, 0, 0]);
  const up = toObject([0, Math.cos(pitch), Math.sin(pitch)]);
  const forward = toObject([0, -Math.sin(pitch), Math.cos(pitch)]);
  const fromCamera = (v: number[]) => {
    const n = normalise(v);
    return [0, 1, 2].map((k) => n[0] * right[k] + n[1] * up[k] + n[2] * forward[k]);
  };
  const distance = spec.view.distance;
  return {
    cx: placed.cx,
    cy: placed.cy,
    scale: placed.scale,
    cos: Math.cos(placed.roll),
    sin: Math.sin(placed.roll),
    distance,
    right,
    up,
    forward,
    eye: [-distance * forward[0], model.pivot - distance * forward[1], -distance * forward[2]],
    key: fromCamera([-0.55, 0.62, -0.55]),
    fill: fromCamera([0.8, 0.15, -0.45]),
    back: fromCamera([0.35, 0.45, 0.85]),
    softbox: fromCamera([-0.42, 0.18, -0.9]),
  };
}

/** The ray through frame point (px, py): its direction in object space, into `ray`. */
function rayThrough(view: View, px: number, py: number, ray: Float64Array): void {
  const rx = px - view.cx;
  const ry = py - view.cy;
  const u = (view.cos * rx + view.sin * ry) / view.scale;
  const v = -(-view.sin * rx + view.cos * ry) / view.scale;
  const d = view.distance;
  let dx = u * view.right[0] + v * view.up[0] + d * view.forward[0];
  let dy = u * view.right[1] + v * view.up[1] + d * view.forward[1];
  let dz = u * view.right[2] + v * view.up[2] + d * view.forward[2];
  const n = len3(dx, dy, dz);
  dx /= n;
  dy /= n;
  dz /= n;
  ray[0] = dx;
  ray[1] = dy;
  ray[2] = dz;
}

/** Frame pixel bounds [x0, y0, x1, y1) the object can cover in this view. */
function boundsInFrame(spec: TurntableClipSpec, model: Model, view: View): [number, number, number, number] {
  let left = Infinity;
  let right = -Infinity;
  let top = Infinity;
  let bottom = -Infinity;
  const b = model.bounds;
  for (let k = 0; k < 8; k++) {
    const p = [b[k & 1 ? 3 : 0], b[k & 2 ? 4 : 1] - model.pivot, b[k & 4 ? 5 : 2]];
    const cx = p[0] * view.right[0] + p[1] * view.right[1] + p[2] * view.right[2];
    const cy = p[0] * view.up[0] + p[1] * view.up[1] + p[2] * view.up[2];
    const cz = p[0] * view.forward[0] + p[1] * view.forward[1] + p[2] * view.forward[2];
    const k2 = view.distance / (view.distance + cz);
    const u = cx * k2;
    const v = cy * k2;
    const fx = view.cx + view.scale * (view.cos * u + view.sin * v);
    const fy = view.cy + view.scale * (view.sin * u - view.cos * v);
    left = Math.min(left, fx);
    right = Math.max(right, fx);
    top = Math.min(top, fy);
    bottom = Math.max(bottom, fy);
  }
  return [
    Math.max(0, Math.min(spec.width, Math.floor(left) - 1)),
    Math.max(0, Math.min(spec.height, Math.floor(top) - 1)),
    Math.max(0, Math.min(spec.width, Math.ceil(right) + 2)),
    Math.max(0, Math.min(spec.height, Math.ceil(bottom) + 2)),
  ];
}

/**
 * Shades a hit: Lambert from a key, a fill and a back light and the sky; for
 * glossy surfaces a highlight of a soft box near the camera's height (a
 * streak down a cylinder) and, at grazing angles, the room reflected (a
 * bright ceiling, a darker floor). sRGB 0–255 into out[at…at+2].
 */
function shade(view: View, model: Model, hit: Hit, dx: number, dy: number, dz: number, m: Material, out: Float32Array, at: number): void {
  model.paint(hit, m);
  const nx = hit.nx;
  const ny = hit.ny;
  const nz = hit.nz;
  const key = view.key;
  const fill = view.fill;
  const back = view.back;
  const kd = Math.max(0, nx * key[0] + ny * key[1] + nz * key[2]);
  const fd = Math.max(0, nx * fill[0] + ny * fill[1] + nz * fill[2]);
  const bd = Math.max(0, nx * back[0] + ny * back[1] + nz * back[2]);
  const light = 0.2 + 0.08 * ny + 0.95 * kd + 0.3 * fd + 0.35 * bd * bd;
  let r = m.r * light;
  let g = m.g * light;
  let b = m.b * light;
  if (m.gloss > 0) {
    // Blinn highlight of the soft box; V = −d.
    const box = view.softbox;
    let hx = box[0] - dx;
    let hy = box[1] - dy;
    let hz = box[2] - dz;
    const hn = len3(hx, hy, hz);
    hx /= hn;
    hy /= hn;
    hz /= hn;
    const nh = Math.max(0, nx * hx + ny * hy + nz * hz);
    const nh2 = nh * nh;
    const broad = nh2 * nh2 * nh2;
    const specular = m.gloss * (1.1 * (nh > 0.8 ? nh ** m.shine : 0) + 0.12 * broad);
    const nv = Math.max(0, -(nx * dx + ny * dy + nz * dz));
    const c = 1 - nv;
    const c2 = c * c;
    const fresnel = m.gloss * (0.04 + 0.96 * c2 * c2 * c);
    const ry = dy - 2 * (dx * nx + dy * ny + dz * nz) * ny;
    const room = (0.18 + 0.55 * smoothstep(-0.3, 0.6, ry)) * fresnel + specular;
    r = r * (1 - fresnel) + room;
    g = g * (1 - fresnel) + room;
    b = b * (1 - fresnel) + room;
  }
  out[at] = encodeSrgb(r);
  out[at + 1] = encodeSrgb(g);
  out[at + 2] = encodeSrgb(b);
}

/** The backdrop as seen through a pose: sRGB 0–255, interleaved RGB, bilinear from the world picture. */
function backdropThrough(spec: TurntableClipSpec, world: World, pose: Pose, out: Float32Array): void {
  const { width, height } = spec;
  const { data, scale, left, top } = world;
  const ww = world.width;
  const wh = world.height;
  // World raster position of a frame pixel, affine in the pixel: (x, y) = origin + px·(ax, ay) + py·(bx, by).
  const k = scale / width / pose.zoom;
  const ax = pose.cos * k;
  const ay = pose.sin * k;
  const bx = -pose.sin * k;
  const by = pose.cos * k;
  const dx0 = 0.5 - width / 2;
  const dy0 = 0.5 - height / 2;
  const ox = (pose.x - left) * scale - 0.5 + dx0 * ax + dy0 * bx;
  const oy = (pose.y - top) * scale - 0.5 + dx0 * ay + dy0 * by;
  for (let py = 0, i = 0; py < height; py++) {
    const rowX = ox + py * bx;
    const rowY = oy + py * by;
    for (let px = 0; px < width; px++, i++) {
      let x = rowX + px * ax;
      let y = rowY + px * ay;
      x = x < 0 ? 0 : x > ww - 1 ? ww - 1 : x;
      y = y < 0 ? 0 : y > wh - 1 ? wh - 1 : y;
      const x0 = x | 0;
      const y0 = y | 0;
      const x1 = x0 < ww - 1 ? x0 + 1 : x0;
      const y1 = y0 < wh - 1 ? y0 + 1 : y0;
      const tx = x - x0;
      const ty = y - y0;
      const a = (y0 * ww + x0) * 3;
      const b = (y0 * ww + x1) * 3;
      const c = (y1 * ww + x0) * 3;
      const d = (y1 * ww + x1) * 3;
      const o = i * 3;
      for (let ch = 0; ch < 3; ch++) {
        const upper = data[a + ch] + (data[b + ch] - data[a + ch]) * tx;
        const lower = data[c + ch] + (data[d + ch] - data[c + ch]) * tx;
        out[o + ch] = upper + (lower - upper) * ty;
      }
    }
  }
}

/** Samples per side of an edge pixel (the pixels whose corners do not all see the same surface). */
const EDGE_SAMPLES = 4;

/**
 * Renders every frame and its true alpha. Per sub-frame, rays go through
 * every pixel corner the object may cover; a pixel whose four corners see the
 * same surface is that surface (their colours averaged, coverage 1) or the
 * backdrop, and any other pixel is sampled EDGE_SAMPLES² times, its coverage
 * the share of samples that hit. `subject: false` renders the backdrop alone;
 * `only` renders just those frames (the clip's frames and truth then hold
 * those, in that order; each frame is the same as in the whole clip).
 */
export function renderTurntableClip(spec: TurntableClipSpec, options: { subject?: boolean; only?: readonly number[] } = {}): TurntableClip {
  const withSubject = options.subject ?? true;
  const world = paintWorld(spec);
  const model = modelOf(spec);
  const { width, height } = spec;
  const start = poseAt(spec, 0);
  const frames: RgbaImage[] = [];
  const truth: Uint8Array[] = [];
  const colour = new Float32Array(width * height * 3);
  const cover = new Float32Array(width * height);
  const backdrop = new Float32Array(width * height * 3);
  let backdropPose: Pose | undefined;
  const hit: Hit = { t: 0, id: 0, x: 0, y: 0, z: 0, nx: 0, ny: 0, nz: 0 };
  const material: Material = { r: 0, g: 0, b: 0, gloss: 0, shine: 1 };
  const ray = new Float64Array(3);
  const sample = new Float32Array(3);
  let cornerIds = new Int32Array(0);
  let cornerRgb = new Float32Array(0);
  const n2 = EDGE_SAMPLES * EDGE_SAMPLES;
  for (const f of options.only ?? Array.from({ length: spec.frames }, (_, k) => k)) {
    colour.fill(0);
    cover.fill(0);
    const times = subFrameTimes(spec, f);
    for (const t of times) {
      const pose = poseAt(spec, t);
      if (!backdropPose || backdropPose.x !== pose.x || backdropPose.y !== pose.y || backdropPose.zoom !== pose.zoom || backdropPose.cos !== pose.cos || backdropPose.sin !== pose.sin) {
        backdropThrough(spec, world, pose, backdrop);
        backdropPose = pose;
      }
      let [x0, y0, x1, y1] = [0, 0, 0, 0];
      let view: View | undefined;
      if (withSubject) {
        view = viewAt(spec, model, pose, start, t);
        [x0, y0, x1, y1] = boundsInFrame(spec, model, view);
      }
      const gw = x1 - x0 + 1;
      if (view && x1 > x0 && y1 > y0) {
        const corners = gw * (y1 - y0 + 1);
        if (cornerIds.length < corners) {
          cornerIds = new Int32Array(corners);
          cornerRgb = new Float32Array(corners * 3);
        }
        const ex = view.eye[0];
        const ey = view.eye[1];
        const ez = view.eye[2];
        for (let gy = 0, j = 0; gy <= y1 - y0; gy++) {
          for (let gx = 0; gx < gw; gx++, j++) {
            rayThrough(view, x0 + gx, y0 + gy, ray);
            if (model.trace(ex, ey, ez, ray[0], ray[1], ray[2], hit)) {
              cornerIds[j] = hit.id;
              shade(view, model, hit, ray[0], ray[1], ray[2], material, cornerRgb, j * 3);
            } else cornerIds[j] = 0;
          }
        }
      }
      for (let py = 0, i = 0; py < height; py++) {
        for (let px = 0; px < width; px++, i++) {
          const o = i * 3;
          if (!view || px < x0 || px >= x1 || py < y0 || py >= y1) {
            colour[o] += backdrop[o];
            colour[o + 1] += backdrop[o + 1];
            colour[o + 2] += backdrop[o + 2];
            continue;
          }
          const j = (py - y0) * gw + (px - x0);
          const a = cornerIds[j];
          if (a === cornerIds[j + 1] && a === cornerIds[j + gw] && a === cornerIds[j + gw + 1]) {
            if (a === 0) {
              colour[o] += backdrop[o];
              colour[o + 1] += backdrop[o + 1];
              colour[o + 2] += backdrop[o + 2];
            } else {
              for (let c = 0; c < 3; c++) colour[o + c] += (cornerRgb[j * 3 + c] + cornerRgb[(j + 1) * 3 + c] + cornerRgb[(j + gw) * 3 + c] + cornerRgb[(j + gw + 1) * 3 + c]) / 4;
              cover[i] += 1;
            }
            continue;
          }
          // An edge: sample the pixel on a grid.
          let hits = 0;
          let r = 0;
          let g = 0;
          let b = 0;
          const ex = view.eye[0];
        const ey = view.eye[1];
        const ez = view.eye[2];
          for (let sy = 0; sy < EDGE_SAMPLES; sy++) {
            for (let sx = 0; sx < EDGE_SAMPLES; sx++) {
              rayThrough(view, px + (sx + 0.5) / EDGE_SAMPLES, py + (sy + 0.5) / EDGE_SAMPLES, ray);
              if (!model.trace(ex, ey, ez, ray[0], ray[1], ray[2], hit)) continue;
              shade(view, model, hit, ray[0], ray[1], ray[2], material, sample, 0);
              hits++;
              r += sample[0];
              g += sample[1];
              b += sample[2];
            }
          }
          const miss = (n2 - hits) / n2;
          colour[o] += r / n2 + miss * backdrop[o];
          colour[o + 1] += g / n2 + miss * backdrop[o + 1];
          colour[o + 2] += b / n2 + miss * backdrop[o + 2];
          cover[i] += hits / n2;
        }
      }
    }
    // Sensor grain, its own stream per frame.
    const grain = createRandom(Math.imul(spec.seed, 0x9e3779b1) ^ Math.imul(f + 1, 0x85ebca6b));
    const { image, alpha } = developFrame(colour, cover, times.length, { width, height, grain, amount: spec.grain });
    frames.push(image);
    truth.push(alpha);
  }
  return { spec, frames, truth };
}
