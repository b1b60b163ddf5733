// A share link (/s/{id}): resolved to the shared prompt, a partner's welcome, or "not found".
import { shareLandingMachine } from '../../machines/catalog/share-landing.ts';
import type { MachineModel } from './types.ts';

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  shareLanding: 'A share link (/s/{id}, /ps/{id})',
  'shareLanding.idle': '"Opening shared prompt…" card',
  'shareLanding.resolving': '"Opening shared prompt…": "Taking you to the shared prompt." with a spinner',
  'shareLanding.landed': "The shared prompt's page (a partner link welcomes with the partner's name)",
  'shareLanding.unknown':
    '"Share link not found": this share link does not exist or has expired, "Browse all prompts"',
  'shareLanding.error': '"We couldn\'t open this link" with the reason, "Try again" and "Browse all prompts"',
};

export const shareLandingModel: MachineModel = {
  sees: SEES,
  machine: shareLandingMachine,
  actors: ['resolveShareLink'],
  samples: {
    'shareLink.open': [{ type: 'shareLink.open', id: 'pxCraft7', partner: true }],
    'xstate.done.actor.resolveShareLink': [
      {
        type: 'xstate.done.actor.resolveShareLink',
        output: {
          found: true,
          slugId: 'a-b-7',
          partner: true,
          partnerName: 'PixelCraft Weekly',
          referrer: null,
        },
      },
      { type: 'xstate.done.actor.resolveShareLink', output: { found: false } },
    ],
    'xstate.error.actor.resolveShareLink': [
      { type: 'xstate.error.actor.resolveShareLink', error: new Error('x') },
    ],
  },
};
