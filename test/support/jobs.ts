// Jobs through /v1 from a page, as the e2e suites poll them: the job view,
// polling until a condition holds, the forward-only order of statuses, and
// the credits the ledger holds.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from './app';

export interface JobAnswer {
  job_id: string;
  status: string;
  progress: number;
  result_url?: string;
  /** Try-on jobs, once completed: the kind the garment was dressed as. */
  garment_mode_used?: string;
  error?: { error_code: string; message: string };
}

const ORDER = ['pending', 'running', 'completed', 'failed'];

export const finished = (job: JobAnswer) => job.status === 'completed' || job.status === 'failed';

export async function getJob(page: Page, url: string, key: string): Promise<JobAnswer> {
  const answer = await callApi(page, url, { headers: { 'X-API-KEY': key } });
  expect(answer.status, answer.text ?? '').toBe(200);
  return answer.json as JobAnswer;
}

/** Polls the job at `url` until `done` holds; returns the last answer and every status seen, in order. */
export async function pollJob(
  page: Page,
  url: string,
  key: string,
  done: (job: JobAnswer) => boolean,
  timeoutMs: number,
): Promise<{ job: JobAnswer; seen: string[] }> {
  const seen: string[] = [];
  const until = Date.now() + timeoutMs;
  for (;;) {
    const job = await getJob(page, url, key);
    if (seen.at(-1) !== job.status) seen.push(job.status);
    if (done(job)) return { job, seen };
    if (finished(job) || Date.now() > until) throw new Error(`job ${url} ended ${JSON.stringify(job)} (seen ${seen.join(' → ')})`);
    await page.waitForTimeout(200);
  }
}

/** Statuses only move forward. */
export function expectForward(seen: string[]): void {
  const ranks = seen.map((status) => ORDER.indexOf(status));
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
}

/** Credits the ledger holds for routes whose path includes `route`, over all keys. */
export function ledgerCredits(page: Page, route: string): Promise<number> {
  return page.evaluate(async (route) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('cutout-studio');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const entries = await new Promise<{ route: string; credits: number }[]>((resolve, reject) => {
      const all = db.transaction('ledger').objectStore('ledger').getAll();
      all.onsuccess = () => resolve(all.result);
      all.onerror = () => reject(all.error);
    });
    db.close();
    return entries.filter((e) => e.route.includes(route)).reduce((sum, e) => sum + e.credits, 0);
  }, route);
}
