// Runs src/api's handler in Node against a real StudioDatabase (fake-indexeddb) and a
// movable clock. Network inputs go through fetch, which the tests serve with msw.
import { handleApiRequest } from '../../src/api/handle';
import type { ApiDeps } from '../../src/api/context';
import { liveResult } from '../../src/api/results';
import type { EngineGateway, EngineTask } from '../../src/api/tasks';
import { apiRoutes } from '../../src/sw/routes';
import { createApiKey } from '../../src/features/developer/shared/key-admin';
import { encodePng } from '../../src/imaging/png-encode';
import { openStudioDatabase, type StudioDatabase } from '../../src/store/database';

export const ORIGIN = 'http://studio.test';

export interface Harness {
  deps: ApiDeps;
  db: StudioDatabase;
  clock: { time: number; now(): number };
  tasks: EngineTask[];
  key: string;
  keyId: string;
  call(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
}

let counter = 0;

/** A solid-colour RGBA PNG, for inputs and for what the engine boundary returns. */
export async function pngBytes(width: number, height: number, rgba = [200, 40, 40, 255]): Promise<Uint8Array> {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set(rgba, i);
  return new Uint8Array(await (await encodePng(data, width, height)).arrayBuffer());
}

export async function pngDataUrl(width: number, height: number): Promise<string> {
  return `data:image/png;base64,${Buffer.from(await pngBytes(width, height)).toString('base64')}`;
}

/**
 * The engine runs in a browser page, across postMessage: in Node tests this
 * boundary is replaced by one that records the task and returns a PNG.
 */
export function recordingEngine(tasks: EngineTask[], fail?: Error, gate?: Promise<void>): EngineGateway {
  return {
    async run(task) {
      tasks.push(task as EngineTask);
      await gate;
      if (fail) throw fail;
      const bytes = await pngBytes(64, 64, [0, 0, 0, 0]);
      const output = { blob: new Blob([bytes as BlobPart], { type: 'image/png' }), contentType: 'image/png', width: 64, height: 64, engine: 'test-boundary', timings: {} };
      return output as never;
    },
  };
}

/**
 * @param options.engineGate the engine answers once this settles (to hold a call mid-flight)
 */
export async function createHarness(options: { engineFailure?: Error; engineGate?: Promise<void> } = {}): Promise<Harness> {
  const db = await openStudioDatabase(`test-${process.pid}-${counter++}`);
  const clock = { time: Date.UTC(2026, 10, 21, 12), now: () => clock.time };
  const tasks: EngineTask[] = [];
  const deps: ApiDeps = {
    db,
    clock,
    engine: recordingEngine(tasks, options.engineFailure, options.engineGate),
    inputs: {
      origin: ORIGIN,
      fetch: (url, signal) => fetch(url, { signal }),
      readResult: async (id) => (await liveResult({ db, clock }, id))?.blob,
    },
    announceJobs: () => {},
    watchJobs: () => () => {},
    rateWindows: new Map(),
  };
  const { key, record } = await createApiKey(db, 'test', clock.time);
  return {
    deps,
    db,
    clock,
    tasks,
    key,
    keyId: record.id,
    call(path, init = {}) {
      const { json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (!headers.has('x-api-key')) headers.set('x-api-key', key);
      let body = rest.body;
      if (json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(json);
      }
      const request = new Request(ORIGIN + path, { method: rest.method ?? (body ? 'POST' : 'GET'), headers, body, signal: rest.signal });
      return handleApiRequest(request, apiRoutes, deps);
    },
  };
}

export async function errorOf(response: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await response.json()) as { error: string; error_code: string };
  return { status: response.status, code: body.error_code, message: body.error };
}
