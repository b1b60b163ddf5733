// The page behind /verifyemail-{token}.html (requirements §2 route table, §1 "after email registration the
// user must verify the email address", requirements §C4: the verification mail links to it). It checks
// the link, then shows the verified address with a "Log in" button, or says why the link did not work
// and offers a new link: the typed address is checked as requirements §5 says ("Email is required",
// "Please enter a valid email address"), sent trimmed to POST /api/social/resend-verification {email}
// (§7), and answered as §8 says ("Verification email sent successfully!", the server's msg else
// "Failed to resend email. Please try again later.", "Failed to resend email. Please check your
// connection."). Each visit of the page starts afresh; an answer the page gave up on changes nothing.
import type { EffectCall, SpecModel, SpecStep } from '../../support/spec-model.ts';

export type VerificationPhase = 'waiting' | 'checking' | 'verified' | 'form' | 'sending' | 'sent';

export interface EmailVerificationState {
  phase: VerificationPhase;
  token: string;
  email: string;
  message: string | null;
  fieldError: string | null;
  /** "Log in" presses handed to the login dialog, with the address to prefill. */
  logins: string[];
  /** Calls given up on whose answers are still to come, per effect. */
  abandoned: { verifyEmail: number; resendVerification: number };
}

export const ADDRESS = 'new.user@outlook.com';
export const TYPED = '  typed@example.com ';

export const VERIFY_ANSWERS = {
  verified: { status: 'verified', email: ADDRESS },
  expired: { status: 'expired', email: ADDRESS, msg: 'This link has expired.' },
  expiredNoEmail: { status: 'expired', email: null, msg: 'This link has expired.' },
  invalid: { status: 'invalid', msg: 'This link is not valid.' },
} as const;

export const RESEND_ANSWERS = {
  sent: { success: true, msg: '' },
  refused: { success: false, msg: 'Too many requests' },
  refusedSilently: { success: false, msg: '' },
} as const;

const OFFLINE_CHECK = 'We could not check this link right now. Please check your connection and try again.';

