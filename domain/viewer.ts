/**
 * Who the catalog's answers are for. The session tells the actors that hold catalog data (the
 * list, the detail, the home shelves) whenever the signed-in member changes: the token, or null
 * when signed out. Their answers depend on it (the "owned" mark, saved hearts, an unlocked
 * template), so they reload what they show when it switches.
 */
export type ViewerChanged = { type: 'viewer.changed'; viewer: string | null };

/** `undefined` until the session has first spoken: the first load already used the stored token. */
export type KnownViewer = string | null | undefined;

/** A reload is due when the viewer was known and is now someone else. */
export const viewerSwitched = (known: KnownViewer, next: string | null): boolean =>
  known !== undefined && known !== next;

/** The systemIds of the actors that take `viewer.changed`. */
export const VIEWER_AWARE = ['promptList', 'promptDetail', 'homeSections'] as const;
