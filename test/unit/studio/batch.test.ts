// A batch as the studio shows it: jobs and library items merged (one row per
// image, in the order dropped, none twice), and the time left from the pace.
import { describe, expect, test } from 'vitest';
import { batchItems, batchProgress, type BatchItem } from '../../../src/features/studio/client/batch';
import { cutoutJobs } from '../../../src/features/studio/shared/jobs';
import { resultRecord } from '../../../src/api/results';
import { nextJobState } from '../../../src/store/job-state';
import { KEPT, libraryItem } from '../../../src/store/library';
import { zipEntryNames } from '../../../src/ui/zip-names';

const file = (name: string) => new File([new Uint8Array(4)], name, { type: 'image/jpeg' });

function finished(job: ReturnType<typeof cutoutJobs>[number], at: number) {
  const result = resultRecord({ blob: new Blob(['png']), contentType: 'image/png', ext: 'png', route: 'studio', keyId: null, lifetimeMs: KEPT, width: 8, height: 6 }, at);
  const started = nextJobState(job, { type: 'start' }, at - 1)!;
  return {
    job: nextJobState(started, { type: 'complete', resultId: result.id, resultExt: 'png', cost: 0 }, at)!,
    item: libraryItem(job.id, result, { kind: 'cutout', name: job.request.fileName.replace(/\..*/, ''), source: job.input, batchId: 'b' }, at),
  };
}

describe('batch items', () => {
  test('jobs keep the order dropped; a done one shows its library version; a purged job leaves its library item', () => {
    const [a, b, c] = cutoutJobs([file('a.jpg'), file('b.jpg'), file('c.jpg')], 'b', false, 1000);
    const doneA = finished(a, 2000);
    const doneB = finished(b, 3000);
    const items = batchItems([doneA.job, c], [doneA.item, doneB.item]);
    expect(items.map((i) => [i.fileName, i.status])).toEqual([
      ['a.jpg', 'done'],
      ['c.jpg', 'queued'],
      ['b', 'done'],
    ]);
    expect(items[0].cutout).toMatchObject({ resultId: doneA.item.versions[0].resultId, width: 8, touchedUp: false });
  });

  test('a paused job reads paused; a done job whose item was deleted is gone', () => {
    const [a, b] = cutoutJobs([file('a.jpg'), file('b.jpg')], 'b', true, 0);
    const doneB = finished({ ...b, paused: false }, 10);
    expect(batchItems([a, doneB.job], []).map((i) => i.status)).toEqual(['paused']);
  });
});

describe('batch progress', () => {
  const item = (status: BatchItem['status'], doneAt?: number): BatchItem => ({ id: `${Math.random()}`, fileName: 'x', status, progress: 0, createdAt: 0, doneAt });

  test('time left follows the pace of the last items done', () => {
    const items = [item('done', 0), item('done', 4000), item('done', 8000), item('working'), item('queued'), item('failed')];
    expect(batchProgress(items)).toEqual({ total: 6, done: 3, failed: 1, left: 2, remainingMs: 8000 });
  });

  test('no estimate before two are done; none needed when nothing is left', () => {
    expect(batchProgress([item('done', 5), item('queued')]).remainingMs).toBeNull();
    expect(batchProgress([item('done', 5), item('failed')]).remainingMs).toBe(0);
  });
});

describe('ZIP entry names', () => {
  test('each file keeps its name with the new extension; a name met twice gets a number', () => {
    expect(zipEntryNames(['shoe.jpg', 'bag.png', 'Shoe.webp', 'shoe.jpeg', 'a/b:c.jpg'], () => 'png')).toEqual([
      'shoe.png',
      'bag.png',
      'Shoe (2).png',
      'shoe (3).png',
      'a-b-c.png',
    ]);
  });
});
