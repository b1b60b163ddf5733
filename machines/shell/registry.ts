/**
 * The shell's long-lived actors (header menus, toasts, the API's reachability, the page head), by systemId: this feature's part of the registry (machines/app/registry.ts says what
 * each source means). A new actor of this feature is one line here.
 */
export const registry = {
  toast: 'app',
  categoryMenu: 'app',
  accountMenu: 'app',
  seo: 'app',
  connection: 'app',
} as const;
