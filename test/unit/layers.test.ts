// The layer rules of .dependency-cruiser.cjs, shown to fail on a tree that
// breaks each of them (test/fixtures/layers), and to hold on src/.
import { createRequire } from 'node:module';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, test } from 'vitest';

const require = createRequire(import.meta.url);
const config = require('../../.dependency-cruiser.cjs') as { forbidden: IForbiddenRuleType[]; options: Record<string, unknown> };

async function violations(root: string): Promise<string[]> {
  const { output } = await cruise([root], { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden } });
  return (output as ICruiseResult).summary.violations
    .map((v) => (v.rule.name === 'no-orphans' ? `${v.rule.name}: ${v.from}` : `${v.rule.name}: ${v.from} → ${v.to}`))
    .sort();
}

describe('layer rules', () => {
  test('a tree that breaks them fails, naming each broken rule', async () => {
    const fixture = 'test/fixtures/layers/src';
    expect(await violations(fixture)).toEqual([
      `engine-names-no-feature: ${fixture}/engine/host.ts → ${fixture}/features/a/worker/run.ts`,
      `features-meet-through-shared: ${fixture}/features/a/worker/run.ts → ${fixture}/features/b/worker/run.ts`,
      `imaging-is-pure: ${fixture}/imaging/blur.ts → ${fixture}/api/errors.ts`,
      `no-circular: ${fixture}/imaging/ping.ts → ${fixture}/imaging/pong.ts`,
      `no-orphans: ${fixture}/imaging/unused.ts`,
      `only-main-imports-the-app: ${fixture}/features/a/client/Page.ts → ${fixture}/app/shell.ts`,
      `store-below-the-contract: ${fixture}/store/records.ts → ${fixture}/api/errors.ts`,
      `ui-names-no-feature: ${fixture}/ui/Button.ts → ${fixture}/features/a/client/Page.ts`,
    ]);
  });

  test('src/ keeps them', async () => {
    expect(await violations('src')).toEqual([]);
  });
});
