// Where a task's time went: milliseconds per step, reported with its output.

export function lapTimer(): { timings: Record<string, number>; lap(step: string): void } {
  const timings: Record<string, number> = {};
  let mark = performance.now();
  return {
    timings,
    lap(step) {
      const now = performance.now();
      timings[step] = Math.round(now - mark);
      mark = now;
    },
  };
}
