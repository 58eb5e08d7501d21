// Writes a bench's raw results and printed tables under bench/out/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { outDir } from './support.mjs';

export function saveReport(name, data, markdown) {
  mkdirSync(outDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const json = JSON.stringify(data, null, 1);
  writeFileSync(join(outDir, `${name}-${stamp}.json`), json);
  writeFileSync(join(outDir, `${name}-latest.json`), json);
  writeFileSync(join(outDir, `${name}-latest.md`), markdown + '\n');
  return join(outDir, `${name}-${stamp}.json`);
}

export function describeMachine(machine) {
  const { loadBefore, loadAfter, maxLoad1m, cpuDuringBrowserRun: cpu } = machine;
  return (
    `Machine: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}. ` +
    `Load average (1/5/15 min) before ${loadBefore.one}/${loadBefore.five}/${loadBefore.fifteen}, ` +
    `after ${loadAfter.one}/${loadAfter.five}/${loadAfter.fifteen}, highest 1-min during ${maxLoad1m}. ` +
    `During the browser run (${cpu.seconds} s) this bench used ${cpu.ownCores} cores on average and ` +
    `other processes ${cpu.otherCores} cores` +
    (cpu.otherCores > 0.2 ? ' — a busy machine: treat absolute times as pessimistic and compare ratios.' : '.')
  );
}
