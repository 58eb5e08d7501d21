// The model host runs one thing at a time, the most urgent first: a request
// waits only for the item in progress, never for queued jobs or the warm-up.
import { describe, expect, test } from 'vitest';
import type { ModelPriority } from '../../../../src/engine/model-protocol';
import { ModelQueue } from '../../../../src/engine/model/queue';

function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('ModelQueue', () => {
  test('a request overtakes waiting jobs and the warm-up, not the item running', async () => {
    const queue = new ModelQueue();
    const order: string[] = [];
    const first = gate();
    const item = (name: string, priority: ModelPriority, wait?: Promise<void>) =>
      queue.run(priority, async () => {
        order.push(`start ${name}`);
        await wait;
        order.push(`end ${name}`);
        return name;
      });
    const running = item('job 1', 'job', first.opened);
    const later = [item('warm-up', 'warm-up'), item('job 2', 'job'), item('request', 'request')];
    await Promise.resolve();
    expect(order).toEqual(['start job 1']);
    expect(queue.length).toBe(3);
    first.open();
    expect(await Promise.all([running, ...later])).toEqual(['job 1', 'warm-up', 'job 2', 'request']);
    expect(order).toEqual(['start job 1', 'end job 1', 'start request', 'end request', 'start job 2', 'end job 2', 'start warm-up', 'end warm-up']);
    expect(queue.busy).toBe(false);
  });

  test('a failing item rejects its own caller only, and the queue goes on', async () => {
    const queue = new ModelQueue();
    const failing = queue.run('request', async () => {
      throw new Error('model run failed');
    });
    const next = queue.run('request', async () => 'ran');
    await expect(failing).rejects.toThrow('model run failed');
    expect(await next).toBe('ran');
  });

  test('items of one priority run in arrival order', async () => {
    const queue = new ModelQueue();
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((n) => queue.run('job', async () => void order.push(n))));
    expect(order).toEqual([1, 2, 3]);
  });
});
