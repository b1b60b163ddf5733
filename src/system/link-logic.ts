// The addresses that only lead elsewhere: a legacy /detail_{id}.html and the share links /s/{id},
// /ps/{id}, each machine with its effects provided; attached by their routes
// (docs/decisions/006-lazy-page-machines.md).
import { fromPromise } from 'xstate';
import { legacyRedirectMachine } from '../../machines/legacy-redirect.ts';
import { shareLandingMachine } from '../../machines/share-landing.ts';
import { navigation } from '../effects/navigation.ts';
import { LOCAL_KEYS, safeStorage } from '../effects/storage-keys.ts';
import type { AppEffects } from './app-effects.ts';

export default function linkLogic(effects: AppEffects) {
  const local = safeStorage('local');
  return {
    legacyRedirect: legacyRedirectMachine.provide({
      actors: { fetchPrompt: fromPromise(({ input }) => effects.getPrompt(input)) },
      actions: { redirect: (_, { href }) => navigation.go(href, { replace: true }) },
    }),
    shareLanding: shareLandingMachine.provide({
      actors: { resolveShareLink: fromPromise(({ input }) => effects.resolveShareLink(input)) },
      actions: {
        rememberReferral: (_, referral) =>
          local.set(LOCAL_KEYS.referral, JSON.stringify({ ...referral, at: Date.now() })),
        redirect: (_, { href }) => navigation.go(href, { replace: true }),
      },
    }),
  };
}
