// Which LiteRT.js build a browser gets, from its WebAssembly features and
// whether there is shared memory (SharedArrayBuffer); without relaxed SIMD, none (ORT stays).
import { describe, expect, test } from 'vitest';
import { chooseLiteRtBuild } from '../../../../src/engine/model/litert-support';

const isolated = { sharedMemory: true, hardwareConcurrency: 8 };
const all = { simd: true, relaxedSimd: true, threads: true };

describe('chooseLiteRtBuild', () => {
  test('relaxed SIMD + threads + isolation: the threaded build, threads capped at 4 as ORT', () => {
    expect(chooseLiteRtBuild(all, isolated)).toMatchObject({ usable: true, build: 'threaded', threads: 4 });
    expect(chooseLiteRtBuild(all, { ...isolated, hardwareConcurrency: 2 })).toMatchObject({ build: 'threaded', threads: 2 });
  });

  test('not isolated, or no wasm threads: the relaxed-SIMD build on one thread', () => {
    expect(chooseLiteRtBuild(all, { ...isolated, sharedMemory: false })).toMatchObject({ build: 'relaxed-simd', threads: 1 });
    expect(chooseLiteRtBuild({ ...all, threads: false }, isolated)).toMatchObject({ build: 'relaxed-simd', threads: 1 });
  });

  test('SIMD without relaxed SIMD (Safari today): not usable, threads or not (its compat build lost to ORT WASM there)', () => {
    const noRelaxed = { simd: true, relaxedSimd: false, threads: true };
    for (const env of [{ ...isolated, sharedMemory: false }, { ...isolated, hardwareConcurrency: 1 }, isolated]) {
      expect(chooseLiteRtBuild(noRelaxed, env)).toEqual({ usable: false, threads: 0, reason: 'no relaxed SIMD: LiteRT would run its compat build, slower and heavier than ORT WASM' });
    }
  });

  test('no SIMD: not usable, and says why', () => {
    expect(chooseLiteRtBuild({ simd: false, relaxedSimd: false, threads: true }, isolated)).toMatchObject({ usable: false, reason: expect.stringMatching(/SIMD/) });
  });
});
