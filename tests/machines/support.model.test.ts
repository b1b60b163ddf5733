// support against its independent model (tests/models/spec/support.ts): every path of each of the
// model's parts replayed on the machine by the shared harness, observed through the page's selectors.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { supportMachine } from '../../machines/account/support.ts';
import * as view from '../../machines/account/support.selectors.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { running, runWithout } from '../support/model-targets.ts';
import { supportSpec, type SupportFocus } from '../models/spec/support.ts';

type Snapshot = Parameters<typeof view.sent>[0];
const FIELDS = ['email', 'subject', 'message'] as const;

/** The effects the replay controls (invoked by these names). */
const EFFECTS: string[] = ['sendRequest', 'fetchMemberSupport'];

const FOCI: SupportFocus[] = ['email', 'subject', 'message', 'send', 'member'];

describeModel({
  walks: FOCI.map((focus) => walk(focus, supportSpec(focus))),
  target: () => ({
    machine: supportMachine,
    effects: EFFECTS,
    observe: ({ snapshot }) => {
      const s = snapshot as Snapshot;
      const errors = view.errors(s);
      return {
        running: running(snapshot, EFFECTS),
        sent: view.sent(s),
        sentRequest: view.sentRequest(s),
        member: view.member(s),
        accountEmail: view.accountEmail(s),
        typedEmail: view.typedEmail(s),
        lookingUp: view.lookingUp(s),
        form: Object.fromEntries(FIELDS.map((f) => [f, view.form(s)[f]])),
        // in the form's order, as the page lists them
        errors: Object.fromEntries(FIELDS.filter((f) => errors[f]).map((f) => [f, errors[f]])),
        firstError: view.firstError(s) ?? null,
        busy: view.busy(s),
        sendNotice: view.sendNotice(s),
        noticeText: view.noticeText(s),
        // the machine's own word for "a notice is above the form" (no page reads it yet)
        notice: s.hasTag('notice'),
        requestsStatus: view.requestsStatus(s),
        requestsError: view.requestsError(s),
        requests: view.requests(s),
      };
    },
  }),
});

// An effect the app did not provide fails, saying which: the page shows that as it shows any failure.
describe('support without its effects provided', () => {
  const run = async (events: AnyEventObject[]) => {
    const s = (await runWithout(supportMachine, events)).snapshot as Snapshot;
    return { notice: view.noticeText(s), requestsError: view.requestsError(s) };
  };
  it('sendRequest', async () => {
    const { notice } = await run([
      { type: 'support.change', field: 'email', value: 'mina@example.com' },
      { type: 'support.change', field: 'subject', value: 'Refund please' },
      { type: 'support.change', field: 'message', value: 'I was charged twice for order 7.' },
      { type: 'support.submit' },
    ]);
    expect(notice).toBe('sendRequest must be provided');
  });
  it('fetchMemberSupport', async () => {
    const { requestsError } = await run([{ type: 'support.open', member: true }]);
    expect(requestsError).toBe('fetchMemberSupport must be provided');
  });
});
