// npm run bench:batch: a 1,000-image batch (256² scenes made on the fly) through
// the studio's batch in headless Chromium, as a user would drop it, with the
// page reloaded twice mid-way. Prints items per minute, items lost and
// duplicated (both must be 0), and the page's and its workers' memory
// (performance.measureUserAgentSpecificMemory) at 100, 500 and 1,000 items
// (must stay flat: the last within 10 % of the first). Needs `npm run
// build:test`; run it alone on the machine. BENCH_ITEMS sets another count
// (the memory points are then 100, half and all).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openApp, waitForServiceWorker } from '../test/support/app';
import { launchBrowser } from '../test/support/chromium';
import { tempFolder } from '../test/support/files';
import { renderScene, subjectSvg, testScene } from '../test/support/scene';
import { startPreview } from '../test/support/server';
import { loadAverage, machineInfo } from './lib/machine.mjs';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 1000);
const SIDE = 256;
const SUBJECTS = ['running-shoe', 'handbag', 'potted-plant', 'teapot', 'red-apple', 'backpack', 'alarm-clock', 'guitar'];
const RELOADS_AT = [Math.round(ITEMS / 3), Math.round((2 * ITEMS) / 3)];
const MEMORY_AT = [...new Set([Math.min(100, ITEMS), Math.round(ITEMS / 2), ITEMS])].sort((a, b) => a - b);
const PALETTES: [string, string][] = [
  ['#d9d4cc', '#a8a29a'],
  ['#cfd8dc', '#90a4ae'],
  ['#f3e5f5', '#ce93d8'],
  ['#e8f5e9', '#a5d6a7'],
  ['#fff3e0', '#ffcc80'],
];

interface Counts {
  done: number;
  failed: number;
  waiting: number;
  libraryItems: number;
  uniqueNames: number;
}

/** What IndexedDB holds for the batch, counted in the page (only the numbers cross over). */
function counts(page: Page): Promise<Counts> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('cutout-studio');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const read = (name: string) =>
      new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const request = db.transaction(name).objectStore(name).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const jobs = (await read('jobs')).filter((job) => job.kind === 'cutout');
    const items = (await read('library')).filter((item) => item.kind === 'cutout');
    db.close();
    return {
      done: jobs.filter((job) => job.status === 'completed').length,
      failed: jobs.filter((job) => job.status === 'failed').length,
      waiting: jobs.filter((job) => job.status === 'pending' || job.status === 'running').length,
      libraryItems: items.length,
      uniqueNames: new Set(items.map((item) => item.name)).size,
    };
  });
}

/** The page's and its workers' JS memory, as the browser measures it (after a GC). */
function memory(page: Page): Promise<{ total: number; window: number; workers: number }> {
  return page.evaluate(async () => {
    type Breakdown = { bytes: number; attribution: { scope: string }[] };
    const result = await (
      performance as unknown as { measureUserAgentSpecificMemory(): Promise<{ bytes: number; breakdown: Breakdown[] }> }
    ).measureUserAgentSpecificMemory();
    let window = 0;
    let workers = 0;
    for (const entry of result.breakdown) {
      if (entry.attribution.some((where) => where.scope.includes('Worker'))) workers += entry.bytes;
      else window += entry.bytes;
    }
    return { total: result.bytes, window, workers };
  });
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

const loadBefore = loadAverage().one;
const server = await startPreview();
const browser = await launchBrowser({ extraArgs: ['--enable-blink-features=ForceEagerMeasureMemory'] });
// tsx keeps function names with a __name() helper that functions sent to the page would call.
await browser.context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
try {
  const page = await openApp(browser.context, server.url, '/');
  const folder = tempFolder();
  const files: string[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const scene = await renderScene(
      page,
      testScene({
        svg: subjectSvg(SUBJECTS[i % SUBJECTS.length]),
        width: SIDE,
        height: SIDE,
        colors: PALETTES[i % PALETTES.length],
        subject: { x: 0.4 + ((i * 7) % 20) / 100, y: 0.4 + ((i * 13) % 20) / 100, size: 0.5 + ((i * 3) % 30) / 100 },
      }),
    );
    const name = `item-${String(i).padStart(4, '0')}.jpg`;
    writeFileSync(join(folder, name), Buffer.from(scene.dataUrl.split(',')[1], 'base64'));
    files.push(join(folder, name));
  }
  console.error(`${ITEMS} images of ${SIDE}² written; dropping them on the studio`);

  const started = Date.now();
  await page.getByTestId('studio-file').setInputFiles(files);
  const memoryRows: { at: number; total: number; window: number; workers: number }[] = [];
  const reloads = [...RELOADS_AT];
  const wanted = [...MEMORY_AT];
  let last: Counts = await counts(page);
  while (last.done + last.failed < ITEMS || last.waiting > 0) {
    await page.waitForTimeout(5000);
    last = await counts(page);
    const finished = last.done + last.failed;
    if (wanted.length && finished >= wanted[0]) {
      const at = wanted.shift()!;
      memoryRows.push({ at, ...(await memory(page)) });
      console.error(`${finished} done: ${mb(memoryRows.at(-1)!.total)} MB`);
    }
    if (reloads.length && finished >= reloads[0]) {
      reloads.shift();
      console.error(`${finished} done: reloading the page`);
      await page.reload();
      await waitForServiceWorker(page);
    }
    if (Date.now() - started > 4 * 60 * 60 * 1000) throw new Error('the batch did not finish in 4 hours');
  }
  const minutes = (Date.now() - started) / 60_000;

  const { cpu, cores } = machineInfo();
  console.log(`${cpu}, ${cores} cores; 1-min load average ${loadBefore} before, ${loadAverage().one} after`);
  console.log(`${ITEMS} images of ${SIDE}×${SIDE} JPEG, one batch, the page reloaded at ${RELOADS_AT.join(' and ')} items\n`);
  console.log('| items | done | failed | lost | duplicates | minutes | items / minute |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  const lost = ITEMS - last.done - last.failed;
  const duplicates = last.libraryItems - last.uniqueNames + Math.max(0, last.libraryItems - last.done);
  console.log(`| ${ITEMS} | ${last.done} | ${last.failed} | ${lost} | ${duplicates} | ${minutes.toFixed(1)} | ${(ITEMS / minutes).toFixed(1)} |`);
  console.log('\n| after items | page + workers MB | window MB | workers MB |');
  console.log('|---:|---:|---:|---:|');
  for (const row of memoryRows) console.log(`| ${row.at} | ${mb(row.total)} | ${mb(row.window)} | ${mb(row.workers)} |`);
  const growth = memoryRows.length > 1 ? memoryRows.at(-1)!.total / memoryRows[0].total - 1 : 0;
  console.log(`\nmemory at ${memoryRows.at(-1)?.at} vs ${memoryRows[0]?.at}: ${(growth * 100).toFixed(1)} % (goal ≤ 10 %)`);
  // The runner closes its jobs' worker when the queue empties, so the last row may be taken without it.
  if (memoryRows.length > 1 && memoryRows.at(-1)!.workers < 0.6 * memoryRows[0].workers) {
    console.log('the last row was measured after the queue emptied and the jobs\' worker closed: compare the rows before it');
  }
  if (lost || duplicates) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
