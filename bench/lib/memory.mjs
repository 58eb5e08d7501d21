// Peak memory of Chromium, read from /proc while the benches run.
//
// What is measured: PSS (proportional set size, /proc/<pid>/smaps_rollup) of
// the Chromium processes started by this bench. PSS splits shared pages among
// the processes sharing them, so a sum over processes is not double counted
// the way summed RSS would be. Sampled every 200 ms while sampling is on; a
// spike shorter than that can be missed. Reading smaps_rollup walks a
// process's page tables and holds its memory lock, which slowed the model by
// 15–25 % when sampled during timed runs, so the benches sample memory during
// warm-up runs only.
//
// Attribution: both implementations' pages are open at once (their runs are
// interleaved, so both see the same machine load). A renderer process belongs
// to the implementation that was running when it first burnt CPU (Chromium
// pre-starts spare renderers, so "started after the page opened" would not
// work); a page's dedicated workers, ORT's thread workers and a service worker
// live in renderer processes. "Own" = the implementation's renderers; "with
// browser" = own plus the processes no implementation owns (browser, GPU,
// network and storage utilities, where IndexedDB writes land).
import { readdirSync, readFileSync } from 'node:fs';

/** CPU a renderer must burn during one implementation's run to count as its own (jiffies, 1/100 s). */
const CLAIM_CPU_JIFFIES = 30;

/** A /proc file's text, or `fallback` when the process has gone. */
export function readOr(path, fallback) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return fallback;
  }
}

function statOf(pid) {
  const text = readOr(`/proc/${pid}/stat`, null);
  if (!text) return null;
  // The command name is in parentheses and may hold spaces: parse after it.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { pid, ppid: Number(fields[1]), cpuJiffies: Number(fields[11]) + Number(fields[12]), start: Number(fields[19]) };
}

/** This process and all its descendants. */
export function processTree(rootPid = process.pid) {
  const all = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = statOf(Number(name));
    if (stat) all.push(stat);
  }
  const children = new Map();
  for (const proc of all) children.set(proc.ppid, [...(children.get(proc.ppid) ?? []), proc]);
  const tree = [];
  const stack = all.filter((p) => p.pid === rootPid);
  while (stack.length) {
    const proc = stack.pop();
    tree.push(proc);
    stack.push(...(children.get(proc.pid) ?? []));
  }
  return tree;
}

function chromiumProcesses() {
  const found = [];
  for (const proc of processTree()) {
    // Child processes rewrite their title, so the arguments may be one string.
    const commandLine = readOr(`/proc/${proc.pid}/cmdline`, '').replaceAll('\0', ' ');
    if (!/^\S*chrom/.test(commandLine)) continue;
    const type = /--type=([\w-]+)/.exec(commandLine)?.[1] ?? 'browser';
    const pssKb = Number(/^Pss:\s+(\d+)/m.exec(readOr(`/proc/${proc.pid}/smaps_rollup`, ''))?.[1] ?? 0);
    found.push({ key: `${proc.pid}:${proc.start}`, type, pss: pssKb * 1024, cpu: proc.cpuJiffies });
  }
  return found;
}

/** CPU (jiffies, 1/100 s) the Chromium processes of this bench have used so far, by process type. */
export function chromiumCpu() {
  const byType = {};
  for (const proc of chromiumProcesses()) byType[proc.type] = (byType[proc.type] ?? 0) + proc.cpu;
  return byType;
}

/** Peak-free reading: PSS of every Chromium process of this bench now, in bytes. */
export function chromiumPss() {
  return chromiumProcesses().reduce((sum, proc) => sum + proc.pss, 0);
}

export class ChromiumMemory {
  #timer = null;
  /** renderer key → owner */
  #owners = new Map();
  #running = null;
  /** label → { peakOwnPss, peakWithBrowserPss, peakAllPss } */
  peaks = {};

  /** Samples every intervalMs until stop(); without it, only when a run starts and ends. */
  start(intervalMs = 200) {
    this.stop();
    this.#timer = setInterval(() => this.sample(), intervalMs);
    return this;
  }

  stop() {
    clearInterval(this.#timer);
    this.#timer = null;
  }

  /** Samples until the next call count towards `owner`'s peaks under `label`. */
  running(owner, label) {
    const cpuAtStart = new Map(chromiumProcesses().map((p) => [p.key, p.cpu]));
    this.#running = { owner, label, cpuAtStart };
    this.sample();
  }

  /**
   * Ends the run; returns the CPU time (ms) it cost: in the runner's own
   * renderers, and in the processes nobody owns (browser, GPU, utilities).
   * On a loaded machine CPU time moves much less than wall time does.
   */
  idle() {
    this.sample();
    const { owner, cpuAtStart } = this.#running;
    this.#running = null;
    let own = 0;
    let shared = 0;
    for (const proc of chromiumProcesses()) {
      const used = proc.cpu - (cpuAtStart.get(proc.key) ?? 0);
      const procOwner = proc.type === 'renderer' ? this.#owners.get(proc.key) : undefined;
      if (procOwner === owner) own += used;
      else if (procOwner === undefined) shared += used;
    }
    // /proc counts in USER_HZ (1/100 s) ticks.
    return { ownCpuMs: own * 10, sharedCpuMs: shared * 10 };
  }

  /** Renderers of the running implementation: owned already, or unowned and busy since its run began. */
  #claim(procs) {
    const { owner, cpuAtStart } = this.#running;
    for (const proc of procs) {
      if (proc.type !== 'renderer' || this.#owners.has(proc.key)) continue;
      if (proc.cpu - (cpuAtStart.get(proc.key) ?? 0) >= CLAIM_CPU_JIFFIES) this.#owners.set(proc.key, owner);
    }
  }

  owners() {
    return Object.fromEntries(this.#owners);
  }

  sample() {
    if (!this.#running) return;
    const { owner, label } = this.#running;
    const procs = chromiumProcesses();
    this.#claim(procs);
    let own = 0;
    let others = 0;
    let all = 0;
    for (const proc of procs) {
      all += proc.pss;
      const procOwner = proc.type === 'renderer' ? this.#owners.get(proc.key) : undefined;
      if (procOwner === owner) own += proc.pss;
      else if (procOwner !== undefined) others += proc.pss;
    }
    const peak = (this.peaks[label] ??= { peakOwnPss: 0, peakWithBrowserPss: 0, peakAllPss: 0 });
    peak.peakOwnPss = Math.max(peak.peakOwnPss, own);
    peak.peakWithBrowserPss = Math.max(peak.peakWithBrowserPss, all - others);
    peak.peakAllPss = Math.max(peak.peakAllPss, all);
  }
}
