// app against its independent model (tests/models/spec/app.ts): every path of the model replayed on
// the root. The root runs as it does in the page, with systemId "app", beside whatever speaks to the
// session (a sign-in, a logout); the session is the real one (restored as a visitor), the toasts a
// recorder, the loaded code stand-ins that note what they hear, and the dialog's opening (src/'s
// action) is noted too. Which actors run is read from the system, by every systemId of the registry
// (tests/support/app-harness.ts, which `npm run replay -- app <n>` replays the paths in too).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { appMachine } from '../../machines/app/app.ts';
import { signInReady } from '../../machines/app/app.selectors.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { appTarget, pageSession } from '../support/app-harness.ts';
import { APP_INPUT, appSpec } from '../models/spec/app.ts';

describe(`app against ${appSpec.spec}`, () => {
  const paths = specPaths(appSpec);

  it('has paths through every region: sign-in code, member code, a member, a page', () => {
    const labels = paths.map((p) => p.title).join('\n');
    for (const part of ['sign-in ready', 'member code ready', 'signed in', 'checkout', 'cart up front'])
      expect(labels, part).toContain(part);
  });

  for (const path of paths) {
    it(path.title, async () => {
      await replaySpecPath(appSpec, appTarget(), path);
    });
  }
});

describe('app with loaders src/ did not provide', () => {
  it('fails each load with a message naming it, and the region can be asked again', async () => {
    const failed: string[] = [];
    // the session as src/ runs it; the loaders left as the machine declares them
    const actor = createActor(appMachine.provide({ actors: { session: pageSession } as never }), {
      systemId: 'app',
      input: APP_INPUT,
      inspect: (e) => {
        if (e.type !== '@xstate.event' || !/^xstate\.error\.actor\.load/.test(e.event.type)) return;
        failed.push(
          `${e.event.type.slice('xstate.error.actor.'.length)}: ${(e.event as unknown as { error: Error }).error.message}`,
        );
      },
    });
    actor.start();
    actor.send({ type: 'signIn.prepare' });
    actor.send({ type: 'member.prepare' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(failed).toEqual([
      'loadSignIn: loadSignIn is provided by src/',
      'loadMember: loadMember is provided by src/',
    ]);
    expect(signInReady(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().matches({ signIn: 'absent', member: 'absent' })).toBe(true);
    actor.stop();
  });
});
