// Turntable clips for the video benches (see test/support/turntable-clip.ts):
// a product turning in front of a patterned wall, rendered in Node, encoded as
// H.264 (yuv420p) and decoded back like the moving-camera clips, so what is
// scored is what a user's file would hold. Encoded clips and their truth are
// kept in bench/out/turntable-clips, named by a hash of the version and the
// recipe, so later runs skip the rendering.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClipHalf } from '../../test/support/camera-clip';
import { TURNTABLE_CLIP_VERSION, renderTurntableClip, turntableClipSpec, turntableHalf, type TurntableClipSpec } from '../../test/support/turntable-clip';
import { decodeFrames, encodeFrames, type ClipSize, type EncodedClip } from './camera-clips';

const root = join(import.meta.dirname, '..', '..');

/** Seeds 1…2n hold every kind in each half; this picks one half's first `count`. */
export function turntableSeeds(half: ClipHalf, count: number): number[] {
  const seeds: number[] = [];
  for (let seed = 1; seeds.length < count; seed++) if (turntableHalf(seed) === half) seeds.push(seed);
  return seeds;
}

/** Renders, encodes and decodes one turntable clip, or reads it from bench/out. */
export async function turntableClip(seed: number, size: ClipSize): Promise<EncodedClip<TurntableClipSpec>> {
  const frames = Math.round(size.seconds * size.fps);
  const spec = turntableClipSpec(seed, { width: size.width, height: size.height, fps: size.fps, frames });
  const dir = join(root, 'bench', 'out', 'turntable-clips');
  mkdirSync(dir, { recursive: true });
  const recipe = createHash('sha256').update(`${TURNTABLE_CLIP_VERSION} ${JSON.stringify(spec)}`).digest('hex').slice(0, 10);
  const base = join(dir, `seed${seed}-${spec.kind}-${size.width}x${size.height}-${frames}f-${recipe}`);
  let mp4: Buffer;
  let truth: Uint8Array[];
  if (existsSync(`${base}.mp4`) && existsSync(`${base}.alpha`)) {
    mp4 = readFileSync(`${base}.mp4`);
    const raw = readFileSync(`${base}.alpha`);
    const n = size.width * size.height;
    truth = Array.from({ length: frames }, (_, f) => new Uint8Array(raw.buffer, raw.byteOffset + f * n, n));
  } else {
    const clip = renderTurntableClip(spec);
    mp4 = encodeFrames(clip.frames, size.fps);
    truth = clip.truth;
    writeFileSync(`${base}.mp4`, mp4);
    writeFileSync(`${base}.alpha`, Buffer.concat(truth));
  }
  return { seed, half: turntableHalf(seed), spec, mp4, frames: decodeFrames(mp4, size.width, size.height), truth };
}
