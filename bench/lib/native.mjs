// Runs bench/native-model.mjs in child processes, one per model.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { median } from './stats.mjs';
import { root } from './support.mjs';

export function benchNative(runs) {
  const results = {};
  for (const model of ['patched', 'original']) {
    const child = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench', 'native-model.mjs'), model, String(runs)], { cwd: root, encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`native ${model} failed:\n${child.stderr}`);
    results[model] = JSON.parse(child.stdout.trim().split('\n').pop());
    console.error(`[bench] native ${model}: ${Math.round(results[model].medianMs)} ms`);
  }
  return results;
}

/** Joins the runs taken before and after the browser session. */
export function mergeNative(before, after) {
  return Object.fromEntries(
    Object.keys(before).map((model) => {
      const runs = [...before[model].runs, ...after[model].runs];
      return [
        model,
        {
          ...before[model],
          runs,
          medianMs: median(runs),
          medianBeforeMs: before[model].medianMs,
          medianAfterMs: after[model].medianMs,
          peakRssBytes: Math.max(before[model].peakRssBytes, after[model].peakRssBytes),
        },
      ];
    }),
  );
}
