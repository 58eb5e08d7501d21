// Clips filmed by a moving camera, with every frame's exact alpha. A subject
// (any straight-RGBA sprite) stands in front of a wide textured backdrop (a
// wall over a floor, painted once with the scene renderer's materials), and a
// camera pans, zooms, shakes or tracks the subject. Unlike video-clip.ts,
// where the browser draws each frame of a still camera, the frames here are
// composited in Node from one world picture, so every camera position sees
// the same world; motion blur averages sub-frames spread over the shutter,
// and the true alpha is the subject's coverage averaged the same way (what
// each frame's colours were actually mixed with). A recipe comes from a
// seed, and the seeds are split once into a tuning half and a held-out half.
import type { Page } from 'playwright-core';
import type { Plane, RgbaImage } from '../../src/imaging/image';
import { sampleBilinear } from '../../src/imaging/motion-field';
import { encodeSrgb, hexToLinear, type Rgb } from '../../src/imaging/scene/color';
import { createNoise } from '../../src/imaging/scene/noise';
import { between, createRandom, pickOne, type Random } from '../../src/imaging/scene/random';
import type { BackdropKind, SurfaceMaterial } from '../../src/imaging/scene/recipe';
import { backdropShader, surfaceShader } from '../../src/imaging/scene/surface-shader';
import { resizeRgba } from '../../src/imaging/resize';

/** Bump when the rendering changes, so clips cached by the benches are made again. */
export const CAMERA_CLIP_VERSION = 1;

/** What the camera does; `still` is the still-camera case, for comparison. */
export type CameraMove = 'pan' | 'zoom' | 'shake' | 'pan-zoom' | 'track' | 'whip' | 'still';

/** A smooth, bounded path: offset + Σ amplitude · sin(2π · frequency · t + phase), t in seconds. */
export interface Wave {
  offset: number;
  terms: { amplitude: number; frequency: number; phase: number }[];
}

export interface CameraClipSpec {
  seed: number;
  move: CameraMove;
  width: number;
  height: number;
  fps: number;
  frames: number;
  /**
   * The camera: the world point at the frame's centre (x, y in frame widths),
   * log zoom (0: the world at the frame's scale) and roll (radians).
   */
  camera: { x: Wave; y: Wave; logZoom: Wave; roll: Wave };
  /**
   * The subject in the world: its centre (frame widths), its height (frame
   * heights at zoom 1), and how much nearer the camera it stands than the
   * backdrop: with parallax p it shifts (1 + p) times as far as the backdrop
   * when the camera moves sideways.
   */
  subject: { name: string; x: Wave; y: Wave; height: number; parallax: number };
  backdrop: { wall: BackdropKind; wallColors: [string, string, string]; floor: SurfaceMaterial; floorColors: [string, string, string]; scale: number; horizon: number };
  /** Sub-frames averaged per frame, over this share of the frame interval (0: a sharp frame). */
  blur: { subFrames: number; shutter: number };
  /** Sensor grain, ± grey levels. */
  grain: number;
}

/** A clip's frames and truth; `Spec` is the recipe it was rendered from (the turntable clips share this shape). */
export interface CameraClip<Spec = CameraClipSpec> {
  spec: Spec;
  frames: RgbaImage[];
  /** The subject's true alpha per frame, 0–255, width × height. */
  truth: Uint8Array[];
}

export type ClipHalf = 'tuning' | 'held-out';

/**
 * The split, made once: odd seeds tune, even seeds are held out. Recipes take
 * their move from the seed's pair (seeds 2k−1 and 2k share one), so both
 * halves hold every move.
 */
export function clipHalf(seed: number): ClipHalf {
  return seed % 2 ? 'tuning' : 'held-out';
}

export const CAMERA_MOVES: readonly CameraMove[] = ['pan', 'shake', 'pan-zoom', 'track', 'zoom', 'whip'];

/** Subjects the benches rasterise from fluentui-emoji (MIT). */
export const CLIP_SUBJECTS = [
  'person-walking-medium',
  'dog',
  'teddy-bear',
  'person-running-medium',
  'potted-plant',
  'horse',
  'backpack',
  'penguin',
  'kick-scooter',
  'guitar',
  'cat',
  'handbag',
] as const;

