// Customer Support (/support): the contact form (typing, leaving a field, "Send message", "Try
// again", "Send another request") and a member's requests ("Try again"). Opening the page as a
// member or a visitor (`support.open`) is each harness's own: the signing in and out it takes is.
import type { SupportState } from '../models/spec/support.ts';
import {
  blur,
  button,
  byRole,
  click,
  fill,
  main,
  region,
  textbox,
  type PageDriver,
} from '../support/page-driver.ts';

const FIELD_LABELS: Record<string, string> = { email: 'Your email', subject: 'Subject', message: 'Message' };
/** A field of the form by the start of its label (a required field's label says so after it). */
export const supportField = (name: unknown) => textbox(new RegExp(`^${FIELD_LABELS[name as string]}`), main);

export const supportDriver: PageDriver<SupportState> = {
  'support.change': (event) => [fill(supportField(event.field), event.value as string)],
  'support.blur': (event) => [blur(supportField(event.field))],
  'support.submit': () => [click(button('Send message', main))],
  'support.retry': () => [click(button('Try again', byRole('alert', undefined, { within: main })))],
  'support.newRequest': () => [click(button('Send another request', main))],
  'support.requestsRetry': () => [click(button('Try again', region('Your requests')))],
};
