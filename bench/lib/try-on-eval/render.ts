// Renders the eval's POV-Ray scenes into bench/out/try-on-eval/, each cached
// under a hash of its text and the render options, so only what changed is
// rendered again. Photos: 8-bit sRGB, adaptive antialiasing without jitter,
// on one render thread: with jitter, or with several threads sharing the
// adaptive passes, two renders of one scene differ in a few per cent of their
// pixels, and a fit change's effect drowned in that noise. Labels: linear, no
// antialiasing, so every pixel holds exactly one label.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const EVAL_DIR = join(import.meta.dirname, '..', '..', 'out', 'try-on-eval');
const INCLUDES = '/usr/share/povray-3.7/include';

export function povrayVersion(): string | null {
  const result = spawnSync('povray', ['--version'], { encoding: 'utf8' });
  if (result.error) return null;
  return /POV-Ray (\S+)/.exec(`${result.stdout}${result.stderr}`)?.[1] ?? 'unknown';
}

function run(args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('povray', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    child.stderr.on('data', (chunk) => (log = (log + chunk).slice(-3000)));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`povray exited ${code}:\n${log}`))));
  });
}

/** Renders `scene` (unless cached) and returns the PNG's path. */
export async function render(scene: string, name: string, width: number, height: number, labels: boolean): Promise<string> {
  const args = ['-D', '-V', '+FN8', `+W${width}`, `+H${height}`, `+L${INCLUDES}`, ...(labels ? ['-A', 'File_Gamma=1.0'] : ['+A0.15', '+AM2', '+R2', '-J', '+WT1', 'File_Gamma=sRGB'])];
  const key = createHash('sha256').update(`${scene}\u0000${args.join(' ')}`).digest('hex').slice(0, 12);
  const dir = join(EVAL_DIR, 'renders');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}-${key}.png`);
  if (existsSync(file)) return file;
  const source = join(dir, `${name}-${key}.pov`);
  writeFileSync(source, scene);
  const partial = join(dir, `${name}-${key}.partial.png`);
  await run([`+I${source}`, `+O${partial}`, ...args], dir);
  renameSync(partial, file);
  return file;
}