/** What the backdrop painting and the camera read from a recipe: the moving-camera recipes and the turntable ones both have these. */
export type WorldSpec = Pick<CameraClipSpec, 'seed' | 'width' | 'height' | 'fps' | 'frames' | 'camera' | 'backdrop' | 'blur'>;

export const WALLS: { kind: BackdropKind; colors: [string, string, string][]; scale: [number, number] }[] = [
  { kind: 'brick', colors: [['#9a4a36', '#c9bfae', '#6d3326'], ['#7b6a5c', '#d8d2c4', '#5a4b40']], scale: [0.7, 1.1] },
  { kind: 'tiles', colors: [['#e8e4da', '#8a9aa0', '#c4ccc9'], ['#3c6e71', '#d9d9d0', '#2c5254']], scale: [0.8, 1.3] },
  { kind: 'plaster', colors: [['#c8b89e', '#9f8a6d', '#e0d4bd'], ['#8ba2ad', '#60798a', '#b8c8cf']], scale: [0.5, 0.9] },
  { kind: 'concrete', colors: [['#8f8f8a', '#b4b3ad', '#5f5e58'], ['#a39c90', '#c8c2b5', '#6e675c']], scale: [0.8, 1.2] },
  { kind: 'wood', colors: [['#a8784c', '#6b4528', '#3b2616'], ['#c9a27a', '#8c6440', '#4d3420']], scale: [0.8, 1.2] },
  { kind: 'forest', colors: [['#3f5e32', '#9fb872', '#4a3424'], ['#2e4a3a', '#7fa37a', '#3d2f22']], scale: [0.8, 1.2] },
  { kind: 'marble', colors: [['#e6e2da', '#9c968c', '#c9c2b6'], ['#3a3a3e', '#b8b6b0', '#6a6a70']], scale: [0.7, 1.1] },
  { kind: 'steel', colors: [['#8d949a', '#c3c9ce', '#4b5257'], ['#6f767c', '#a8afb4', '#3c4247']], scale: [0.8, 1.2] },
];

export const FLOORS: { material: SurfaceMaterial; colors: [string, string, string][] }[] = [
  { material: 'wood', colors: [['#b48a60', '#7a5533', '#3e2a18']] },
  { material: 'concrete', colors: [['#9a9893', '#bdbab3', '#6b6964']] },
  { material: 'terrazzo', colors: [['#d8d2c6', '#8d8478', '#4e6b70']] },
  { material: 'slate', colors: [['#4d5257', '#6d7378', '#2f3336']] },
  { material: 'sand', colors: [['#d9c39a', '#b89c6e', '#efe0c0']] },
  { material: 'moss', colors: [['#4f6b35', '#7d9a4f', '#36502a']] },
];

const still = (offset: number): Wave => ({ offset, terms: [] });
const wave = (offset: number, ...terms: [number, number, number][]): Wave => ({
  offset,
  terms: terms.map(([amplitude, frequency, phase]) => ({ amplitude, frequency, phase })),
});

/** A sideways sweep at `speed` (frame widths a second) across at most ±`reach`: a sine whose zero crossing falls early in the clip, so a short clip moves all the way. */
export function sweep(random: Random, speed: number, reach = 0.3): [number, number, number] {
  const period = Math.min(between(random, 7, 10), (2 * Math.PI * reach) / speed);
  const amplitude = (speed * period) / (2 * Math.PI);
  return [random() < 0.5 ? amplitude : -amplitude, 1 / period, between(random, -0.3, 0.1)];
}

/** Hand-held wobble: a few incommensurate sines. */
export function wobble(random: Random, amplitude: number): [number, number, number][] {
  return [0, 1, 2].map((k) => [(amplitude * between(random, 0.5, 1)) / (1 + k), between(random, 1.5, 3) * (1 + 1.3 * k), between(random, 0, 2 * Math.PI)]);
}

