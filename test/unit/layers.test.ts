// The layer rules of .dependency-cruiser.cjs, shown to fail on a tree that
// breaks them (test/fixtures/layers), and to hold on src/.
import { createRequire } from 'node:module';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, test } from 'vitest';

const require = createRequire(import.meta.url);
const config = require('../../.dependency-cruiser.cjs') as { forbidden: IForbiddenRuleType[]; options: Record<string, unknown> };

async function violations(root: string): Promise<string[]> {
  const { output } = await cruise([root], { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden } });
  return (output as ICruiseResult).summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe('layer rules', () => {
  test('a tree that breaks them fails, naming each broken rule', async () => {
    expect(await violations('test/fixtures/layers/src')).toEqual([
      'engine-names-no-feature: test/fixtures/layers/src/engine/host.ts → test/fixtures/layers/src/features/a/worker/run.ts',
      'features-meet-through-shared: test/fixtures/layers/src/features/a/worker/run.ts → test/fixtures/layers/src/features/b/worker/run.ts',
      'imaging-is-pure: test/fixtures/layers/src/imaging/blur.ts → test/fixtures/layers/src/api/errors.ts',
    ]);
  });

  test('src/ keeps them', async () => {
    expect(await violations('src')).toEqual([]);
  });
});
