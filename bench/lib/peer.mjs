// Drives the peer (@imgly/background-removal) in its own page: bench/peer/main.js.
const STAGES = [
  ['decode', 'compute:decode', 'compute:inference'],
  ['resize 1024², tensor, model, mask back to full size', 'compute:inference', 'compute:mask'],
  ['apply mask', 'compute:mask', 'compute:encode@3'],
  ['PNG encode (canvas)', 'compute:encode@3', 'compute:encode@4'],
];

function stampTime(run, name) {
  const [key, current] = name.split('@');
  return run.stamps.find((s) => s.key === key && (current === undefined || s.current === Number(current)))?.t ?? null;
}

export function peerStages(run) {
  const stages = {};
  for (const [name, from, to] of STAGES) {
    const start = stampTime(run, from);
    const end = stampTime(run, to);
    stages[name] = start != null && end != null ? end - start : null;
  }
  // Split the middle stage: the model run is timed around session.run.
  const middle = STAGES[1][0];
  stages['  of which model run (ORT)'] = run.modelMs;
  stages['  of which JS resize in/out + tensor'] = stages[middle] == null ? null : stages[middle] - run.modelMs;
  return stages;
}

export const PEER_MODEL_STAGE = '  of which model run (ORT)';

export async function openPeer(context, server) {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[peer page error]', error.message));
  await page.goto(`${server.url}/`);
  await page.waitForFunction(() => window.peerBench && self.crossOriginIsolated, null, { timeout: 30_000 });
  const info = await page.evaluate((publicPath) => window.peerBench.init(publicPath), server.publicPath);
  return {
    page,
    info,
    put: (name, dataUrl) => page.evaluate(({ name, dataUrl }) => window.peerBench.put(name, dataUrl), { name, dataUrl }),
    drop: (name) => page.evaluate((name) => window.peerBench.drop(name), name),
    async run(name, withAlpha = false) {
      const result = await page.evaluate(({ name, withAlpha }) => window.peerBench.run(name, withAlpha), { name, withAlpha });
      return { ...result, stages: peerStages(result) };
    },
    close: () => page.close(),
  };
}