/** A recipe from a seed, at a size and length. */
export function cameraClipSpec(seed: number, size: { width: number; height: number; fps: number; frames: number }): CameraClipSpec {
  const random = createRandom(seed * 7919 + 17);
  const move = CAMERA_MOVES[Math.floor((seed - 1) / 2) % CAMERA_MOVES.length];
  const aspect = size.height / size.width;
  const wall = pickOne(random, WALLS);
  const floor = pickOne(random, FLOORS);
  const parallax = between(random, 0, 0.25);
  const shake = move === 'shake' ? between(random, 0.008, 0.016) : between(random, 0, 0.003);
  // The subject walks slowly to and fro; when tracked, faster, and the camera follows it (a little behind).
  const walk: [number, number, number] =
    move === 'track' ? sweep(random, between(random, 0.2, 0.35)) : [between(random, 0.02, 0.06), 1 / between(random, 5, 8), between(random, 0, 6)];
  let cameraX: Wave;
  if (move === 'pan' || move === 'pan-zoom' || move === 'whip') cameraX = wave(0, sweep(random, move === 'whip' ? between(random, 0.7, 1) : between(random, 0.12, 0.35)), ...wobble(random, shake));
  else if (move === 'track') cameraX = wave(0, [(walk[0] * between(random, 0.8, 0.95)) / (1 + parallax), walk[1], walk[2]], ...wobble(random, shake));
  else cameraX = wave(0, ...wobble(random, shake));
  const cameraY = wave(0, [between(random, -0.01, 0.01), between(random, 0.1, 0.3), between(random, 0, 6)], ...wobble(random, shake * aspect));
  const zooms = move === 'zoom' || move === 'pan-zoom';
  const logZoom = zooms ? wave(0.08, [(random() < 0.5 ? 1 : -1) * between(random, 0.1, 0.15), 1 / between(random, 7, 9), between(random, -0.3, 0.1)]) : still(0);
  const roll = wave(0, ...wobble(random, move === 'shake' ? between(random, 0.004, 0.01) : 0.001));
  const spec: CameraClipSpec = {
    seed,
    move,
    ...size,
    camera: { x: cameraX, y: cameraY, logZoom, roll },
    subject: {
      name: CLIP_SUBJECTS[(seed - 1) % CLIP_SUBJECTS.length],
      x: wave(0, walk),
      y: wave(0, [between(random, 0.003, 0.01), between(random, 1.5, 2.5), between(random, 0, 6)]),
      height: between(random, 0.5, 0.72),
      parallax,
    },
    backdrop: {
      wall: wall.kind,
      wallColors: pickOne(random, wall.colors),
      floor: floor.material,
      floorColors: pickOne(random, floor.colors),
      scale: between(random, ...wall.scale),
      horizon: between(random, 0.58, 0.72),
    },
    blur: { subFrames: 5, shutter: between(random, 0.3, 0.6) },
    grain: between(random, 2, 5),
  };
  // Centre the subject's path across the frame, a little off to one side by the seed.
  let across = 0;
  const square = { width: 1, height: 1 };
  for (let f = 0; f < size.frames; f++) {
    const t = f / size.fps;
    across += subjectAt(spec, square, poseAt(spec, t), t, poseAt(spec, 0)).cx / size.frames;
  }
  spec.subject.x.offset += (size.width * between(random, 0.4, 0.6) - across) / size.width;
  return spec;
}

/** A wave's value at t seconds. */
export function waveAt(path: Wave, t: number): number {
  let value = path.offset;
  for (const { amplitude, frequency, phase } of path.terms) value += amplitude * Math.sin(2 * Math.PI * frequency * t + phase);
  return value;
}

export interface Pose {
  x: number;
  y: number;
  zoom: number;
  cos: number;
  sin: number;
}

export function poseAt(spec: Pick<WorldSpec, 'camera'>, t: number): Pose {
  const roll = waveAt(spec.camera.roll, t);
  return { x: waveAt(spec.camera.x, t), y: waveAt(spec.camera.y, t), zoom: Math.exp(waveAt(spec.camera.logZoom, t)), cos: Math.cos(roll), sin: Math.sin(roll) };
}

