// favorites against its independent model (tests/models/spec/favorites.ts): every path of the model
// replayed on the machine by the shared harness (tests/support/spec-replay.ts). The machine follows the
// session and tells the app (login dialog) and the toast queue by systemId: its own session follower
// runs against a stand-in session that emits each `session.*` event the path sends
// (tests/support/model-targets.ts), and an `app` and a `toast` listen beside it, what they are told
// written down.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { favoritesMachine } from '../../machines/catalog/favorites.ts';
import { savedOf } from '../../machines/catalog/favorites.selectors.ts';
import { followStandInSession } from '../support/model-targets.ts';
import { withListeners, type Heard } from '../support/spec-model.ts';
import { describeModel, walk } from '../support/spec-replay.ts';
import { favoritesSpec, HEARTS } from '../models/spec/favorites.ts';

const LISTENERS = ['app', 'toast'];
const machine = favoritesMachine.provide({ actors: { followSession: followStandInSession() } });

/** What the app and the toasts were told, as the model writes it down. */
const told = (heard: Heard[]): string[] =>
  heard.map(({ to, event: e }) =>
    e.type === 'toast.show'
      ? `${to}: ${e.kind as string} ${e.message as string}`
      : `${to}: ${e.type} ${e.mode as string}`,
  );

describeModel({
  walks: [walk('', favoritesSpec())],
  target: () => ({
    machine,
    effects: ['fetchFavorites', 'saveFavorite'],
    listeners: LISTENERS,
    observe: ({ snapshot, heard }) => ({
      saved: Object.fromEntries(HEARTS.map((id) => [id, savedOf(id)(snapshot as never)])),
      loading: snapshot.hasTag('loading'),
      told: told(heard),
    }),
  }),
});

describe('favorites without their effects provided', () => {
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  it('a list that cannot be loaded shows no hearts; a heart that cannot be saved is undone, with the toast', async () => {
    const heard: Heard[] = [];
    const actor = createActor(withListeners(machine, LISTENERS, heard)).start();
    actor.send({ type: 'session.member', token: 'token-a' });
    await flush();
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(savedOf(3)(actor.getSnapshot() as never)).toBe(false);
    actor.send({ type: 'favorites.toggle', promptId: 3 });
    await flush();
    expect(savedOf(3)(actor.getSnapshot() as never)).toBe(false);
    expect(told(heard)).toEqual(['toast: error Your saved prompts could not be updated. Please try again.']);
    actor.stop();
  });
});
