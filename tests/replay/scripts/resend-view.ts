// The resend button a sign-in notice hands to the page (its `resend` child, a resendEmail actor),
// read as tests/machines/registration-success.model.test.ts and verify-email-notice.model.test.ts
// read it: the child's own state comes from the page by its machine id, resolved on its machine.
import { resendEmailMachine } from '../../../machines/auth/resend-email.ts';
import * as button from '../../../machines/auth/resend-email.selectors.ts';
import type { LiveView, ScriptView } from '../types.ts';

type Snapshot = Parameters<typeof button.disabled>[0];

export const resendView = (withResult: boolean): ScriptView => ({
  actual: async ({ page, children }: LiveView) => {
    if (!children.includes('resend')) return null;
    const snap = await page.evaluate(() =>
      (
        window as unknown as {
          __fruitReplayHandle: { snapshotOf(m: string): { value: unknown; context: unknown } | null };
        }
      ).__fruitReplayHandle.snapshotOf('resendEmail'),
    );
    if (!snap) return '(the resend button does not run)';
    const s = resendEmailMachine.resolveState({
      value: snap.value as never,
      context: snap.context as never,
    }) as unknown as Snapshot;
    return {
      email: (s as unknown as { context: { email: string } }).context.email,
      disabled: button.disabled(s),
      secondsLeft: button.secondsLeft(s),
      ...(withResult ? { result: button.result(s) } : {}),
    };
  },
});
