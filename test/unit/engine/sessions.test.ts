// The backend is chosen on the first side asked for: a worker that only wants
// 512² never builds a 1024² session (the video worker used to build both).
import { describe, expect, test } from 'vitest';
import type { BackendChoice } from '../../../src/engine/backend';
import type { Backend, Segmenter } from '../../../src/engine/segmenter';
import { Sessions } from '../../../src/engine/sessions';

function recorder() {
  const built: number[] = [];
  const segmenter = (side: number, backend: Backend): Segmenter => ({ side, backend, run: async () => ({ data: new Float32Array(), width: 0, height: 0 }), release: async () => {} });
  const sessions = new Sessions({
    model: async (side) => new Uint8Array([side % 256]),
    async choose(_model, side): Promise<BackendChoice> {
      built.push(side);
      const backend: Backend = { kind: 'wasm', threads: 2 };
      return { segmenter: segmenter(side, backend), backend, label: 'wasm-threads(2)', reason: 'test', timings: {} };
    },
    async create(_model, side, backend) {
      built.push(side);
      return segmenter(side, backend);
    },
  });
  return { sessions, built };
}

describe('Sessions', () => {
  test('a worker that wants 512² builds only a 512² session', async () => {
    const { sessions, built } = recorder();
    expect((await sessions.get(512)).side).toBe(512);
    expect(await sessions.get(512)).toBe(await sessions.get(512));
    expect(built).toEqual([512]);
  });

  test('another side reuses the chosen backend and builds once more', async () => {
    const { sessions, built } = recorder();
    const [a, b] = await Promise.all([sessions.get(1024), sessions.get(512)]);
    expect([a.side, b.side]).toEqual([1024, 512]);
    expect(built.sort()).toEqual([1024, 512]);
    expect((await sessions.chosen)?.label).toBe('wasm-threads(2)');
  });
});