/** Frame pixel (px, py) → world (frame widths), through a pose. */
export function toWorld(spec: Pick<WorldSpec, 'width' | 'height'>, pose: Pose, px: number, py: number): [number, number] {
  const dx = (px + 0.5 - spec.width / 2) / spec.width / pose.zoom;
  const dy = (py + 0.5 - spec.height / 2) / spec.width / pose.zoom;
  return [pose.x + pose.cos * dx - pose.sin * dy, pose.y + pose.sin * dx + pose.cos * dy];
}

/** Sub-frame times of frame f: spread over the shutter, centred on the frame's time. */
export function subFrameTimes(spec: Pick<WorldSpec, 'blur' | 'fps'>, f: number): number[] {
  const { subFrames, shutter } = spec.blur;
  const n = Math.max(1, subFrames);
  return Array.from({ length: n }, (_, k) => (f + (n > 1 ? shutter * ((k + 0.5) / n - 0.5) : 0)) / spec.fps);
}

/** The backdrop, painted once at a resolution no camera position enlarges much: sRGB 0–255, interleaved RGB. */
export interface World {
  data: Float32Array;
  width: number;
  height: number;
  /** World (frame widths) → raster pixels. */
  scale: number;
  left: number;
  top: number;
}

export function paintWorld(spec: WorldSpec): World {
  // Everything any sub-frame sees, with a margin.
  let left = Infinity;
  let right = -Infinity;
  let top = Infinity;
  let bottom = -Infinity;
  let maxZoom = 0;
  for (let f = 0; f < spec.frames; f++) {
    for (const t of subFrameTimes(spec, f)) {
      const pose = poseAt(spec, t);
      maxZoom = Math.max(maxZoom, pose.zoom);
      for (const [px, py] of [[0, 0], [spec.width, 0], [0, spec.height], [spec.width, spec.height]]) {
        const [x, y] = toWorld(spec, pose, px, py);
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  }
  const scale = spec.width * maxZoom * 1.25;
  const margin = 4 / scale;
  left -= margin;
  top -= margin;
  const width = Math.ceil((right + margin - left) * scale);
  const height = Math.ceil((bottom + margin - top) * scale);
  const { backdrop } = spec;
  const noise = createNoise(spec.seed);
  const colours = (hex: [string, string, string]) => hex.map(hexToLinear) as unknown as readonly [Rgb, Rgb, Rgb];
  const wall = backdropShader({ kind: backdrop.wall, colors: colours(backdrop.wallColors), scale: backdrop.scale }, noise, spec.seed, {
    left: -1,
    right: 1,
    top: 1,
    eyeLevel: 0.5,
    sunU: 0,
    sunColor: [1, 0.95, 0.85],
  });
  const floor = surfaceShader({ material: backdrop.floor, colors: colours(backdrop.floorColors), scale: 1, gloss: 0 }, noise, spec.seed + 1);
  // The floor line sits this far below the frame's centre (frame widths).
  const floorLine = (backdrop.horizon - 0.5) * (spec.height / spec.width);
  // Wall units: one frame width spans two, as in the scene renderer's sets.
  const units = 2;
  const footprint = units / scale;
  const out = new Float32Array(width * height * 3);
  const sample = new Float32Array(3);
  for (let y = 0; y < height; y++) {
    const wy = top + (y + 0.5) / scale;
    for (let x = 0; x < width; x++) {
      const wx = left + (x + 0.5) / scale;
      const u = wx * units;
      if (wy < floorLine) wall(u, (floorLine - wy) * units, footprint, sample);
      else floor(u, 1 + (wy - floorLine) * units * 3, footprint, sample);
      // Soft light falling off away from a lamp above the set, and darker where wall meets floor.
      const light = 0.75 + 0.35 * Math.exp(-((wx * 0.8) ** 2)) - 0.25 * Math.exp(-Math.abs(wy - floorLine) * 40);
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) out[o + c] = encodeSrgb(sample[c] * light * 1.1);
    }
  }
  return { data: out, width, height, scale, left, top };
}

/** The sprite, premultiplied, as floats; sized so the subject at its largest is drawn from it at most 1:1. */
interface Sprite {
  rgb: Float32Array;
  alpha: Float32Array;
  width: number;
  height: number;
}

function prepareSprite(spec: CameraClipSpec, source: RgbaImage): Sprite {
  let maxZoom = 0;
  for (let f = 0; f < spec.frames; f++) maxZoom = Math.max(maxZoom, poseAt(spec, f / spec.fps).zoom);
  const height = Math.max(8, Math.min(source.height, Math.ceil(spec.subject.height * spec.height * maxZoom * 1.1)));
  const width = Math.max(8, Math.round((source.width / source.height) * height));
  const image = width === source.width && height === source.height ? source : resizeRgba(source, width, height);
  const n = width * height;
  const rgb = new Float32Array(n * 3);
  const alpha = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const a = image.data[i * 4 + 3] / 255;
    alpha[i] = a;
    for (let c = 0; c < 3; c++) rgb[i * 3 + c] = image.data[i * 4 + c] * a;
  }
  return { rgb, alpha, width, height };
}


