// The "Verify your email first" notice: a login refused for an unverified address, with a resend.
import { verifyEmailNoticeMachine } from '../../machines/auth/verify-email-notice.ts';
import type { MachineModel } from './types.ts';

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  verifyEmailNotice: 'The "Verify your email first" notice',
  'verifyEmailNotice.hidden': 'No notice',
  'verifyEmailNotice.visible':
    '"Verify your email first" over the login dialog: "No email? We can send you a new link.", "Resend Email", "Close"',
};

export const verifyEmailNoticeModel: MachineModel = {
  sees: SEES,
  machine: verifyEmailNoticeMachine,
  actors: [],
  samples: { 'notice.show': [{ type: 'notice.show', email: 'late@example.com' }] },
  // every path: the graph is small
  maxSteps: Number.POSITIVE_INFINITY,
};
