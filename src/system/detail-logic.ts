// The prompt page: the prompt with its related prompts, Share and the template filler, each machine
// with its effects provided; attached by /detail/{slugId} (docs/decisions/006-lazy-page-machines.md).
import { fromPromise } from 'xstate';
import { promptDetailMachine } from '../../machines/prompt-detail.ts';
import { shareMachine } from '../../machines/share.ts';
import { templateFillerMachine } from '../../machines/template-filler.ts';
import type { AppEffects } from './app-effects.ts';

export default function detailLogic(effects: AppEffects) {
  return {
    promptDetail: promptDetailMachine.provide({
      actors: {
        fetchPrompt: fromPromise(({ input }) => effects.getPrompt(input)),
        fetchRelated: fromPromise(({ input }) => effects.getRelated(input)),
      },
    }),
    share: shareMachine.provide({
      actors: {
        createShareLink: fromPromise(({ input }) => effects.createShareLink(input)),
        copyText: fromPromise(({ input }) => effects.copyText(input.text)),
      },
    }),
    templateFiller: templateFillerMachine.provide({
      actors: { copyText: fromPromise(({ input }) => effects.copyText(input.text)) },
    }),
  };
}
