// npm run bench — every bench and eval, one after another (never at once: they
// would share the CPU and skew each other's timings). Runs the package.json
// scripts named bench:* and eval:*, so a new bench joins by adding its script.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const names = Object.keys(scripts).filter((name) => /^(bench|eval):/.test(name));

const failed = [];
for (const name of names) {
  console.error(`\n[bench] npm run ${name}`);
  const { status } = spawnSync('npm', ['run', '--silent', name], { cwd: root, stdio: 'inherit' });
  if (status !== 0) failed.push(name);
}
if (failed.length) {
  console.error(`[bench] failed: ${failed.join(', ')}`);
  process.exit(1);
}
