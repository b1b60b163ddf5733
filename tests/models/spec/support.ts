// Customer Support (/support, requirements §2: open to everyone; docs/decisions/005-account.md). What
// should happen:
// - The contact form: email (requirements §5: "Email is required", "Please enter a valid email address"),
//   subject (3-120 characters after trimming) and message (20-2000 after trimming). A field is checked
//   when it loses focus once it has something in it, and live while it shows an error; submitting
//   checks every field. A visitor, and a member whose account has no email (a guest) or whose email is
//   not known yet, gives one; a member with an email on the account writes from it.
// - Sent (POST /api/support/requests with the trimmed text, and the trimmed email when the form asks
//   for one), the confirmation shows the request; subject and message are cleared. A 429 shows the
//   server's words; a network failure keeps the text, says why (else "Your message could not be sent.
//   Please try again.") and offers to send again. "New request", or coming back, shows the form again.
// - A member sees their past requests (GET /api/my/support/requests, with the account's email),
//   newest first, a sent one on top; a failure says "Your past requests could not be loaded." and
//   offers to try again. A visitor (or the member who signed out) sees nobody's requests.
import type { SupportRequest } from '../../../domain/account.ts';
import type { SpecModel, SpecStep } from '../../support/spec-model.ts';
import { dropping, failure, pageStep, send, type AnswerStep } from '../../support/page-model.ts';

type Field = 'email' | 'subject' | 'message';
const FIELDS: Field[] = ['email', 'subject', 'message'];
type Form = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

export interface SupportState {
  member: boolean;
  form: Form;
  errors: Errors;
  phase: 'fresh' | 'limited' | 'failed' | 'sending' | 'sent';
  notice: string | null;
  sent: SupportRequest | null;
  requestsPhase: 'none' | 'loading' | 'ready' | 'failed';
  requests: SupportRequest[];
  accountEmail: string | null;
  requestsError: string | null;
  /** Calls abandoned while pending, by effect: their answers must change nothing. */
  dropped: Record<string, number>;
}

export const TEXT = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  subjectRequired: 'Please enter a subject',
  subjectShort: 'The subject needs at least 3 characters',
  subjectLong: 'The subject can be at most 120 characters',
  messageRequired: 'Please write your message',
  messageShort: 'Please write at least 20 characters so we can help',
  messageLong: 'The message can be at most 2000 characters',
  sendFailed: 'Your message could not be sent. Please try again.',
  requestsFailed: 'Your past requests could not be loaded.',
};

const request = (id: number, subject: string, status: SupportRequest['status']): SupportRequest => ({
  id,
  subject,
  message: `The message of request ${id}, long enough.`,
  status,
  createdAt: '2026-05-01T10:00:00.000Z',
  reply: status === 'answered' ? 'We have refunded the order.' : null,
  repliedAt: status === 'answered' ? '2026-05-02T10:00:00.000Z' : null,
});
export const PAST = [request(41, 'Refund for order 7', 'answered'), request(40, 'Cannot log in', 'closed')];
export const CREATED = request(42, 'Refund please', 'open');

const EMAIL = /^[^\s@]+@(?:[^\s@.]+\.)+[A-Za-z]{2,}$/;

const emailNeeded = (s: Pick<SupportState, 'member' | 'accountEmail'>): boolean =>
  !s.member || s.accountEmail === null;

/** One field's check, as the form shows it. */
export const fieldError = (field: Field, form: Form, needEmail: boolean): string | undefined => {
  if (field === 'email') {
    if (!needEmail) return undefined;
    if (!form.email.trim()) return TEXT.emailRequired;
    return EMAIL.test(form.email.trim()) ? undefined : TEXT.emailInvalid;
  }
  const n = form[field].trim().length;
  const [min, max] = field === 'subject' ? [3, 120] : [20, 2000];
  if (n === 0) return field === 'subject' ? TEXT.subjectRequired : TEXT.messageRequired;
  if (n < min) return field === 'subject' ? TEXT.subjectShort : TEXT.messageShort;
  if (n > max) return field === 'subject' ? TEXT.subjectLong : TEXT.messageLong;
  return undefined;
};

/** Errors in the form's order (the first takes the focus). */
const ordered = (errors: Errors): Errors =>
  Object.fromEntries(FIELDS.filter((f) => errors[f]).map((f) => [f, errors[f]]));
const withError = (errors: Errors, field: Field, error: string | undefined): Errors =>
  ordered({ ...errors, [field]: error });
const allErrors = (s: SupportState): Errors =>
  ordered(Object.fromEntries(FIELDS.map((f) => [f, fieldError(f, s.form, emailNeeded(s))])));

