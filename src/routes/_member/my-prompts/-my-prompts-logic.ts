// My Prompts' page module (found by its name, src/app/app-system.ts PAGE_MODULES): the machine with its
// calls, built on the session's API client (GET /api/my/library, server/my-prompts/) and the clipboard.
import { fromPromise } from 'xstate';
import type { AppEffects } from '../../../app/app-effects.ts';
import { myPromptsMachine, type Library } from '../../../../machines/my-prompts/my-prompts.ts';

export default function myPromptsLogic(effects: AppEffects) {
  return {
    myPrompts: myPromptsMachine.provide({
      actors: {
        fetchLibrary: fromPromise(() => effects.api.get<Library>('/api/my/library')),
        copyText: fromPromise(({ input }) => effects.copyText(input.text)),
      },
    }),
  };
}
