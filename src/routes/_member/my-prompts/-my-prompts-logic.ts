// My Prompts' page module (found by its name, src/app/app-system.ts PAGE_MODULES): the machine with its
// calls, built on the session's API client (GET /api/my/library, server/my-prompts/) and the clipboard,
// and the page's styles. The route loads it before the page renders (ensureFor), and a route file's own
// imports stay in the first load (only its component and loader are split off), so the styles come here.
import './-my-prompts.css';
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