/** Sample texts: the characters that count are the trimmed ones (prefixes keep path titles apart). */
export const SAMPLES: Record<Field, string[]> = {
  email: ['   ', 'mina@', ' mina@example.com '],
  subject: ['  ', ' Hi ', 'Abc', `${'s'.repeat(120)} `, `${'t'.repeat(121)}`],
  message: [
    '',
    ' Too short ',
    ` ${'m'.repeat(19)}  `,
    `${'a'.repeat(20)}`,
    `${'b'.repeat(2000)} `,
    `${'c'.repeat(2001)}`,
  ],
};
const VALID: Form = {
  email: ' mina@example.com ',
  subject: 'Refund please',
  message: '  I was charged twice for order 7.  ',
};

/** Which part of the page a model's paths go through (each keeps its state space small). */
export type SupportFocus = Field | 'send' | 'member';

const SEND = 'sendRequest';
const FETCH = 'fetchMemberSupport';

export const supportSpec = (focus: SupportFocus): SpecModel<SupportState> => {
  const initial: SupportState = {
    member: false,
    form: { email: '', subject: '', message: '' },
    errors: {},
    phase: 'fresh',
    notice: null,
    sent: null,
    requestsPhase: 'none',
    requests: [],
    accountEmail: null,
    requestsError: null,
    dropped: {},
  };
  const editing = (s: SupportState) => s.phase === 'fresh' || s.phase === 'limited' || s.phase === 'failed';
  /** Submitting (or sending again): off it goes when every field is fine, else every error shows. */
  const submit = (s: SupportState): SupportState =>
    Object.keys(allErrors(s)).length === 0
      ? { ...s, phase: 'sending', errors: {}, notice: null }
      : { ...s, phase: 'fresh', errors: allErrors(s), notice: null };

  const onSend = (s: SupportState, event: { type: string; [k: string]: unknown }): SupportState => {
    switch (event.type) {
      case 'support.change': {
        if (!editing(s)) return s;
        const field = event.field as Field;
        const form = { ...s.form, [field]: event.value as string };
        if (!s.errors[field]) return { ...s, form };
        return { ...s, form, errors: withError(s.errors, field, fieldError(field, form, emailNeeded(s))) };
      }
      case 'support.blur': {
        if (!editing(s)) return s;
        const field = event.field as Field;
        if (s.form[field].trim() === '' && !s.errors[field]) return s;
        return { ...s, errors: withError(s.errors, field, fieldError(field, s.form, emailNeeded(s))) };
      }
      case 'support.submit':
        return editing(s) ? submit(s) : s;
      case 'support.retry':
        return s.phase === 'failed' ? submit(s) : s;
      case 'support.newRequest':
        return s.phase === 'sent' ? { ...s, phase: 'fresh', sent: null } : s;
      case 'support.requestsRetry':
        return s.requestsPhase === 'failed' ? { ...s, requestsPhase: 'loading', requestsError: null } : s;
      case 'support.open': {
        const form: Partial<SupportState> = s.phase === 'sent' ? { phase: 'fresh', sent: null } : {};
        const dropped = s.requestsPhase === 'loading' ? dropping(s.dropped, FETCH) : s.dropped;
        if (event.member)
          return { ...s, ...form, member: true, requestsPhase: 'loading', requestsError: null, dropped };
        return {
          ...s,
          ...form,
          member: false,
          requestsPhase: 'none',
          requests: [],
          accountEmail: null,
          requestsError: null,
          dropped,
        };
      }
      default:
        return s;
    }
  };

  const onAnswer = (s: SupportState, step: AnswerStep, actor: string): SupportState => {
    if (actor === SEND && s.phase === 'sending') {
      if ('fail' in step) return { ...s, phase: 'failed', notice: failure(step.error, TEXT.sendFailed) };
      const answer = step.output as { ok: true; request: SupportRequest } | { ok: false; message: string };
      if (!answer.ok) return { ...s, phase: 'limited', notice: answer.message };
      return {
        ...s,
        phase: 'sent',
        sent: answer.request,
        form: { ...s.form, subject: '', message: '' },
        requests: s.member
          ? [answer.request, ...s.requests.filter((r) => r.id !== answer.request.id)]
          : s.requests,
      };
    }
    if (actor === FETCH && s.requestsPhase === 'loading') {
      if ('fail' in step)
        return { ...s, requestsPhase: 'failed', requestsError: failure(step.error, TEXT.requestsFailed) };
      const answer = step.output as { requests: SupportRequest[]; email: string | null };
      // the account's address is used: nothing left to fix in the field
      const errors = answer.email === null ? s.errors : withError(s.errors, 'email', undefined);
      return { ...s, requestsPhase: 'ready', requests: answer.requests, accountEmail: answer.email, errors };
    }
    return s;
  };

  const next = pageStep(onSend, onAnswer);

  const change = (field: Field, value: string) => send('support.change', { field, value });

  const answers = (s: SupportState): SpecStep[] => {
    const out: SpecStep[] = [];
    if (s.phase === 'sending' || (s.dropped[SEND] ?? 0) > 0)
      out.push(
        { settle: SEND, output: { ok: true, request: CREATED } },
        ...(focus === 'send'
          ? [
              { settle: SEND, output: { ok: false, message: 'Too many requests. Try again in an hour.' } },
              { fail: SEND, error: new Error('Network down') },
              { fail: SEND, error: 'offline' },
            ]
          : []),
      );
    if (s.requestsPhase === 'loading' || (s.dropped[FETCH] ?? 0) > 0)
      out.push(
        { settle: FETCH, output: { requests: PAST, email: 'mina@example.com' } },
        { settle: FETCH, output: { requests: [CREATED, ...PAST], email: null } },
        { fail: FETCH, error: 'offline' },
      );
    return out;
  };

  const steps = (s: SupportState): SpecStep[] => {
    if (focus === 'email' || focus === 'subject' || focus === 'message') {
      const mine = SAMPLES[focus].filter((v) => v !== s.form[focus]).map((v) => change(focus, v));
      return [...mine, send('support.blur', { field: focus }), send('support.submit')];
    }
    if (focus === 'send') {
      const fill = FIELDS.filter((f) => s.form[f] !== VALID[f]).map((f) => change(f, VALID[f]));
      return [
        ...answers(s),
        ...(s.phase === 'sending' ? [] : fill),
        ...(s.form.message === VALID.message && editing(s) ? [change('message', 'Short')] : []),
        send('support.submit'),
        send('support.retry'),
        send('support.newRequest'),
        ...(s.phase === 'sent' ? [send('support.open', { member: false })] : []),
      ];
    }
    // member: the page follows who is looking; a member writes from the account's email
    if (s.requestsPhase === 'none')
      return [
        send('support.open', { member: true }),
        ...(s.phase === 'sent' ? [send('support.open', { member: false })] : [send('support.submit')]),
        ...answers(s),
      ];
    if (s.requestsPhase === 'loading')
      return [...answers(s), send('support.open', { member: true }), send('support.open', { member: false })];
    if (s.requestsPhase === 'failed')
      return [...answers(s), send('support.requestsRetry'), send('support.open', { member: false })];
    if (s.phase === 'sending') return answers(s);
    if (s.phase === 'sent')
      return [send('support.open', { member: true }), send('support.open', { member: false })];
    return [
      ...answers(s),
      send('support.open', { member: false }),
      ...(s.form.subject === ''
        ? [change('subject', VALID.subject)]
        : s.form.message === ''
          ? [change('message', VALID.message)]
          : [send('support.submit')]),
      // a guest member (no email on the account) gives one, as a visitor does
      ...(s.accountEmail === null && s.form.email === ''
        ? [send('support.blur', { field: 'email' }), change('email', VALID.email)]
        : []),
      ...(s.accountEmail === null && s.errors.email ? [change('email', 'mina@')] : []),
    ];
  };

  return {
    name: 'support',
    spec: `requirements §2 (/support), §5 (email) and docs/decisions/005-account.md (${focus})`,
    initial,
    steps,
    next,
    expect: (s) => ({
      // the effects under way, by name
      running: [
        ...(s.phase === 'sending' ? [SEND] : []),
        ...(s.requestsPhase === 'loading' ? [FETCH] : []),
      ].sort(),
      sent: s.phase === 'sent',
      sentRequest: s.sent,
      member: s.member,
      accountEmail: s.member ? s.accountEmail : null,
      typedEmail: s.form.email.trim(),
      lookingUp: s.requestsPhase === 'loading',
      form: s.form,
      errors: ordered(s.errors),
      firstError: FIELDS.find((f) => s.errors[f]) ?? null,
      busy: s.phase === 'sending',
      sendNotice: s.phase === 'limited' ? 'limited' : s.phase === 'failed' ? 'failed' : null,
      noticeText: s.notice,
      notice: s.phase === 'limited' || s.phase === 'failed',
      requestsStatus:
        s.requestsPhase === 'failed' ? 'error' : s.requestsPhase === 'ready' ? 'ready' : 'loading',
      requestsError: s.requestsError,
      requests: s.requests,
    }),
    calls: (before, _step, after) => {
      const calls: { actor: string; input: unknown }[] = [];
      if (after.phase === 'sending' && before.phase !== 'sending')
        calls.push({
          actor: SEND,
          input: {
            ...(emailNeeded(after) ? { email: after.form.email.trim() } : {}),
            subject: after.form.subject.trim(),
            message: after.form.message.trim(),
          },
        });
      if (
        after.requestsPhase === 'loading' &&
        (before.requestsPhase !== 'loading' || (after.dropped[FETCH] ?? 0) > (before.dropped[FETCH] ?? 0))
      )
        calls.push({ actor: FETCH, input: undefined });
      return calls;
    },
    label: (s) => {
      const parts = [s.member ? 'member' : 'visitor', s.phase];
      if (s.requestsPhase !== 'none') parts.push(`requests ${s.requestsPhase}`);
      const errs = Object.keys(s.errors);
      if (errs.length) parts.push(`errors ${errs.join(',')}`);
      if (s.notice) parts.push(`"${s.notice}"`);
      return parts.join(', ');
    },
    maxDepth: focus === 'send' || focus === 'member' ? 6 : 3,
  };
};
