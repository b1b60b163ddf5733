// socialLogin against its independent model (tests/models/spec/social-login.ts): every path of the
// model replayed on the machine, run by a small dialog that hears its phases and its end, hands it the
// popup's events, and whose effects (authorize, popup, storage look, session check) are controlled
// (tests/support/social-login-harness.ts, which `npm run replay -- socialLogin <n>` replays the paths
// in too).
import { describe, it } from 'vitest';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { socialLoginTarget } from '../support/social-login-harness.ts';
import { socialLoginSpec } from '../models/spec/social-login.ts';

const model = socialLoginSpec();

describe(`socialLogin against ${model.spec}`, () => {
  for (const path of specPaths(model)) {
    it(path.title, () => replaySpecPath(model, socialLoginTarget(), path));
  }
});
