// An old /prompt/{id} address: looked up, then redirected to /detail/{slugId} with its query.
import { legacyRedirectMachine } from '../../machines/catalog/legacy-redirect.ts';
import { fullFixture } from '../support/fixtures.ts';
import type { MachineModel } from './types.ts';

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  legacyRedirect: 'An old /detail_{id}.html address',
  'legacyRedirect.idle': '"Opening prompt…" card',
  'legacyRedirect.resolving': '"Opening prompt…": "Taking you to the prompt\'s page." with a spinner',
  'legacyRedirect.redirected': "The prompt's /detail/{slugId} page (the query kept)",
  'legacyRedirect.notFound': '"Page Not Found"',
  'legacyRedirect.error':
    '"We couldn\'t open this prompt" with the reason, "Try again" and "Back to all prompts"',
};

export const legacyRedirectModel: MachineModel = {
  sees: SEES,
  machine: legacyRedirectMachine,
  actors: ['fetchPrompt'],
  samples: {
    'legacy.open': [{ type: 'legacy.open', id: '7', search: '?ref=mail' }],
    'xstate.done.actor.fetchPrompt': [
      { type: 'xstate.done.actor.fetchPrompt', output: { found: true, prompt: fullFixture(7) } },
      { type: 'xstate.done.actor.fetchPrompt', output: { found: false } },
    ],
    'xstate.error.actor.fetchPrompt': [
      { type: 'xstate.error.actor.fetchPrompt', error: new Error('offline') },
    ],
  },
};
