import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** One turn of the event loop: promise callbacks, then a macrotask (on the fake clock when it runs). */
const tick = (): Promise<void> =>
  vi.isFakeTimers() ? vi.advanceTimersByTimeAsync(0).then(() => {}) : new Promise((r) => setTimeout(r, 0));

/** Lets pending promise callbacks and the updates they cause run, inside React's act. */
export const settle = (): Promise<void> => act(tick);

/**
 * An effect function whose calls wait until the test settles them: `resolve(value)` or
 * `reject(error)` ends the oldest pending call, as a path step `xstate.done.actor.<id>` does.
 */
export function controllable<TArgs extends unknown[], TResult>() {
  const pending: { args: TArgs; resolve: (value: TResult) => void; reject: (error: unknown) => void }[] = [];
  const fn = vi.fn(
    (...args: TArgs) =>
      new Promise<TResult>((resolve, reject) => {
        pending.push({ args, resolve, reject });
      }),
  );
  const take = () => {
    const next = pending.shift();
    if (!next) throw new Error('No pending call to settle');
    return next;
  };
  return {
    fn,
    pending,
    async resolve(value: TResult): Promise<void> {
      const next = take();
      await act(async () => {
        next.resolve(value);
        await tick();
      });
    },
    async reject(error: unknown): Promise<void> {
      const next = take();
      await act(async () => {
        next.reject(error);
        await tick();
      });
    },
  };
}
