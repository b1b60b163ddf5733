// The "Resend Email" button, as requirements §2, §8 and §9 say: right after registration it is disabled
// for 60 s with a countdown "Resend in {n}s"; once ready a press calls POST
// /api/social/resend-verification {email} (§7), disabled while it runs. Success says "Verification
// email sent successfully!" in green and cools down for 60 s again; a failure says the server's msg,
// else "Failed to resend email. Please try again later."; a connection error says "Failed to resend
// email. Please check your connection." (both red), and the button can be pressed again at once.
import type { EffectCall, SpecModel, SpecStep } from '../../support/spec-model.ts';

export interface ResendEmailState {
  phase: 'cooling' | 'ready' | 'sending';
  secondsLeft: number;
  /** Milliseconds since the last countdown second. */
  tick: number;
  result: { kind: 'success' | 'error'; text: string } | null;
}

export const RESEND_TO = 'new.user@outlook.com';
/** requirements §9: resend cooldown 60 s. */
const COOLDOWN = 60;

/** Sample answers of the resend call: sent, refused with a reason, refused without one. */
export const ANSWERS = {
  sent: { success: true, msg: 'ok' },
  refused: { success: false, msg: 'Too many requests, wait a minute' },
  refusedSilently: { success: false, msg: '' },
} as const;

export const resendEmailSpec = (coolingDown: boolean): SpecModel<ResendEmailState> => {
  const cooling = (result: ResendEmailState['result']): ResendEmailState => ({
    phase: 'cooling',
    secondsLeft: COOLDOWN,
    tick: 0,
    result,
  });
  const next = (s: ResendEmailState, step: SpecStep): ResendEmailState => {
    if ('send' in step)
      return step.send.type === 'resend.request' && s.phase === 'ready' ? { ...s, phase: 'sending' } : s;
    if ('wait' in step) {
      if (s.phase !== 'cooling') return s;
      if (s.tick + step.wait < 1000) return { ...s, tick: s.tick + step.wait };
      const secondsLeft = s.secondsLeft - 1;
      return secondsLeft > 0
        ? { ...s, secondsLeft, tick: 0 }
        : { ...s, phase: 'ready', secondsLeft, tick: 0 };
    }
    if (s.phase !== 'sending') return s;
    if ('fail' in step)
      return {
        ...s,
        phase: 'ready',
        result: { kind: 'error', text: 'Failed to resend email. Please check your connection.' },
      };
    const answer = step.output as { success: boolean; msg: string };
    if (answer.success) return cooling({ kind: 'success', text: 'Verification email sent successfully!' });
    return {
      ...s,
      phase: 'ready',
      result: { kind: 'error', text: answer.msg || 'Failed to resend email. Please try again later.' },
    };
  };
  return {
    name: 'resendEmail',
    spec: 'requirements §2 (Resend Email, countdown), §7 (resend-verification), §8 (resend messages), §9 (60 s)',
    initial: coolingDown ? cooling(null) : { phase: 'ready', secondsLeft: 0, tick: 0, result: null },
    steps: (s) => {
      const press: SpecStep = { send: { type: 'resend.request' } };
      if (s.phase === 'sending')
        return [
          press,
          { wait: 1000 },
          // the second countdown, after a sent mail, is walked by the model that starts ready
          ...(coolingDown ? [] : [{ settle: 'resendVerification', output: ANSWERS.sent }]),
          { settle: 'resendVerification', output: ANSWERS.refused },
          { settle: 'resendVerification', output: ANSWERS.refusedSilently },
          { fail: 'resendVerification', error: new Error('Failed to fetch') },
        ];
      if (s.phase === 'ready') return [press, { wait: 1000 }];
      // cooling: a press does nothing; "just before" and "at" the first and the last second, whole
      // seconds in between
      const edge = s.secondsLeft === COOLDOWN || s.secondsLeft === 1;
      if (s.tick) return [{ wait: 1000 - s.tick }];
      return edge ? [press, { wait: 999 }, { wait: 1000 }] : [{ wait: 1000 }];
    },
    next,
    calls: (before, step, after): EffectCall[] =>
      before.phase === 'ready' && after.phase === 'sending'
        ? [{ actor: 'resendVerification', input: { email: RESEND_TO } }]
        : [],
    expect: (s) => ({
      disabled: s.phase !== 'ready',
      sending: s.phase === 'sending',
      secondsLeft: s.secondsLeft,
      result: s.result,
    }),
    label: (s) =>
      `${s.phase === 'cooling' ? `resend in ${s.secondsLeft}s${s.tick ? ` +${s.tick} ms` : ''}` : s.phase}` +
      `${s.result ? ` (${s.result.kind}: ${s.result.text})` : ''}`,
    maxDepth: 130,
  };
};
