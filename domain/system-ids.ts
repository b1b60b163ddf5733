/**
 * The root actor's own systemId (children ask it to open the login dialog). The long-lived actors'
 * systemIds are the registry's (machines/system/registry.ts).
 */
export const APP_SYSTEM_ID = 'app';

/** requirements §9 timings, named once; machines refer to them by delay name. */
export const TIMINGS = {
  toastDuration: 2000,
  toastFade: 300,
  categoryMenuCloseDelay: 2000,
  accountMenuCloseDelay: 500,
} as const;