export const emailVerificationSpec = (): SpecModel<EmailVerificationState> => {
  const settleAbandoned = (s: EmailVerificationState, actor: 'verifyEmail' | 'resendVerification') =>
    s.abandoned[actor] > 0 ? { ...s, abandoned: { ...s.abandoned, [actor]: s.abandoned[actor] - 1 } } : null;
  const next = (s: EmailVerificationState, step: SpecStep): EmailVerificationState => {
    if ('wait' in step) return s;
    if ('send' in step) {
      const e = step.send as { type: string; token?: string; value?: string };
      if (e.type === 'verify.start')
        return {
          ...s,
          phase: 'checking',
          token: e.token ?? '',
          message: null,
          fieldError: null,
          email: '',
          abandoned: {
            verifyEmail: s.abandoned.verifyEmail + (s.phase === 'checking' ? 1 : 0),
            resendVerification: s.abandoned.resendVerification + (s.phase === 'sending' ? 1 : 0),
          },
        };
      if (e.type === 'verify.login' && s.phase === 'verified')
        return { ...s, logins: [...s.logins, s.email] };
      if (e.type === 'field.change' && s.phase === 'form')
        return { ...s, email: e.value ?? '', fieldError: null };
      if (e.type === 'resend.submit' && s.phase === 'form') {
        const typed = s.email.trim();
        if (!typed) return { ...s, fieldError: 'Email is required' };
        if (!/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/.test(typed))
          return { ...s, fieldError: 'Please enter a valid email address' };
        return { ...s, phase: 'sending' };
      }
      return s;
    }
    const actor = 'settle' in step ? step.settle : step.fail;
    if (actor === 'verifyEmail') {
      const after = settleAbandoned(s, 'verifyEmail');
      if (after) return after;
      if ('fail' in step) return { ...s, phase: 'form', message: OFFLINE_CHECK };
      const answer = step.output as { status: string; email?: string | null; msg?: string };
      if (answer.status === 'verified') return { ...s, phase: 'verified', email: answer.email ?? '' };
      return {
        ...s,
        phase: 'form',
        email: answer.status === 'expired' ? (answer.email ?? '') : '',
        message: answer.msg ?? null,
      };
    }
    const after = settleAbandoned(s, 'resendVerification');
    if (after) return after;
    if ('fail' in step)
      return { ...s, phase: 'form', fieldError: 'Failed to resend email. Please check your connection.' };
    const answer = step.output as { success: boolean; msg: string };
    if (answer.success) return { ...s, phase: 'sent' };
    return {
      ...s,
      phase: 'form',
      fieldError: answer.msg || 'Failed to resend email. Please try again later.',
    };
  };
  const start = (token: string): SpecStep => ({ send: { type: 'verify.start', token } });
  return {
    name: 'emailVerification',
    spec: 'requirements §2 (/verifyemail-{token}.html), §5 (email), §7 (resend-verification), §8 (resend messages)',
    initial: {
      phase: 'waiting',
      token: '',
      email: '',
      message: null,
      fieldError: null,
      logins: [],
      abandoned: { verifyEmail: 0, resendVerification: 0 },
    },
    steps: (s) => {
      const visit = start(s.token === 'tok-1' ? 'tok-2' : 'tok-1');
      const steps: SpecStep[] = [visit];
      if (s.phase === 'waiting') return [visit, { send: { type: 'verify.login' } }, { wait: 10_000 }];
      if (s.phase === 'checking' || s.abandoned.verifyEmail)
        steps.push(...Object.values(VERIFY_ANSWERS).map((output) => ({ settle: 'verifyEmail', output })), {
          fail: 'verifyEmail',
          error: new Error('Failed to fetch'),
        });
      if (s.phase === 'sending' || s.abandoned.resendVerification)
        steps.push(
          ...Object.values(RESEND_ANSWERS).map((output) => ({ settle: 'resendVerification', output })),
          { fail: 'resendVerification', error: new Error('Failed to fetch') },
        );
      if (s.phase === 'verified')
        steps.push({ send: { type: 'verify.login' } }, { send: { type: 'resend.submit' } });
      if (s.phase === 'form' || s.phase === 'sending' || s.phase === 'checking')
        steps.push(
          { send: { type: 'resend.submit' } },
          { send: { type: 'field.change', value: '' } },
          { send: { type: 'field.change', value: '   ' } },
          { send: { type: 'field.change', value: 'typed@example' } },
          { send: { type: 'field.change', value: TYPED } },
        );
      if (s.phase === 'form') steps.push({ send: { type: 'verify.login' } });
      return steps;
    },
    next,
    calls: (before, step, after): EffectCall[] => {
      if ('send' in step && step.send.type === 'verify.start')
        return [{ actor: 'verifyEmail', input: { token: after.token } }];
      if (before.phase === 'form' && after.phase === 'sending')
        return [{ actor: 'resendVerification', input: { email: after.email.trim() } }];
      return [];
    },
    // what the page shows in each card
    expect: (s) => {
      const busy = s.phase === 'checking' || s.phase === 'sending';
      if (s.phase === 'verified') return { phase: 'verified', busy, email: s.email, logins: s.logins };
      if (s.phase === 'sent') return { phase: 'failed', busy, sent: true, logins: s.logins };
      if (s.phase === 'form' || s.phase === 'sending')
        return {
          phase: 'failed',
          busy,
          sent: false,
          message: s.message,
          email: s.email,
          fieldError: s.fieldError,
          logins: s.logins,
        };
      return { phase: 'checking', busy, logins: s.logins };
    },
    label: (s) =>
      `${s.phase}${s.phase === 'verified' || s.phase === 'form' ? ` ${JSON.stringify(s.email)}` : ''}` +
      `${s.fieldError ? ` (${s.fieldError})` : ''}${s.logins.length ? ` logins ${s.logins.length}` : ''}` +
      `${s.abandoned.verifyEmail + s.abandoned.resendVerification ? ' (a call abandoned)' : ''}`,
    maxDepth: 5,
  };
};
