// resendEmail against its independent model (tests/models/spec/resend-email.ts): every path of the
// model replayed on the machine, with the resend call controlled, observed through its selectors
// (tests/support/resend-email-harness.ts, which `npm run replay -- resendEmail <walk> <n>` replays the
// paths in too).
import { describe, it } from 'vitest';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { resendEmailTarget } from '../support/resend-email-harness.ts';
import { resendEmailSpec } from '../models/spec/resend-email.ts';

for (const coolingDown of [true, false]) {
  const model = resendEmailSpec(coolingDown);
  describe(`resendEmail (${coolingDown ? 'right after registration' : 'ready'}) against ${model.spec}`, () => {
    for (const path of specPaths(model)) {
      it(path.title, () => replaySpecPath(model, resendEmailTarget(coolingDown), path));
    }
  });
}
