// The machines `npm test` holds to a mutation score are found in the folders (scripts/mutation.ts): every
// one has a recorded score, every recorded score a machine, and each is mutated against tests of its own.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MACHINE_TESTS, testsOf } from '../../scripts/mutation.ts';

const recorded = JSON.parse(readFileSync('tests/mutation-scores.json', 'utf8')) as Record<string, unknown>;

describe('the machines under mutation testing', () => {
  it('are every recorded machine, and only those', () => {
    expect(Object.keys(MACHINE_TESTS).sort()).toEqual(Object.keys(recorded).sort());
  });

  it('each has a test file besides the build check: its model replay or a test naming it', () => {
    const bare = Object.keys(MACHINE_TESTS).filter((machine) => testsOf(machine).length < 2);
    expect(bare).toEqual([]);
    for (const machine of Object.keys(MACHINE_TESTS))
      for (const file of testsOf(machine)) expect(existsSync(file), file).toBe(true);
  });

  it('finds the flows a test file names in its `// Mutation:` line', () => {
    expect(MACHINE_TESTS.orderList!.tests).toContain('tests/machines/history-flows.test.ts');
    expect(MACHINE_TESTS.payOrCancel!.tests).toEqual([
      'tests/machines/history-flows.test.ts',
      'tests/machines/payment-result.test.ts',
    ]);
    expect(MACHINE_TESTS.loginDialog!.tests).toEqual([]);
  });
});
