// Pieces the models of pages that call the server (tests/models/spec/*.ts) write the same way: an event
// sent as a step, a failed call's message, a toast as the queue hears it, the answers of calls the page
// dropped (it reloaded while one ran) that it swallows, and, for a page with one call a phase, the call
// under way and the call a step starts. Each model still says on its own which calls its page makes,
// when, and what each answer does.
import type { AnyEventObject } from 'xstate';
import type { SpecStep } from './spec-model.ts';

/** A call's answer as a step: it settles with an output or fails with an error. */
export type AnswerStep = Extract<SpecStep, { settle: string }> | Extract<SpecStep, { fail: string }>;

/** An event sent to the page, as a step. */
export const send = (type: string, more: Record<string, unknown> = {}): SpecStep => ({
  send: { type, ...more },
});

/** A failed call's message: the error's own, else the page's words. */
export const failure = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;

/** A toast as the queue hears it. */
export const toast = (kind: 'success' | 'error', text: string): string => `toast.show ${kind} ${text}`;

/** The answers a page is to swallow, with `n` more of `actor` (the same when there is no actor). */
export const dropping = (
  dropped: Record<string, number>,
  actor: string | undefined,
  n = 1,
): Record<string, number> => (actor ? { ...dropped, [actor]: (dropped[actor] ?? 0) + n } : dropped);

/**
 * The next state of a page's model: an event sent goes to `onSend`, time passing changes nothing, and
 * an answer to a call the page dropped is swallowed (one fewer left to swallow) before any other
 * answer goes to `onAnswer` with the call it answers.
 */
export const pageStep =
  <S extends { dropped: Record<string, number> }>(
    onSend: (s: S, event: AnyEventObject) => S,
    onAnswer: (s: S, step: AnswerStep, actor: string) => S,
  ) =>
  (s: S, step: SpecStep): S => {
    if ('send' in step) return onSend(s, step.send);
    if ('wait' in step) return s;
    const actor = 'settle' in step ? step.settle : step.fail;
    if ((s.dropped[actor] ?? 0) > 0) return { ...s, dropped: dropping(s.dropped, actor, -1) };
    return onAnswer(s, step, actor);
  };

/** A page with one call a phase (`callOf`): its phase, and the answers it is to swallow. */
export interface CallingPage<P extends string> {
  phase: P;
  dropped: Record<string, number>;
}

/** An answer to `actor` can come: it is the phase's call, or one the page dropped. */
export const awaits = <P extends string>(
  callOf: Partial<Record<P, string>>,
  s: CallingPage<P>,
  actor: string,
): boolean => callOf[s.phase] === actor || (s.dropped[actor] ?? 0) > 0;

/** The call a step starts: the new phase's, when the phase changed or the page dropped the one it had. */
export const startedCall = <P extends string>(
  callOf: Partial<Record<P, string>>,
  before: CallingPage<P>,
  after: CallingPage<P>,
): string | undefined => {
  const actor = callOf[after.phase];
  if (!actor) return undefined;
  const restarted = (after.dropped[actor] ?? 0) > (before.dropped[actor] ?? 0);
  return before.phase === after.phase && !restarted ? undefined : actor;
};

/** What a page that loads first shows: idle, loading, error (its load failed), ended or ready. */
export const loadStatus = (phase: string, ended = false): string =>
  phase === 'idle'
    ? 'idle'
    : phase === 'loading'
      ? 'loading'
      : phase === 'loadFailed'
        ? 'error'
        : ended
          ? 'ended'
          : 'ready';