/** The subject's placement in the frame at time t: its top-left corner and its scale (frame pixels per sprite pixel), rolled with the camera. */
function subjectAt(spec: CameraClipSpec, sprite: { width: number; height: number }, pose: Pose, t: number, start: Pose) {
  const { subject } = spec;
  // Nearer than the backdrop: the camera's sideways travel moves it (1 + parallax) times as far across the frame.
  const camX = start.x + (pose.x - start.x) * (1 + subject.parallax);
  const camY = start.y + (pose.y - start.y) * (1 + subject.parallax);
  const floorLine = (spec.backdrop.horizon - 0.5) * (spec.height / spec.width);
  const heightFw = subject.height * (spec.height / spec.width);
  const wx = waveAt(subject.x, t);
  // Feet a little below the floor line, so it stands on the floor.
  const wy = floorLine + 0.04 * (spec.height / spec.width) - heightFw / 2 + waveAt(subject.y, t);
  const dx = wx - camX;
  const dy = wy - camY;
  // World → frame: the inverse of toWorld.
  const fx = (pose.cos * dx + pose.sin * dy) * pose.zoom * spec.width + spec.width / 2;
  const fy = (-pose.sin * dx + pose.cos * dy) * pose.zoom * spec.width + spec.height / 2;
  const scale = (heightFw * pose.zoom * spec.width) / sprite.height;
  return { cx: fx, cy: fy, scale };
}

