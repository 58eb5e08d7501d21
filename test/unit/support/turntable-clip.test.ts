// The turntable clips' renderer at a tiny size: the truth is the subject's
// coverage and nothing else (where it is 0 the frame is the backdrop alone,
// byte for byte), a mug's outline changes as it turns (the handle swings
// round), the same seed renders the same clip, and both halves of the seed
// split hold every kind.
import { describe, expect, test } from 'vitest';
import { TURNTABLE_KINDS, renderTurntableClip, turntableClipSpec, turntableHalf, type TurntableClipSpec } from '../../support/turntable-clip';

const SIZE = { width: 96, height: 64, fps: 24, frames: 8 };

/** The first seed of a kind whose subject stays in the frame. */
function seedOf(kind: string): number {
  for (let seed = 1; ; seed++) {
    const spec = turntableClipSpec(seed, SIZE);
    if (spec.kind === kind && spec.move !== 'exit') return seed;
  }
}

/** Columns holding any pixel the subject covers more than half. */
function silhouetteWidth(alpha: Uint8Array, width: number, height: number): number {
  let columns = 0;
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      if (alpha[y * width + x] > 128) {
        columns++;
        break;
      }
    }
  }
  return columns;
}

describe('turntable clips', () => {
  test.each(TURNTABLE_KINDS)('a %s: the truth covers the subject, and where it is 0 the frame is the backdrop alone', (kind) => {
    const spec = turntableClipSpec(seedOf(kind), { ...SIZE, frames: 3 });
    const clip = renderTurntableClip(spec);
    const backdrop = renderTurntableClip(spec, { subject: false });
    expect(clip.frames).toHaveLength(3);
    for (const [f, alpha] of clip.truth.entries()) {
      expect(alpha).toHaveLength(SIZE.width * SIZE.height);
      const covered = alpha.filter((a) => a > 0).length;
      const solid = alpha.filter((a) => a === 255).length;
      // A good part of the frame, with a solid inside and soft edges.
      expect(covered).toBeGreaterThan(SIZE.width * SIZE.height * 0.02);
      expect(solid).toBeGreaterThan(covered * 0.2);
      expect(solid).toBeLessThan(covered);
      expect(backdrop.truth[f].every((a) => a === 0)).toBe(true);
      let outside = 0;
      let differs = 0;
      for (let i = 0; i < alpha.length; i++) {
        const frame = clip.frames[f].data;
        expect(frame[i * 4 + 3]).toBe(255);
        if (alpha[i] !== 0) continue;
        outside++;
        for (let c = 0; c < 3; c++) if (frame[i * 4 + c] !== backdrop.frames[f].data[i * 4 + c]) differs++;
      }
      expect(outside).toBeGreaterThan(alpha.length * 0.3);
      expect(differs).toBe(0);
    }
  });

  test('a seed renders the same clip every time', () => {
    const spec = turntableClipSpec(seedOf('figure'), { ...SIZE, frames: 2 });
    const a = renderTurntableClip(spec);
    const b = renderTurntableClip(JSON.parse(JSON.stringify(spec)) as TurntableClipSpec);
    for (let f = 0; f < 2; f++) {
      expect(Buffer.from(a.frames[f].data).equals(Buffer.from(b.frames[f].data))).toBe(true);
      expect(Buffer.from(a.truth[f]).equals(Buffer.from(b.truth[f]))).toBe(true);
    }
    // One frame alone is that frame of the whole clip.
    const one = renderTurntableClip(spec, { only: [1] });
    expect(Buffer.from(one.frames[0].data).equals(Buffer.from(a.frames[1].data))).toBe(true);
  });

  test("a mug's outline narrows and widens as its handle swings round", () => {
    const spec = turntableClipSpec(seedOf('mug'), SIZE);
    // Over half a turn from the handle side-on: the handle comes round to face the camera.
    spec.subject.yaw = { start: 0, turn: Math.PI };
    const widths = renderTurntableClip(spec).truth.map((alpha) => silhouetteWidth(alpha, SIZE.width, SIZE.height));
    // Widest side-on at the start and the end, narrowest with the handle towards the camera.
    const narrowest = Math.min(...widths);
    expect(widths[0] - narrowest).toBeGreaterThan(3);
    expect(widths[widths.length - 1] - narrowest).toBeGreaterThan(3);
  });

  test('both halves hold every kind, each with at least two moves, over seeds 1–16', () => {
    for (const half of ['tuning', 'held-out']) {
      const moves = new Map<string, Set<string>>();
      for (let seed = 1; seed <= 16; seed++) {
        if (turntableHalf(seed) !== half) continue;
        const spec = turntableClipSpec(seed, SIZE);
        moves.set(spec.kind, (moves.get(spec.kind) ?? new Set()).add(spec.move));
      }
      expect([...moves.keys()].sort()).toEqual([...TURNTABLE_KINDS].sort());
      for (const set of moves.values()) expect(set.size).toBeGreaterThanOrEqual(2);
    }
  });
});
