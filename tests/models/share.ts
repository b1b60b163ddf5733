// The Share button: creates a share link and copies it, or shows it to copy by hand.
import { shareMachine } from '../../machines/catalog/share.ts';
import type { MachineModel } from './types.ts';

/** What a person sees in each state. */
const SEES: Record<string, string> = {
  share: 'The "Share" button on a prompt\'s page',
  'share.idle': '"Share" enabled',
  'share.creating': '"Share" busy while the link is made',
  'share.copying':
    '"Share" busy while the link is copied; then the toast "Share link copied to your clipboard"',
  'share.manualCopy': '"Copy this link to share the prompt" with the link selected and "Close"',
};

export const shareModel: MachineModel = {
  sees: SEES,
  machine: shareMachine,
  actors: ['createShareLink', 'copyText'],
  samples: {
    'share.request': [{ type: 'share.request', promptId: 7 }],
    'xstate.done.actor.createShareLink': [
      { type: 'xstate.done.actor.createShareLink', output: { url: 'http://localhost/s/Ab12Cd34' } },
    ],
    'xstate.error.actor.createShareLink': [
      { type: 'xstate.error.actor.createShareLink', error: new Error('x') },
    ],
    'xstate.done.actor.copyText': [{ type: 'xstate.done.actor.copyText', output: undefined }],
    'xstate.error.actor.copyText': [{ type: 'xstate.error.actor.copyText', error: new Error('denied') }],
  },
};
