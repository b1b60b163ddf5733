// A prompt's heart on its own page (the related cards' hearts carry their titles): the page of the
// path's prompt is opened unless shown. Which page stands for a prompt id is each harness's; signing
// in and out (the session's announcements) is too.
import type { FavoritesState } from '../models/spec/favorites.ts';
import { button, click, main, open, type PageDriver } from '../support/page-driver.ts';

export const favoritesDriver = (pageOf: (promptId: number) => string): PageDriver<FavoritesState> => ({
  'favorites.toggle': (event) => [
    open(pageOf(event.promptId as number), 'stay'),
    click(button(/^(Save prompt|Remove from saved)$/, main)),
  ],
});
