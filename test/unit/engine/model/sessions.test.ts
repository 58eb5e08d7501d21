// The backend is chosen on the first side asked for (a host that only runs
// video never builds the photo side), each side is built once, and at most
// `limit` sessions hold weights at a time: another side releases the one used
// longest ago before it is built.
import { describe, expect, test } from 'vitest';
import type { BackendChoice } from '../../../../src/engine/model/backend';
import type { Backend, ModelSource, Segmenter } from '../../../../src/engine/model/segmenter';
import { Sessions } from '../../../../src/engine/model/sessions';

function recorder(limit?: number) {
  const built: number[] = [];
  const released: number[] = [];
  const live = new Set<number>();
  let peak = 0;
  const segmenter = (side: number, backend: Backend): Segmenter => {
    live.add(side);
    peak = Math.max(peak, live.size);
    return {
      side,
      backend,
      run: async () => ({ data: new Float32Array(), width: 0, height: 0 }),
      release: async () => {
        live.delete(side);
        released.push(side);
      },
    };
  };
  const source = (side: number): ModelSource => ({ side, onnx: async () => new Uint8Array([side % 256]), tflite: async () => new Uint8Array() });
  const sessions = new Sessions(
    {
      source,
      async choose(source): Promise<BackendChoice> {
        built.push(source.side);
        const backend: Backend = { kind: 'wasm', threads: 2, precision: 'float32' };
        return { segmenter: segmenter(source.side, backend), backend, label: 'wasm-threads(2)', reason: 'test', timings: {} };
      },
      async create(source, backend) {
        built.push(source.side);
        return segmenter(source.side, backend);
      },
    },
    limit === undefined ? undefined : () => limit,
  );
  return { sessions, built, released, peak: () => peak };
}

describe('Sessions', () => {
  test('a host that wants 512² builds only a 512² session, once', async () => {
    const { sessions, built } = recorder();
    expect((await sessions.get(512)).side).toBe(512);
    expect(await sessions.get(512)).toBe(await sessions.get(512));
    expect(built).toEqual([512]);
  });

  test('another side reuses the chosen backend and builds once more', async () => {
    const { sessions, built } = recorder();
    const a = await sessions.get(1024);
    const b = await sessions.get(512);
    expect([a.side, b.side]).toEqual([1024, 512]);
    expect(built).toEqual([1024, 512]);
    expect((await sessions.chosen)?.label).toBe('wasm-threads(2)');
    expect(sessions.sides).toEqual([1024, 512]);
  });

  test('past the limit, the side used longest ago is released before another is built', async () => {
    const { sessions, built, released, peak } = recorder(2);
    await sessions.get(1024);
    await sessions.get(512);
    await sessions.get(1024); // 512 is now the one used longest ago
    await sessions.get(768);
    expect(released).toEqual([512]);
    expect(sessions.sides).toEqual([1024, 768]);
    expect(peak()).toBe(2);
    await sessions.get(512);
    expect(released).toEqual([512, 1024]);
    expect(built).toEqual([1024, 512, 768, 512]);
  });

  test('with a limit of one, switching sides never holds two sessions', async () => {
    const { sessions, peak } = recorder(1);
    for (const side of [1024, 512, 1024, 768]) await sessions.get(side);
    expect(peak()).toBe(1);
    expect(sessions.sides).toEqual([768]);
  });

  test('the limit is asked at every build: it can fall (memory found short) and the next build keeps to it', async () => {
    let limit = 2;
    const built: number[] = [];
    const backend: Backend = { kind: 'wasm', threads: 1, precision: 'float16' };
    const session = (side: number): Segmenter => ({ side, backend, run: async () => ({ data: new Float32Array(), width: 0, height: 0 }), release: async () => {} });
    const source = (side: number): ModelSource => ({ side, onnx: async () => new Uint8Array(), tflite: async () => new Uint8Array() });
    const sessions = new Sessions(
      {
        source,
        choose: async (s) => (built.push(s.side), { segmenter: session(s.side), backend, label: 'wasm-fp16', reason: 'test', timings: {} }),
        create: async (s) => (built.push(s.side), session(s.side)),
      },
      () => limit,
    );
    await sessions.get(1024);
    await sessions.get(512);
    expect(sessions.sides).toEqual([1024, 512]);
    limit = 1;
    await sessions.get(768);
    expect(sessions.sides).toEqual([768]);
  });
});
