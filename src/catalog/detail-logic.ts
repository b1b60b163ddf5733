// The prompt page: the prompt with its related prompts, Share and the template filler, each machine
// with its effects provided; attached by /detail/{slugId} (docs/decisions/006-lazy-page-machines.md).
import { fromPromise } from 'xstate';
import { promptDetailMachine } from '../../machines/catalog/prompt-detail.ts';
import { shareMachine } from '../../machines/catalog/share.ts';
import { templateFillerMachine } from '../../machines/catalog/template-filler.ts';
import type { CatalogEffects } from './catalog-effects.ts';
import type { Clipboard } from '../platform/navigation.ts';

export default function detailLogic(effects: CatalogEffects & Clipboard) {
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
