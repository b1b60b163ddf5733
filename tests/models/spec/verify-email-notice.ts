// requirements §2 "Another dialog": a visible flag and an email, closed by a close action. The product
// shows it when someone signs in with an address not yet verified, with a "Resend Email" button that
// can be pressed at once (no mail was just sent); showing it again for another address offers the
// resend for that address.
import type { SpecModel, SpecStep } from '../../support/spec-model.ts';

export interface VerifyEmailNoticeState {
  visible: boolean;
  email: string;
}

export const FIRST = 'late@example.com';
export const SECOND = 'other@example.org';

export const verifyEmailNoticeSpec = (): SpecModel<VerifyEmailNoticeState> => ({
  name: 'verifyEmailNotice',
  spec: 'requirements §2 (Another dialog: a visible flag, an email, a close action; resend as §2, §9)',
  initial: { visible: false, email: '' },
  steps: (s) => [
    { send: { type: 'notice.show', email: s.email === FIRST ? SECOND : FIRST } },
    { send: { type: 'notice.close' } },
    // nothing is timed: the resend button is ready at once and stays so
    { wait: 60_000 },
  ],
  next: (s, step: SpecStep) => {
    if (!('send' in step)) return s;
    if (step.send.type === 'notice.show')
      return { visible: true, email: (step.send as unknown as { email: string }).email };
    return step.send.type === 'notice.close' ? { ...s, visible: false } : s;
  },
  expect: (s) => ({
    visible: s.visible,
    email: s.email,
    resend: s.visible ? { email: s.email, disabled: false, secondsLeft: 0, result: null } : null,
  }),
  label: (s) => (s.visible ? `shown for ${s.email}` : `hidden${s.email ? ` (was ${s.email})` : ''}`),
  maxDepth: 5,
});
