// The link in the verification mail (/verifyemail-<token>.html: the same link again, opened from the
// mail once more), the form that sends a new link, and "Log in" once verified.
import type { EmailVerificationState } from '../models/spec/email-verification.ts';
import {
  button,
  byRole,
  click,
  fill,
  labelled,
  main,
  open,
  type PageDriver,
} from '../support/page-driver.ts';

const FORM = byRole('form', 'Send a new verification link', { within: main });

export const emailVerificationDriver: PageDriver<EmailVerificationState> = {
  // the path's sample token is shorter than any real one (the route wants 8 or more characters):
  // the same token, padded, so the page takes it
  'verify.start': (event) => [open(`/verifyemail-${(event.token as string).padStart(8, '0')}.html`)],
  'field.change': (event) => [fill(labelled('Email', FORM), event.value as string)],
  'resend.submit': () => [click(button('Send a new link', FORM))],
  'verify.login': () => [click(button('Log in', main))],
};
