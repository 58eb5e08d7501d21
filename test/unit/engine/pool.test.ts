// The worker pool's watchdog counts the time since a task last reported
// progress, not since it started: a long task that keeps reporting runs to its
// end, and one that goes quiet is taken for hung, its worker replaced.
import * as Comlink from 'comlink';
import { afterEach, expect, test } from 'vitest';
import { runOnPool, WorkerLostError, WorkerPool } from '../../../src/engine/pool';
import { task } from '../../../src/api/tasks';
import type { EngineProgress } from '../../../src/api/tasks';
import { WORKER_READY } from '../../../src/engine/worker-start';

const WATCHDOG_MS = 80;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A worker stand-in on a MessageChannel: its task reports progress every 20 ms for `reportMs`, then ends, or goes quiet for ever when reportMs is Infinity. */
function fakeWorker(behaviour: { reportMs: number; quiet?: boolean; quietAfter?: string }, terminated: string[]): Worker {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(
    {
      async run(_fn: string, _args: unknown, progress: (p: EngineProgress) => void) {
        if (behaviour.quiet) return new Promise(() => {});
        if (behaviour.quietAfter) {
          await progress({ stage: behaviour.quietAfter, fraction: 0 });
          return new Promise(() => {});
        }
        for (let at = 0; at < behaviour.reportMs; at += 20) {
          await progress({ stage: 'working', fraction: at / behaviour.reportMs });
          await sleep(20);
        }
        return { ok: true, value: { durationSeconds: 1 } };
      },
    },
    port2,
  );
  // As every worker of ours does once it listens (src/engine/worker-start.ts).
  port2.postMessage({ type: WORKER_READY });
  return Object.assign(port1, {
    terminate() {
      terminated.push('worker');
      port1.close();
      port2.close();
    },
  }) as unknown as Worker;
}

let pool: WorkerPool | undefined;
afterEach(() => pool?.dispose());

test('a task that reports progress runs past the watchdog to its end', async () => {
  const terminated: string[] = [];
  pool = new WorkerPool({ size: 1, createWorker: () => fakeWorker({ reportMs: 4 * WATCHDOG_MS }, terminated), watchdogMs: WATCHDOG_MS });
  const reports: number[] = [];
  const result = await runOnPool(pool, task('probeVideo', { input: new Blob([]) }), (p) => reports.push(p.fraction));
  expect(result).toEqual({ durationSeconds: 1 });
  expect(reports.length).toBeGreaterThan(10);
  expect(terminated).toEqual([]);
});

test('a task quiet for the watchdog time is lost, and its worker replaced by a fresh one', async () => {
  const terminated: string[] = [];
  const replaced: string[] = [];
  let made = 0;
  pool = new WorkerPool({
    size: 1,
    createWorker: () => fakeWorker({ reportMs: 0, quiet: made++ === 0 }, terminated),
    watchdogMs: WATCHDOG_MS,
    onReplace: (reason) => replaced.push(reason),
  });
  const started = Date.now();
  const lost = runOnPool(pool, task('probeVideo', { input: new Blob([]) }), () => {});
  await expect(lost).rejects.toBeInstanceOf(WorkerLostError);
  await expect(lost).rejects.toThrow(/showed no progress for 0 s; it was restarted, nothing was charged/);
  expect(Date.now() - started).toBeGreaterThanOrEqual(WATCHDOG_MS - 5);
  expect(terminated).toEqual(['worker']);
  expect(replaced).toEqual(['the engine worker showed no progress for 0 s']);
  // The next task finds the fresh worker, which answers.
  expect(await runOnPool(pool, task('probeVideo', { input: new Blob([]) }), () => {})).toEqual({ durationSeconds: 1 });
});

test("a lost task's message says what its worker last reported", async () => {
  const replaced: string[] = [];
  pool = new WorkerPool({
    size: 1,
    createWorker: () => fakeWorker({ reportMs: 0, quietAfter: 'reading the video' }, []),
    watchdogMs: WATCHDOG_MS,
    onReplace: (reason) => replaced.push(reason),
  });
  const lost = runOnPool(pool, task('probeVideo', { input: new Blob([]) }), () => {});
  await expect(lost).rejects.toThrow(/showed no progress for 0 s after "reading the video"; it was restarted/);
  expect(replaced).toEqual(['the engine worker showed no progress for 0 s after "reading the video"']);
});

test('a run may set its own watchdog time', async () => {
  const terminated: string[] = [];
  pool = new WorkerPool({ size: 1, createWorker: () => fakeWorker({ reportMs: 0, quiet: true }, terminated), watchdogMs: 60_000 });
  await expect(runOnPool(pool, task('probeVideo', { input: new Blob([]) }), () => {}, undefined, WATCHDOG_MS)).rejects.toBeInstanceOf(WorkerLostError);
  expect(terminated).toEqual(['worker']);
});
