// npm run bench:image — speed and memory of background removal, three ways, on
// the same inputs in one headless Chromium:
//   (a) this app, end to end through POST /v1/remove-background (service worker
//       → engine worker → ORT WASM → refinement → PNG → IndexedDB → response);
//   (b) @imgly/background-removal 1.7.0, removeBackground(blob) → PNG blob,
//       same model (ISNet fp16, "medium"), WASM backend, cross-origin isolated,
//       on the ORT it ships with (1.21), as users install it;
//   (b2) the same peer on our ORT (1.30), to tell runtime from pipeline;
//   (c) onnxruntime-node on the bare model: model time only, the floor.
// Env: BENCH_RUNS (timed runs per input, default 3, after one warm-up),
// BENCH_PER_SIZE (inputs per size, default 3), BENCH_NATIVE_RUNS (default 5),
// BENCH_SKIP_BUILD=1 (reuse dist-bench/ and the peer pages), BENCH_ONLY=ours,peer,peer-app-ort,native.
import { benchInputSpecs, ensureInputs, SIZES, sizeLabel } from './lib/inputs.mjs';
import { benchNative, mergeNative } from './lib/native.mjs';
import { openOurs, OUR_MODEL_STAGE } from './lib/ours.mjs';
import { openPeer, PEER_MODEL_STAGE } from './lib/peer.mjs';
import { describeBuild } from './lib/build.mjs';
import { describeMachine, saveReport } from './lib/report.mjs';
import { openImplementations, withBenchSession } from './lib/session.mjs';
import { median, min, max } from './lib/stats.mjs';
import { markdownTable, mb, ms, ratio, seconds } from './lib/table.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PER_SIZE = Number(process.env.BENCH_PER_SIZE ?? 3);
const NATIVE_RUNS = Number(process.env.BENCH_NATIVE_RUNS ?? 5);
const ONLY = new Set((process.env.BENCH_ONLY ?? 'ours,peer,peer-app-ort,native').split(','));
const GOAL_VS_PEER = 0.7;
const GOAL_VS_NATIVE = 1.5;
const sizes = SIZES.map(sizeLabel);

/**
 * Warm-up then RUNS timed runs of every input on every implementation. Runs
 * alternate between implementations (and swap order each round), so a load
 * spike from other processes on the machine hits both alike.
 */
async function benchInterleaved(opened, inputs, memory) {
  const owners = Object.keys(opened);
  const results = Object.fromEntries(owners.map((owner) => [owner, { info: opened[owner].info, warmUps: [], runs: [] }]));
  // Memory is sampled during the warm-ups only (see memory.mjs): its peak
  // includes loading the model, and the timed runs go unslowed.
  const timed = async (owner, size, name, sampleMemory = false) => {
    memory.running(owner, `${owner} ${size}`);
    if (sampleMemory) memory.start();
    let run;
    try {
      run = await opened[owner].run(name);
    } finally {
      memory.stop();
      const cpu = memory.idle();
      if (run) Object.assign(run, cpu);
    }
    return run;
  };
  for (const size of sizes) {
    for (const input of inputs.filter((i) => i.size === size)) {
      for (const owner of owners) await opened[owner].put(input.name, input.dataUrl);
      for (const owner of owners) results[owner].warmUps.push({ size, input: input.name, ms: (await timed(owner, size, input.name, true)).ms });
      for (let i = 0; i < RUNS; i++) {
        for (const owner of i % 2 ? [...owners].reverse() : owners) {
          const { ms: time, stages, engine, bytes, modelMs, ownCpuMs, sharedCpuMs } = await timed(owner, size, input.name);
          results[owner].runs.push({ size, input: input.name, run: i, ms: time, stages, engine, outputBytes: bytes, modelMs, ownCpuMs, sharedCpuMs });
          const stageList = Object.entries(stages).map(([name, value]) => `${name.trim().slice(0, 14)}=${Math.round(value ?? NaN)}`);
          console.error(`[bench] ${owner} ${input.name} run ${i + 1}/${RUNS}: ${Math.round(time)} ms, CPU ${ownCpuMs}+${sharedCpuMs} ms (${stageList.join(', ')})`);
        }
      }
      for (const owner of owners) await opened[owner].drop(input.name);
    }
  }
  for (const owner of owners) {
    await opened[owner].close();
    results[owner].memory = Object.fromEntries(Object.entries(memory.peaks).filter(([label]) => label.startsWith(`${owner} `)));
    results[owner].label = owner;
  }
  return results;
}

