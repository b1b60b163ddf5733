// favorites against its independent model (tests/models/spec/favorites.ts): every path of the model
// replayed on the machine. The machine follows the session and tells the app (login dialog) and the
// toast queue by systemId, so it runs with stand-ins beside it: the machine's own chart and
// implementations, plus, at its root, a `session` that emits each `session.*` event it is handed, and
// an `app` and a `toast` that write down what they are told.
import { describe, expect, it } from 'vitest';
import {
  createActor,
  createMachine,
  fromCallback,
  sendTo,
  type AnyActorRef,
  type AnyEventObject,
  type AnyStateMachine,
} from 'xstate';
import { favoritesMachine } from '../../machines/catalog/favorites.ts';
import { savedOf } from '../../machines/catalog/favorites.selectors.ts';
import { replaySpecPath, specPaths } from '../support/spec-model.ts';
import { favoritesSpec, HEARTS } from '../models/spec/favorites.ts';

const sessionStandIn = fromCallback(({ receive, emit }) => {
  receive((event) => emit(event));
});

const withStandIns = (told: string[]): AnyStateMachine => {
  const { config } = favoritesMachine;
  const recorder = (name: string) =>
    fromCallback(({ receive }) =>
      receive(
        (e: AnyEventObject) =>
          void told.push(
            e.type === 'toast.show'
              ? `${name}: ${e.kind as string} ${e.message as string}`
              : `${name}: ${e.type} ${e.mode as string}`,
          ),
      ),
    );
  return createMachine(
    {
      ...config,
      invoke: [
        { src: sessionStandIn, systemId: 'session' },
        { src: recorder('app'), systemId: 'app' },
        { src: recorder('toast'), systemId: 'toast' },
        ...[config.invoke ?? []].flat(),
      ],
      on: {
        ...config.on,
        'session.*': {
          actions: sendTo(
            ({ system }) => system.get('session') as AnyActorRef,
            ({ event }) => event,
          ),
        },
      },
    } as never,
    favoritesMachine.implementations as never,
  ) as AnyStateMachine;
};

const model = favoritesSpec();
describe(`favorites against ${model.spec}`, () => {
  for (const path of specPaths(model)) {
    it(path.title, () => {
      const told: string[] = [];
      return replaySpecPath(
        model,
        {
          machine: withStandIns(told),
          effects: ['fetchFavorites', 'saveFavorite'],
          observe: ({ snapshot }) => ({
            saved: Object.fromEntries(HEARTS.map((id) => [id, savedOf(id)(snapshot as never)])),
            loading: snapshot.hasTag('loading'),
            told: [...told],
          }),
        },
        path,
      );
    });
  }
});

describe('favorites without their effects provided', () => {
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  it('a list that cannot be loaded shows no hearts; a heart that cannot be saved is undone, with the toast', async () => {
    const told: string[] = [];
    const actor = createActor(withStandIns(told)).start();
    actor.send({ type: 'session.member', token: 'token-a' });
    await flush();
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(savedOf(3)(actor.getSnapshot() as never)).toBe(false);
    actor.send({ type: 'favorites.toggle', promptId: 3 });
    await flush();
    expect(savedOf(3)(actor.getSnapshot() as never)).toBe(false);
    expect(told).toEqual(['toast: error Your saved prompts could not be updated. Please try again.']);
    actor.stop();
  });
});