/** Renders every frame and its true alpha. `sprite` is the subject, straight RGBA, trimmed or not. */
export function renderCameraClip(spec: CameraClipSpec, source: RgbaImage): CameraClip {
  const world = paintWorld(spec);
  const worldPlanes = [0, 1, 2].map((c): Plane => ({ data: Float32Array.from({ length: world.width * world.height }, (_, i) => world.data[i * 3 + c]), width: world.width, height: world.height }));
  const sprite = prepareSprite(spec, source);
  const { width, height } = spec;
  const start = poseAt(spec, 0);
  const grain = createRandom(spec.seed ^ 0x9e3779b9);
  const frames: RgbaImage[] = [];
  const truth: Uint8Array[] = [];
  const colour = new Float32Array(width * height * 3);
  const cover = new Float32Array(width * height);
  const sample = new Float32Array(3);
  for (let f = 0; f < spec.frames; f++) {
    colour.fill(0);
    cover.fill(0);
    const times = subFrameTimes(spec, f);
    for (const t of times) {
      const pose = poseAt(spec, t);
      const placed = subjectAt(spec, sprite, pose, t, start);
      const shadowY = placed.cy + (sprite.height * placed.scale) / 2 * 0.96;
      const shadowRx = sprite.width * placed.scale * 0.42;
      const shadowRy = Math.max(2, sprite.height * placed.scale * 0.05);
      for (let py = 0, i = 0; py < height; py++) {
        for (let px = 0; px < width; px++, i++) {
          const [wx, wy] = toWorld(spec, pose, px, py);
          for (let c = 0; c < 3; c++) sample[c] = sampleBilinear(worldPlanes[c], (wx - world.left) * world.scale - 0.5, (wy - world.top) * world.scale - 0.5);
          // A soft contact shadow on the floor, under the subject: not part of its alpha.
          const sx = (px + 0.5 - placed.cx) / shadowRx;
          const sy = (py + 0.5 - shadowY) / shadowRy;
          const shade = 1 - 0.35 * Math.exp(-2 * (sx * sx + sy * sy));
          // The subject's pixel, rolled with the camera.
          const rx = px + 0.5 - placed.cx;
          const ry = py + 0.5 - placed.cy;
          const ux = (pose.cos * rx + pose.sin * ry) / placed.scale + sprite.width / 2 - 0.5;
          const uy = (-pose.sin * rx + pose.cos * ry) / placed.scale + sprite.height / 2 - 0.5;
          let a = 0;
          let r = 0;
          let g = 0;
          let b = 0;
          if (ux > -1 && uy > -1 && ux < sprite.width && uy < sprite.height) {
            const x0 = Math.floor(ux);
            const y0 = Math.floor(uy);
            const tx = ux - x0;
            const ty = uy - y0;
            for (const [ox, oy, w] of [[0, 0, (1 - tx) * (1 - ty)], [1, 0, tx * (1 - ty)], [0, 1, (1 - tx) * ty], [1, 1, tx * ty]]) {
              const sx2 = x0 + ox;
              const sy2 = y0 + oy;
              if (sx2 < 0 || sy2 < 0 || sx2 >= sprite.width || sy2 >= sprite.height || w === 0) continue;
              const j = sy2 * sprite.width + sx2;
              a += w * sprite.alpha[j];
              r += w * sprite.rgb[j * 3];
              g += w * sprite.rgb[j * 3 + 1];
              b += w * sprite.rgb[j * 3 + 2];
            }
          }
          const o = i * 3;
          colour[o] += r + (1 - a) * sample[0] * shade;
          colour[o + 1] += g + (1 - a) * sample[1] * shade;
          colour[o + 2] += b + (1 - a) * sample[2] * shade;
          cover[i] += a;
        }
      }
    }
    const { image, alpha } = developFrame(colour, cover, times.length, { width, height, grain, amount: spec.grain });
    frames.push(image);
    truth.push(alpha);
  }
  return { spec, frames, truth };
}

/**
 * A frame from its sub-frames' sums: the colour (RGB per pixel) and the
 * subject's coverage, each summed over `n` sub-frames, averaged; sensor grain
 * of ± `amount` grey levels from `grain` added to the colour; the true alpha
 * the averaged coverage, 0–255.
 */
export function developFrame(
  colour: Float32Array | Float64Array,
  cover: Float32Array | Float64Array,
  n: number,
  { width, height, grain, amount }: { width: number; height: number; grain: Random; amount: number },
): { image: RgbaImage; alpha: Uint8Array } {
  const data = new Uint8ClampedArray(width * height * 4);
  const alpha = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const noise = (grain() - 0.5) * 2 * amount;
    for (let c = 0; c < 3; c++) data[i * 4 + c] = Math.round(colour[i * 3 + c] / n + noise);
    data[i * 4 + 3] = 255;
    alpha[i] = Math.round((cover[i] / n) * 255);
  }
  return { image: { data, width, height }, alpha };
}

/** Rasterises an SVG in the page to straight RGBA, `side` pixels on its longer side. */
export async function rasteriseSvg(page: Pick<Page, 'evaluate'>, svg: string, side: number): Promise<RgbaImage> {
  const { base64, width, height } = await page.evaluate(
    async ({ svg, side }) => {
      const image = new Image();
      image.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(svg)))}`;
      await image.decode();
      const scale = side / Math.max(image.naturalWidth || side, image.naturalHeight || side);
      const width = Math.max(1, Math.round((image.naturalWidth || side) * scale));
      const height = Math.max(1, Math.round((image.naturalHeight || side) * scale));
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0, width, height);
      const data = context.getImageData(0, 0, width, height).data;
      let binary = '';
      for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
      return { base64: btoa(binary), width, height };
    },
    { svg, side },
  );
  return { data: new Uint8ClampedArray(Buffer.from(base64, 'base64')), width, height };
}
