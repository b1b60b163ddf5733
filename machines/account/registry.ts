/**
 * The account area's actors, by systemId: this feature's part of the registry (machines/app/registry.ts says what
 * each source means). A new actor of this feature is one line here.
 */
export const registry = {
  inbox: 'member',
  messages: 'inbox',
  support: 'inbox',
  profile: 'account',
  settings: 'account',
} as const;
