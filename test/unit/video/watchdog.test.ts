import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Watchdog } from '../../../src/features/video/worker/watchdog';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const never = () => new Promise<never>(() => {});

describe('Watchdog', () => {
  test('passes results and errors through', async () => {
    const watchdog = new Watchdog('mp4_h264', 10_000);
    await expect(watchdog.guard(Promise.resolve(7))).resolves.toBe(7);
    await expect(watchdog.guard(Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });

  test('a call with no sign of life for the stall time fails as unexpected_error naming the format, and releases the encoder', async () => {
    const onStall = vi.fn();
    const watchdog = new Watchdog('mp4_h265', 10_000, onStall);
    const guarded = watchdog.guard(never());
    const outcome = expect(guarded).rejects.toMatchObject({ code: 'unexpected_error', message: expect.stringMatching(/^mp4_h265 encoder stalled/) });
    await vi.advanceTimersByTimeAsync(11_000);
    await outcome;
    expect(onStall).toHaveBeenCalledOnce();
  });

  test('signs of life (log lines) keep a long call going', async () => {
    const onStall = vi.fn();
    const watchdog = new Watchdog('gif', 10_000, onStall);
    let finish: (value: string) => void = () => {};
    const guarded = watchdog.guard(new Promise<string>((resolve) => (finish = resolve)));
    for (let i = 0; i < 6; i++) {
      await vi.advanceTimersByTimeAsync(8_000);
      watchdog.alive();
    }
    finish('done');
    await expect(guarded).resolves.toBe('done');
    expect(onStall).not.toHaveBeenCalled();
  });

  test('time with nothing outstanding does not count: a slow model upstream never trips it', async () => {
    const onStall = vi.fn();
    const watchdog = new Watchdog('webm_vp9', 10_000, onStall);
    await watchdog.guard(Promise.resolve());
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(watchdog.guard(Promise.resolve('next'))).resolves.toBe('next');
    expect(onStall).not.toHaveBeenCalled();
  });
});
