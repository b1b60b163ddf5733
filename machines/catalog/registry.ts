/**
 * The catalog's actors, by systemId: this feature's part of the registry (machines/app/registry.ts says what
 * each source means). A new actor of this feature is one line here.
 */
export const registry = {
  promptList: 'app',
  homeSections: 'app',
  favorites: 'member',
  promptDetail: 'detail',
  share: 'detail',
  templateFiller: 'detail',
  legacyRedirect: 'link',
  shareLanding: 'link',
} as const;