function summarise(result, modelStage) {
  if (!result) return null;
  return Object.fromEntries(
    sizes.map((size) => {
      const runs = result.runs.filter((r) => r.size === size);
      const stageNames = Object.keys(runs[0]?.stages ?? {});
      return [
        size,
        {
          runs: runs.length,
          medianMs: median(runs.map((r) => r.ms)),
          minMs: runs.length ? min(runs.map((r) => r.ms)) : null,
          maxMs: runs.length ? max(runs.map((r) => r.ms)) : null,
          modelMs: median(runs.map((r) => r.stages[modelStage])),
          cpuMs: median(runs.map((r) => r.ownCpuMs + r.sharedCpuMs)),
          stages: Object.fromEntries(stageNames.map((name) => [name, median(runs.map((r) => r.stages[name]))])),
          memory: result.memory[`${result.label} ${size}`],
        },
      ];
    }),
  );
}

const timeCell = (x) => (x ? `${seconds(x.medianMs)} (${seconds(x.minMs)}–${seconds(x.maxMs)})` : '–');
const memoryCell = (x) => (x ? `${mb(x.memory.peakOwnPss)} / ${mb(x.memory.peakWithBrowserPss)}` : '–');

function summaryTable(ours, peer, peerOnOurOrt, native) {
  const floor = native?.patched.medianMs ?? null;
  const rows = sizes.map((size) => {
    const a = ours?.[size];
    const b = peer?.[size];
    const b2 = peerOnOurOrt?.[size];
    return [
      size,
      timeCell(a),
      timeCell(b),
      timeCell(b2),
      ratio(a?.medianMs, b?.medianMs),
      ratio(a?.medianMs, b2?.medianMs),
      ratio(a?.cpuMs, b?.cpuMs),
      ms(a?.modelMs),
      ms(b?.modelMs),
      ms(b2?.modelMs),
      ms(floor),
      ratio(a?.modelMs, floor),
      memoryCell(a),
      memoryCell(b),
      memoryCell(b2),
    ];
  });
  return markdownTable(
    [
      'size',
      '(a) ours: median (min–max)',
      '(b) peer as shipped (ORT 1.21)',
      '(b2) peer on our ORT',
      `a/b (goal ≤ ${GOAL_VS_PEER})`,
      'a/b2',
      'a/b CPU time',
      '(a) model ms',
      '(b) model ms',
      '(b2) model ms',
      '(c) native model ms',
      `a model/c (goal ≤ ${GOAL_VS_NATIVE})`,
      '(a) peak PSS: own renderers / with browser',
      '(b) peak PSS',
      '(b2) peak PSS',
    ],
    rows,
  );
}

function stageTable(label, summary) {
  if (!summary) return '';
  const names = Object.keys(summary[sizes[0]].stages);
  const rows = names.map((name) => [name, ...sizes.map((size) => ms(summary[size].stages[name]))]);
  rows.push(['**end to end**', ...sizes.map((size) => ms(summary[size].medianMs))]);
  return `${label}: median ms per stage\n\n${markdownTable(['stage', ...sizes], rows)}`;
}

function nativeTable(native) {
  if (!native) return '';
  const rows = Object.values(native).map((n) => [
    n.model === 'patched' ? 'patched (what the app ships): 1 output' : `original (what the peer runs): ${n.outputs} outputs`,
    n.threads,
    ms(n.medianMs),
    `${ms(n.medianBeforeMs)} / ${ms(n.medianAfterMs)}`,
    `${ms(min(n.runs))}–${ms(max(n.runs))}`,
    mb(n.peakRssBytes),
  ]);
  return markdownTable(['(c) onnxruntime-node ' + (native.patched?.ortVersion ?? ''), 'threads', 'median ms', 'median before / after the browser run', 'min–max', 'peak RSS'], rows);
}

