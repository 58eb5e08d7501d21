// The moving-camera clips bench:video and the key-frame tuning use (see
// test/support/camera-clip.ts): subjects rasterised once from their SVGs in
// Chromium and kept in bench/out, frames rendered in Node, encoded as H.264
// (yuv420p, as a phone writes it) and decoded back, so what is scored is what
// a user's file would hold. A clip set is a list of seeds from one half of the
// split; the other half is never looked at while tuning.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RgbaImage } from '../../src/imaging/image';
import { CAMERA_CLIP_VERSION, cameraClipSpec, clipHalf, rasteriseSvg, renderCameraClip, type CameraClipSpec, type ClipHalf } from '../../test/support/camera-clip';
import { launchBrowser } from '../../test/support/chromium';
import { subjectSvg } from '../../test/support/scene';

const root = join(import.meta.dirname, '..', '..');
const spriteDir = join(root, 'bench', 'out', 'video-sprites');
/** Long side the subjects are rasterised at: more than any clip draws them. */
const SPRITE_SIDE = 640;

function ffmpeg(args: string[], input?: Buffer): Buffer {
  return execFileSync('ffmpeg', ['-v', 'error', '-y', ...args], { input, maxBuffer: 2 ** 31 });
}

function readRgbaPng(file: string): RgbaImage {
  const size = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', file]).toString().trim();
  const [width, height] = size.split(',').map(Number);
  return { data: new Uint8ClampedArray(ffmpeg(['-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1'])), width, height };
}

export function writeRgbaPng(file: string, image: RgbaImage): void {
  ffmpeg(['-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${image.width}x${image.height}`, '-i', 'pipe:0', '-frames:v', '1', file], Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength));
}

/** The subjects as straight RGBA, rasterised in Chromium the first time and read from bench/out after. */
export async function loadSprites(names: readonly string[]): Promise<Map<string, RgbaImage>> {
  mkdirSync(spriteDir, { recursive: true });
  const file = (name: string) => join(spriteDir, `${name}-${SPRITE_SIDE}.png`);
  const missing = names.filter((name) => !existsSync(file(name)));
  if (missing.length) {
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      for (const name of missing) writeRgbaPng(file(name), await rasteriseSvg(page, subjectSvg(name), SPRITE_SIDE));
    } finally {
      await browser.close();
    }
  }
  return new Map(names.map((name) => [name, readRgbaPng(file(name))]));
}

export interface ClipSize {
  width: number;
  height: number;
  fps: number;
  seconds: number;
}

/** An encoded clip and its truth; `Spec` is its recipe (the turntable clips' is TurntableClipSpec). */
export interface EncodedClip<Spec = CameraClipSpec> {
  seed: number;
  half: ClipHalf;
  spec: Spec;
  /** H.264 in MP4, as sent to the app. */
  mp4: Buffer;
  /** The frames as decoded from mp4 (what the app sees). */
  frames: RgbaImage[];
  truth: Uint8Array[];
}

/** H.264 (libx264, yuv420p) in MP4 from RGBA frames. */
export function encodeFrames(frames: RgbaImage[], fps: number, crf = 18): Buffer {
  const { width, height } = frames[0];
  const dir = mkdtempSync(join(tmpdir(), 'cutout-camera-'));
  try {
    const out = join(dir, 'clip.mp4');
    const raw = Buffer.concat(frames.map((f) => Buffer.from(f.data.buffer, f.data.byteOffset, f.data.byteLength)));
    ffmpeg(['-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${width}x${height}`, '-framerate', String(fps), '-i', 'pipe:0', '-c:v', 'libx264', '-crf', String(crf), '-pix_fmt', 'yuv420p', out], raw);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function decodeFrames(mp4: Buffer, width: number, height: number): RgbaImage[] {
  const dir = mkdtempSync(join(tmpdir(), 'cutout-camera-'));
  try {
    const file = join(dir, 'clip.mp4');
    writeFileSync(file, mp4);
    const raw = ffmpeg(['-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1']);
    const size = width * height * 4;
    return Array.from({ length: raw.length / size }, (_, i) => ({ data: new Uint8ClampedArray(raw.subarray(i * size, (i + 1) * size)), width, height }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Seeds 1…2n cover every move twice over (once per half); this picks one half's. */
export function seedsOf(half: ClipHalf, count: number): number[] {
  const seeds: number[] = [];
  for (let seed = 1; seeds.length < count; seed++) if (clipHalf(seed) === half) seeds.push(seed);
  return seeds;
}

/**
 * A rendered clip's H.264 file and its true alpha, kept in bench/out/`set`
 * under a name holding a hash of `version` and the recipe, so later runs skip
 * the rendering (`render`, only when nothing is kept yet).
 */
export async function keptClip(
  set: string,
  name: string,
  version: number,
  spec: { width: number; height: number; fps: number; frames: number },
  render: () => Promise<{ frames: RgbaImage[]; truth: Uint8Array[] }> | { frames: RgbaImage[]; truth: Uint8Array[] },
): Promise<{ mp4: Buffer; truth: Uint8Array[]; frames: RgbaImage[] }> {
  const { width, height, fps, frames } = spec;
  const dir = join(root, 'bench', 'out', set);
  mkdirSync(dir, { recursive: true });
  const recipe = createHash('sha256').update(`${version} ${JSON.stringify(spec)}`).digest('hex').slice(0, 10);
  const base = join(dir, `${name}-${width}x${height}-${frames}f-${recipe}`);
  let mp4: Buffer;
  let truth: Uint8Array[];
  if (existsSync(`${base}.mp4`) && existsSync(`${base}.alpha`)) {
    mp4 = readFileSync(`${base}.mp4`);
    const raw = readFileSync(`${base}.alpha`);
    const n = width * height;
    truth = Array.from({ length: frames }, (_, f) => new Uint8Array(raw.buffer, raw.byteOffset + f * n, n));
  } else {
    const clip = await render();
    mp4 = encodeFrames(clip.frames, fps);
    truth = clip.truth;
    writeFileSync(`${base}.mp4`, mp4);
    writeFileSync(`${base}.alpha`, Buffer.concat(truth));
  }
  return { mp4, truth, frames: decodeFrames(mp4, width, height) };
}

/** Renders, encodes and decodes one clip; the encoded file is kept in bench/out so later runs skip the rendering. */
export async function cameraClip(seed: number, size: ClipSize, sprites?: Map<string, RgbaImage>): Promise<EncodedClip> {
  const frames = Math.round(size.seconds * size.fps);
  const spec = cameraClipSpec(seed, { width: size.width, height: size.height, fps: size.fps, frames });
  const kept = await keptClip('camera-clips', `seed${seed}`, CAMERA_CLIP_VERSION, spec, async () => {
    const sprite = (sprites ?? (await loadSprites([spec.subject.name]))).get(spec.subject.name);
    if (!sprite) throw new Error(`no sprite for ${spec.subject.name}`);
    return renderCameraClip(spec, sprite);
  });
  return { seed, half: clipHalf(seed), spec, ...kept };
}
