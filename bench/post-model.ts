// bench:post: the image pipeline's work around the model, stage by stage, in
// Node (the same V8 as the engine worker), at the sizes bench:image uses. The
// model itself is replaced by a smooth mask of the subject, so this measures
// only what we do before and after it: model input, the guided-filter matte,
// foreground colours and PNG encoding. It also prints a checksum of every
// output, so a faster version can be shown to compute the same pixels.
import { createHash } from 'node:crypto';
import { estimateForeground } from '../src/imaging/foreground';
import type { Plane, RgbaImage } from '../src/imaging/image';
import { toModelInput } from '../src/imaging/model-input';
import { encodePng } from '../src/imaging/png-encode';
import { IMAGE_MATTE, refineMatte } from '../src/engine/matte';
import { loadAverage, machineInfo } from './lib/machine.mjs';
import { markdownTable } from './lib/table.mjs';

const SIZES = (process.env.BENCH_SIZES ?? '1024x1024,2048x1536,4000x3000').split(',').map((s) => s.split('x').map(Number));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** A photo-like frame: lit gradient backdrop with grain, a round subject with a soft rim and fine stripes. */
function photo(width: number, height: number): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 12345;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 6;
  const cx = width / 2;
  const cy = height / 2;
  const r = Math.min(width, height) * 0.32;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      const d = Math.hypot(x - cx, (y - cy) * 1.2) - r;
      const inside = d < 0;
      const light = 1 - (0.3 * y) / height;
      if (inside) {
        const stripe = Math.sin(x / 3) > 0 ? 30 : 0;
        data[p] = 180 * light + stripe + noise();
        data[p + 1] = 60 * light + noise();
        data[p + 2] = 40 + stripe + noise();
      } else {
        data[p] = 200 * light + noise();
        data[p + 1] = 190 * light + noise();
        data[p + 2] = 170 * light + noise();
      }
      data[p + 3] = 255;
    }
  }
  return { data, width, height };
}

/** What ISNet answers for that subject at the model's side: a sigmoid across the rim. */
function modelMask(image: RgbaImage, side: number): Plane {
  const data = new Float32Array(side * side);
  const sx = image.width / side;
  const sy = image.height / side;
  const r = Math.min(image.width, image.height) * 0.32;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const d = Math.hypot((x + 0.5) * sx - image.width / 2, ((y + 0.5) * sy - image.height / 2) * 1.2) - r;
      data[y * side + x] = 1 / (1 + Math.exp(d / 2));
    }
  }
  return { data, width: side, height: side };
}

function digest(bytes: ArrayBufferView): string {
  return createHash('sha256').update(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)).digest('hex').slice(0, 10);
}

// BENCH_CLOCK=cpu reads the process's CPU time instead of the wall clock: on a
// busy machine it still tells a faster loop from a slower one.
const cpuClock = process.env.BENCH_CLOCK === 'cpu';
const now = () => {
  if (!cpuClock) return performance.now();
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function timed<T>(work: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const start = now();
  const value = await work();
  return { value, ms: now() - start };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const rows: string[][] = [];
const sums: string[][] = [];
const before = loadAverage();
for (const [width, height] of SIZES) {
  const image = photo(width, height);
  const side = IMAGE_MATTE.modelSide(width, height);
  const raw = modelMask(image, side);
  const times: Record<string, number[]> = { input: [], matte: [], foreground: [], png: [] };
  let last: { input: Float32Array; alpha: Uint8ClampedArray; rgba: Uint8ClampedArray; png: Blob } | undefined;
  for (let run = 0; run <= RUNS; run++) {
    const input = await timed(() => toModelInput(image, side));
    const alpha = await timed(() => refineMatte(image, raw, IMAGE_MATTE.refinement));
    const rgba = await timed(() => estimateForeground(image, alpha.value));
    const png = await timed(() => encodePng(rgba.value, width, height));
    if (run > 0) {
      times.input.push(input.ms);
      times.matte.push(alpha.ms);
      times.foreground.push(rgba.ms);
      times.png.push(png.ms);
    }
    last = { input: input.value, alpha: alpha.value, rgba: rgba.value, png: png.value };
  }
  const stages = Object.values(times).map(median);
  const total = stages.reduce((a, b) => a + b, 0);
  rows.push([`${width}×${height}`, ...stages.map((ms) => `${Math.round(ms)} ms`), `**${Math.round(total)} ms**`]);
  if (last) {
    const pngBytes = new Uint8Array(await last.png.arrayBuffer());
    sums.push([`${width}×${height}`, digest(last.input), digest(last.alpha), digest(last.rgba), `${digest(pngBytes)}, ${pngBytes.length} B`]);
  }
}
const after = loadAverage();
const machine = machineInfo();
console.log(`# bench:post — the work around the model, median of ${RUNS} runs after one warm-up${cpuClock ? ', CPU time' : ''}`);
console.log(`${machine.cpu}, ${machine.cores} cores · Node ${process.version} · load ${before.one} → ${after.one}\n`);
console.log(markdownTable(['size', 'model input', 'matte (guided filter)', 'foreground colours', 'PNG', 'total'], rows));
console.log('\nOutput checksums (equal before and after a speed change means the same pixels):\n');
console.log(markdownTable(['size', 'model input', 'alpha', 'cut-out RGBA', 'PNG'], sums));
