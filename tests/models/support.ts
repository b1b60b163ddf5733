// Customer Support: the contact form (a visitor gives an email; a member's is the account's) and a
// member's past requests. The two walks are shared with their tests in tests/support/inbox-models.ts;
// this joins them as one model (the visitor's walk, the member's as a variant) and adds what a
// person sees.
import { supportMemberModel, supportVisitorModel } from '../support/inbox-models.ts';
import type { MachineModel } from './types.ts';

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  support: 'The "Customer Support" page: "Write to us", FAQ, "Contact us"',
  'support.form': 'The contact form: Your email, Subject, Message, "Send message"',
  'support.form.editing': 'The form with the errors of the checks under the fields',
  'support.form.editing.fresh': 'The form being filled in ("All fields are required.")',
  'support.form.editing.limited': 'The form with the server\'s "Too many support requests" message',
  'support.form.editing.failed': 'The form with "Your text is kept: nothing is lost." and "Try again"',
  'support.form.sending': '"Send message" reads "Sending…", "Sending your message…"',
  'support.form.sent': '"Request #N received" with "Send another request" / "Open Messages"',
  'support.requests': 'A member\'s "Your requests" list',
  'support.requests.none': 'No "Your requests" list (a visitor)',
  'support.requests.loading':
    '"Loading your requests…"; the email hint says "Looking up the email on your account…"',
  'support.requests.ready': '"Your requests" with status and answers (or "You have not written to us yet")',
  'support.requests.failed': '"We couldn\'t load your requests" with "Try again"',
};

export const supportModel: MachineModel = {
  ...supportVisitorModel,
  label: 'visitor',
  sees: SEES,
  variants: [{ ...supportMemberModel, label: 'member' }],
};
