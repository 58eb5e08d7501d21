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

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('ModelQueue', () => {
  test('an item starts in a task of its own, not in the task that queued it', async () => {
    const queue = new ModelQueue();
    let started = false;
    const done = queue.run('request', async () => void (started = true));
    expect(queue.busy).toBe(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toBe(false);
    await done;
    expect(started).toBe(true);
    expect(queue.busy).toBe(false);
  });

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
    await nextTask();
    const later = [item('warm-up', 'warm-up'), item('job 2', 'job'), item('request', 'request')];
    await nextTask();
    expect(order).toEqual(['start job 1']);
    expect(queue.length).toBe(3);
    first.open();
    expect(await Promise.all([running, ...later])).toEqual(['job 1', 'warm-up', 'job 2', 'request']);
    expect(order).toEqual(['start job 1', 'end job 1', 'start request', 'end request', 'start job 2', 'end job 2', 'start warm-up', 'end warm-up']);
    expect(queue.busy).toBe(false);
  });

  test('an item picked when its task starts: a request queued meanwhile goes first', async () => {
    const queue = new ModelQueue();
    const order: string[] = [];
    const warmUp = queue.run('warm-up', async () => void order.push('warm-up'));
    const request = queue.run('request', async () => void order.push('request'));
    await Promise.all([warmUp, request]);
    expect(order).toEqual(['request', 'warm-up']);
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
