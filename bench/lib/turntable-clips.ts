// Turntable clips for the video benches (see test/support/turntable-clip.ts):
// a product turning in front of a patterned wall, rendered in Node, encoded as
// H.264 (yuv420p) and decoded back like the moving-camera clips, so what is
// scored is what a user's file would hold. Encoded clips and their truth are
// kept in bench/out/turntable-clips, named by a hash of the version and the
// recipe, so later runs skip the rendering.
import type { ClipHalf } from '../../test/support/camera-clip';
import { TURNTABLE_CLIP_VERSION, renderTurntableClip, turntableClipSpec, turntableHalf, type TurntableClipSpec } from '../../test/support/turntable-clip';
import { keptClip, type ClipSize, type EncodedClip } from './camera-clips';

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
  const kept = await keptClip('turntable-clips', `seed${seed}-${spec.kind}`, TURNTABLE_CLIP_VERSION, spec, () => renderTurntableClip(spec));
  return { seed, half: turntableHalf(seed), spec, ...kept };
}
