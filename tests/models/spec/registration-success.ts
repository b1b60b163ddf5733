// The "Check Your Email" dialog after registering, as requirements §2 and §4 (Registration) say: it opens
// with the address the link went to and a "Resend Email" button disabled for 60 s with a countdown
// "Resend in {n}s"; "I'll check later" closes it with an animation, and a fallback force-closes it
// after about 0.5 to 1 s if the animation never reports its end.
import type { SpecModel, SpecStep } from '../../support/spec-model.ts';

export interface RegistrationSuccessState {
  phase: 'closed' | 'open' | 'closing';
  /** The address shown (kept after closing: it is only shown while open). */
  email: string;
  /** Seconds left on the resend countdown while the dialog is on screen. */
  secondsLeft: number;
  /** Milliseconds since the last countdown second (the resend button's clock). */
  tick: number;
  /** Milliseconds spent closing. */
  closingFor: number;
}

/** requirements §9: resend cooldown 60 s. */
const COOLDOWN = 60;
/** requirements §2: the fallback force-closes "after about 0.5 to 1 s": still closing before 0.5 s, closed by 1 s. */
const FALLBACK_NOT_BEFORE = 500;
const FALLBACK_BY = 1000;

export const FIRST = 'new.user@outlook.com';
export const SECOND = 'someone@yahoo.com';

export const registrationSuccessSpec = (): SpecModel<RegistrationSuccessState> => {
  const open = (email: string): RegistrationSuccessState => ({
    phase: 'open',
    email,
    secondsLeft: COOLDOWN,
    tick: 0,
    closingFor: 0,
  });
  const closed = (s: RegistrationSuccessState): RegistrationSuccessState => ({
    ...s,
    phase: 'closed',
    secondsLeft: 0,
    tick: 0,
    closingFor: 0,
  });
  /** The resend button's countdown while the dialog is on screen (one second per full second). */
  const count = (s: RegistrationSuccessState, ms: number): RegistrationSuccessState => {
    if (s.secondsLeft <= 0) return s;
    return s.tick + ms >= 1000
      ? { ...s, secondsLeft: s.secondsLeft - 1, tick: 0 }
      : { ...s, tick: s.tick + ms };
  };
  const next = (s: RegistrationSuccessState, step: SpecStep): RegistrationSuccessState => {
    if ('send' in step) {
      const { type } = step.send;
      if (s.phase === 'closed')
        return type === 'registration.succeeded'
          ? open((step.send as unknown as { email: string }).email)
          : s;
      if (s.phase === 'open') return type === 'dialog.dismiss' ? { ...s, phase: 'closing' } : s;
      return type === 'animation.end' ? closed(s) : s;
    }
    if (!('wait' in step) || s.phase === 'closed') return s;
    if (s.phase === 'open') return count(s, step.wait);
    const closingFor = s.closingFor + step.wait;
    // the fallback has fired somewhere between 0.5 and 1 s
    if (closingFor >= FALLBACK_BY) return closed(s);
    if (closingFor < FALLBACK_NOT_BEFORE) return count({ ...s, closingFor }, step.wait);
    throw new Error('the model does not say what shows between 0.5 and 1 s of closing');
  };
  const succeeded = (email: string): SpecStep => ({ send: { type: 'registration.succeeded', email } });
  return {
    name: 'registrationSuccess',
    spec: 'requirements §2 (Registration success dialog), §4 (Registration), §9 (resend cooldown 60 s)',
    initial: { phase: 'closed', email: '', secondsLeft: 0, tick: 0, closingFor: 0 },
    steps: (s) => {
      const events: SpecStep[] = [
        succeeded(s.email === FIRST ? SECOND : FIRST),
        { send: { type: 'dialog.dismiss' } },
        { send: { type: 'animation.end' } },
      ];
      if (s.phase === 'open') return [...events, { wait: s.tick ? 1 : 999 }];
      if (s.phase === 'closing')
        return [...events, { wait: s.closingFor ? FALLBACK_BY - s.closingFor : FALLBACK_NOT_BEFORE - 1 }];
      return [...events, { wait: FALLBACK_BY }];
    },
    next,
    expect: (s) => ({
      visible: s.phase !== 'closed',
      closing: s.phase === 'closing',
      email: s.email,
      // the resend button while the dialog is on screen: the address it resends to, its countdown
      resend:
        s.phase === 'closed'
          ? null
          : { email: s.email, disabled: s.secondsLeft > 0, secondsLeft: s.secondsLeft },
    }),
    label: (s) =>
      `${s.phase}${s.phase === 'closed' ? '' : ` ${s.email} resend in ${s.secondsLeft}s`}` +
      `${s.closingFor ? ` +${s.closingFor} ms` : ''}`,
    maxDepth: 6,
  };
};
