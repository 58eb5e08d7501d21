// What the machine was doing: load average, CPU model, and how much CPU other
// processes (anything outside this bench's own process tree) took during a run,
// because the numbers mean little on a shared machine without it.
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { processTree } from './memory.mjs';

export function loadAverage() {
  const [one, five, fifteen] = loadavg();
  return { one: +one.toFixed(2), five: +five.toFixed(2), fifteen: +fifteen.toFixed(2) };
}

export function machineInfo() {
  return { cpu: cpus()[0]?.model ?? 'unknown', cores: availableParallelism(), node: process.version };
}

/** Jiffies the whole machine spent busy (not idle or iowait). */
function busyJiffies() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
  return total - fields[3] - fields[4];
}

/**
 * Tracks CPU used by this process tree (summing each process's last seen
 * utime+stime, so processes that exit still count) against the machine's.
 */
export class CpuShare {
  #ownLast = new Map();
  #startBusy = busyJiffies();
  #startOwn = 0;
  #started = Date.now();

  constructor() {
    this.sample();
    this.#startOwn = this.#ownTotal();
  }

  #ownTotal() {
    let total = 0;
    for (const value of this.#ownLast.values()) total += value;
    return total;
  }

  sample() {
    for (const proc of processTree()) this.#ownLast.set(`${proc.pid}:${proc.start}`, proc.cpuJiffies);
  }

  /** Cores' worth of CPU used by others and by us, averaged since the start. */
  summary() {
    this.sample();
    const seconds = (Date.now() - this.#started) / 1000;
    const hz = 100; // USER_HZ on Linux
    const busy = (busyJiffies() - this.#startBusy) / hz;
    const own = (this.#ownTotal() - this.#startOwn) / hz;
    return {
      seconds: Math.round(seconds),
      ownCores: +(own / seconds).toFixed(2),
      otherCores: +(Math.max(0, busy - own) / seconds).toFixed(2),
    };
  }
}

/**
 * The load and the CPU shares, sampled all along a browser run from now;
 * stop() ends the sampling and describes the machine and the run.
 */
export function watchMachine(loadBefore = loadAverage(), intervalMs = 1000) {
  const cpu = new CpuShare();
  let maxLoad = loadBefore.one;
  const timer = setInterval(() => {
    cpu.sample();
    maxLoad = Math.max(maxLoad, loadAverage().one);
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return { ...machineInfo(), loadBefore, loadAfter: loadAverage(), maxLoad1m: maxLoad, cpuDuringBrowserRun: cpu.summary() };
    },
  };
}
