// The addresses that only lead elsewhere: a legacy /detail_{id}.html and the share links /s/{id},
// /ps/{id}, each machine with its effects provided; attached by their routes
// (docs/decisions/006-lazy-page-machines.md).
import { fromPromise } from 'xstate';
import { legacyRedirectMachine } from '../../machines/catalog/legacy-redirect.ts';
import { shareLandingMachine } from '../../machines/catalog/share-landing.ts';
import { navigation } from '../platform/navigation.ts';
import { LOCAL_KEYS, safeStorage } from '../platform/storage-keys.ts';
import type { CatalogEffects } from './catalog-effects.ts';

export default function linkLogic(effects: CatalogEffects) {
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
