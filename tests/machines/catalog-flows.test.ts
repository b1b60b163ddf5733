// Model paths of the catalog's flows: legacy redirect, share links, the Share button, the template
// filler, favourites and the home shelves, replayed on live actors.
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { legacyRedirectMachine } from '../../machines/legacy-redirect.ts';
import type { PromptLookup } from '../../machines/prompt-detail.ts';
import { filledText, templateFillerMachine } from '../../machines/template-filler.ts';
import { favoritesMachine } from '../../machines/favorites.ts';
import { detailSlugIdOf } from '../../machines/domain/catalog.ts';
import { CoverageRecorder, controlledActors, flushPromises, replayOnActor } from '../support/model.ts';
import { fullFixture } from '../support/fixtures.ts';
import { favoritesModel } from '../models/favorites.ts';
import { homeSectionsModel } from '../models/home-sections.ts';
import { legacyRedirectModel } from '../models/legacy-redirect.ts';
import { shareLandingModel } from '../models/share-landing.ts';
import { shareModel } from '../models/share.ts';
import { templateFillerModel } from '../models/template-filler.ts';
import { pathsOf, type MachineModel } from '../models/types.ts';

type Model = MachineModel;

const full = fullFixture(7);
const models: Model[] = [
  legacyRedirectModel,
  shareLandingModel,
  shareModel,
  templateFillerModel,
  favoritesModel,
  homeSectionsModel,
];

const recorders = new Map(models.map((m) => [m.machine, new CoverageRecorder(m.machine)]));
afterAll(() => recorders.forEach((r) => r.save()));

for (const model of models) {
  describe(`${model.machine.id} model`, () => {
    const paths = pathsOf(model);
    for (const path of paths) {
      it(path.description, async () => {
        const actor = await replayOnActor(model.machine, path, {
          controlled: controlledActors(model.actors),
          recorder: recorders.get(model.machine)!,
          check: (a, e) => {
            const observe = model.observe ?? ((c: unknown) => c);
            expect(observe(a.context as never)).toEqual(observe(e.context as never));
          },
        });
        actor.stop();
      });
    }
  });
}

describe('catalog flow rules', () => {
  it('redirects a legacy id to /detail/{slugId}, keeping the query (SPEC.md §4)', async () => {
    const hrefs: string[] = [];
    const actor = createActor(
      legacyRedirectMachine.provide({
        actors: {
          fetchPrompt: fromPromise(async (): Promise<PromptLookup> => ({ found: true, prompt: full })),
        },
        actions: { redirect: (_, p) => hrefs.push(p.href) },
      }),
    ).start();
    actor.send({ type: 'legacy.open', id: '7', search: '?ref=newsletter' });
    await flushPromises();
    expect(hrefs).toEqual([`/detail/${full.slugId}?ref=newsletter`]);
    expect(detailSlugIdOf({ promptDetail: { slug: 'misty-lake', sortId: 12 } })).toBe('misty-lake-12');
    expect(detailSlugIdOf({ promptDetail: { slug: null, sortId: 12 } })).toBeNull();
  });

  it('fills the template live and copies the filled text', async () => {
    const copied: string[] = [];
    const actor = createActor(
      templateFillerMachine.provide({
        actors: { copyText: fromPromise(async ({ input }) => void copied.push(input.text)) },
      }),
    ).start();
    actor.send({
      type: 'template.load',
      promptId: 7,
      template: 'a portrait of a [Variable 1] at [Variable 2]',
      variables: [
        { index: 0, label: 'Person', example: 'an old fisherman' },
        { index: 1, label: 'Place', example: 'dawn' },
      ],
    });
    actor.send({ type: 'variable.change', index: 0, value: 'an old fisherman' });
    expect(filledText(actor.getSnapshot().context)).toBe('a portrait of a old fisherman at [Variable 2]');
    actor.send({ type: 'variable.change', index: 1, value: 'the harbour' });
    actor.send({ type: 'template.copy' });
    await flushPromises();
    expect(copied).toEqual(['a portrait of a old fisherman at the harbour']);
    // loading the same prompt again keeps what was typed
    actor.send({
      type: 'template.load',
      promptId: 7,
      template: 'a portrait of a [Variable 1] at [Variable 2]',
      variables: [],
    });
    expect(actor.getSnapshot().context.values).toEqual(['an old fisherman', 'the harbour']);
  });

  it('saves hearts optimistically, one at a time, and rolls back what the server refused', async () => {
    const saves: string[] = [];
    let fail = false;
    const actor = createActor(
      favoritesMachine.provide({
        actors: {
          fetchFavorites: fromPromise(async () => [3]),
          saveFavorite: fromPromise(async ({ input }) => {
            saves.push(`${input.promptId}:${input.saved}`);
            if (fail) throw new Error('refused');
          }),
        },
      }),
    ).start();
    actor.send({ type: 'favorites.load' });
    await flushPromises();
    actor.send({ type: 'favorites.toggle', promptId: 5 });
    actor.send({ type: 'favorites.toggle', promptId: 3 });
    expect(actor.getSnapshot().context.ids).toEqual([5]);
    await flushPromises();
    await flushPromises();
    expect(saves).toEqual(['5:true', '3:false']);
    fail = true;
    actor.send({ type: 'favorites.toggle', promptId: 8 });
    expect(actor.getSnapshot().context.ids).toEqual([5, 8]);
    await flushPromises();
    expect(actor.getSnapshot().context.ids).toEqual([5]);
    actor.send({ type: 'favorites.clear' });
    expect(actor.getSnapshot().context.ids).toEqual([]);
  });
});
