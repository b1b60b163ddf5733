// Every machine whose model sits beside it (machines/<feature>/<name>.model.ts): each path of each walk
// replayed on the machine by the shared harness (tests/support/spec-replay.ts), and each effect the
// machine names left for src/ to provide (unprovided, it fails with a message that names it). A new
// machine with its model beside it is tested here without a test file of its own; `npm run mutation`
// runs this file for it alone (MUTATION_MACHINE).
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorLogic } from 'xstate';
import { COLOCATED } from '../support/colocated.ts';
import { describeModel } from '../support/spec-replay.ts';

const only = process.env.MUTATION_MACHINE;

for (const colocated of COLOCATED.filter((c) => !only || c.machineId === only)) {
  describeModel(colocated);

  describe(`${colocated.machineId} (${colocated.file}) leaves its effects to src/`, () => {
    const actors = colocated.machine.implementations.actors as Record<string, AnyActorLogic>;
    for (const name of colocated.target(colocated.walks[0]!.label).effects ?? [])
      it(`${name}, unprovided, fails saying it must be provided`, async () => {
        const actor = createActor(actors[name]!, { input: {} as never });
        const failed = new Promise<unknown>((resolve) => actor.subscribe({ error: resolve }));
        actor.start();
        expect(String(await failed)).toContain(`${name} must be provided`);
      });
  });
}

it('finds the machines whose models sit beside them', () => {
  expect(COLOCATED.map((c) => c.machineId)).toContain('myPrompts');
});