function verdicts(ours, peer, native) {
  const lines = [];
  for (const size of sizes) {
    if (ours && peer) {
      const r = ours[size].medianMs / peer[size].medianMs;
      lines.push(`- ${size}: (a)/(b) = ${r.toFixed(2)} — ${r <= GOAL_VS_PEER ? 'meets' : 'misses'} the ≤ ${GOAL_VS_PEER} goal`);
    }
    if (ours && native) {
      const r = ours[size].modelMs / native.patched.medianMs;
      lines.push(`- ${size}: (a) model / (c) = ${r.toFixed(2)} — ${r <= GOAL_VS_NATIVE ? 'meets' : 'misses'} the ≤ ${GOAL_VS_NATIVE} goal`);
    }
  }
  return lines.join('\n');
}

async function main() {
  // The native floor runs before and after the browser session (the machine's
  // load drifts; this brackets it), never during it (it would take the cores).
  const nativeBefore = ONLY.has('native') ? benchNative(Math.ceil(NATIVE_RUNS / 2)) : null;
  const session = await withBenchSession(async (env) => {
    const inputs = await ensureInputs(env.context, env.support.scene, benchInputSpecs(env.support.scene, PER_SIZE));
    const opened = await openImplementations(env, ONLY, { openOurs, openPeer });
    const results = await benchInterleaved(opened, inputs, env.memory);
    return {
      inputs: inputs.map(({ dataUrl, spec, ...rest }) => ({ ...rest, spec: { ...spec, svg: undefined } })),
      ours: results.ours ?? null,
      peer: results.peer ?? null,
      peerOnOurOrt: results['peer-app-ort'] ?? null,
      rendererOwners: env.memory.owners(),
    };
  });
  session.assertOffline();
  const native = nativeBefore && mergeNative(nativeBefore, benchNative(Math.floor(NATIVE_RUNS / 2) || 1));
  const { result, machine } = session;
  const ours = summarise(result.ours, OUR_MODEL_STAGE);
  const peer = summarise(result.peer, PEER_MODEL_STAGE);
  const peerOnOurOrt = summarise(result.peerOnOurOrt, PEER_MODEL_STAGE);

  const engine = result.ours?.runs[0]?.engine;
  const markdown = [
    `## bench:image — ${PER_SIZE} photo-like JPEG inputs per size, ${RUNS} timed runs each after 1 warm-up`,
    '',
    summaryTable(ours, peer, peerOnOurOrt, native),
    '',
    `(a) X-Engine: ${engine ?? '–'}; page cross-origin isolated: ${result.ours?.info.crossOriginIsolated ?? '–'}, hardwareConcurrency ${result.ours?.info.hardwareConcurrency ?? '–'}.`,
    result.peer
      ? `(b) ORT ${result.peer.info.ortVersion}, WASM, ${result.peer.info.numThreads} threads, cross-origin isolated: ${result.peer.info.crossOriginIsolated}; session init ${ms(result.peer.info.initMs)} ms.`
      : '',
    result.peerOnOurOrt
      ? `(b2) the same peer page built on ORT ${result.peerOnOurOrt.info.ortVersion}, WASM, ${result.peerOnOurOrt.info.numThreads} threads; session init ${ms(result.peerOnOurOrt.info.initMs)} ms.`
      : '',
    'CPU time: median per image of the CPU the implementation\'s renderer processes plus the browser\'s shared processes used during the call (from /proc; ORT\'s threads may spin while waiting, which counts). It moves much less with other load than wall time does.',
    'Memory: peak PSS (proportional set size, /proc/<pid>/smaps_rollup, sampled every 200 ms during the warm-up runs only, as sampling slows what it reads) during that implementation\'s warm-up runs, summed over the renderer processes its page started (page, workers, ORT threads, service worker) / the same plus the Chromium processes no implementation owns (browser incl. IndexedDB, GPU, network and storage utilities).',
    '',
    stageTable('(a) ours', ours),
    '',
    stageTable('(b) peer as shipped', peer),
    '',
    stageTable('(b2) peer on our ORT', peerOnOurOrt),
    '',
    nativeTable(native),
    '',
    verdicts(ours, peer, native),
    '',
    describeBuild(session.build),
    describeMachine(machine),
    `Network: ${session.network.requests} browser requests, all to localhost/127.0.0.1 (or data:/blob:).`,
  ].join('\n');
  console.log(markdown);
  const file = saveReport('image', { build: session.build, machine, network: session.network, settings: { RUNS, PER_SIZE, NATIVE_RUNS }, summary: { ours, peer, peerOnOurOrt }, native, ...result }, markdown);
  console.error(`[bench] raw results: ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
