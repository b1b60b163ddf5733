// Model paths of the catalog's flows: legacy redirect, share links, the Share button, the template
// filler, favourites and the home shelves, replayed on live actors.
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { legacyRedirectMachine } from '../../machines/legacy-redirect.ts';
import type { PromptLookup } from '../../machines/prompt-detail.ts';
import { shareLandingMachine } from '../../machines/share-landing.ts';
import { shareMachine } from '../../machines/share.ts';
import { filledText, templateFillerMachine } from '../../machines/template-filler.ts';
import { favoritesMachine } from '../../machines/favorites.ts';
import { homeSectionsMachine } from '../../machines/home-sections.ts';
import { detailSlugIdOf } from '../../machines/domain/catalog.ts';
import {
  CoverageRecorder,
  controlledActors,
  flushPromises,
  modelPaths,
  replayOnActor,
  type Samples,
} from '../support/model.ts';
import { cardFixture, fullFixture } from '../support/fixtures.ts';

interface Model {
  machine: AnyStateMachine;
  actors: string[];
  samples: Samples;
  serialize?: (s: AnyMachineSnapshot) => string;
  /** The part of the context a replay must match (default: all of it). */
  observe?: (context: never) => unknown;
  maxSteps?: number;
}

const full = fullFixture(7);
const models: Model[] = [
  {
    machine: legacyRedirectMachine,
    actors: ['fetchPrompt'],
    samples: {
      'legacy.open': [{ type: 'legacy.open', id: '7', search: '?ref=mail' }],
      'xstate.done.actor.fetchPrompt': [
        { type: 'xstate.done.actor.fetchPrompt', output: { found: true, prompt: full } },
        { type: 'xstate.done.actor.fetchPrompt', output: { found: false } },
      ],
      'xstate.error.actor.fetchPrompt': [
        { type: 'xstate.error.actor.fetchPrompt', error: new Error('offline') },
      ],
    },
  },
  {
    machine: shareLandingMachine,
    actors: ['resolveShareLink'],
    samples: {
      'shareLink.open': [{ type: 'shareLink.open', id: 'pxCraft7', partner: true }],
      'xstate.done.actor.resolveShareLink': [
        {
          type: 'xstate.done.actor.resolveShareLink',
          output: {
            found: true,
            slugId: 'a-b-7',
            partner: true,
            partnerName: 'PixelCraft Weekly',
            referrer: null,
          },
        },
        { type: 'xstate.done.actor.resolveShareLink', output: { found: false } },
      ],
      'xstate.error.actor.resolveShareLink': [
        { type: 'xstate.error.actor.resolveShareLink', error: new Error('x') },
      ],
    },
  },
  {
    machine: shareMachine,
    actors: ['createShareLink', 'copyText'],
    samples: {
      'share.request': [{ type: 'share.request', promptId: 7 }],
      'xstate.done.actor.createShareLink': [
        { type: 'xstate.done.actor.createShareLink', output: { url: 'http://localhost/s/Ab12Cd34' } },
      ],
      'xstate.error.actor.createShareLink': [
        { type: 'xstate.error.actor.createShareLink', error: new Error('x') },
      ],
      'xstate.done.actor.copyText': [{ type: 'xstate.done.actor.copyText', output: undefined }],
      'xstate.error.actor.copyText': [{ type: 'xstate.error.actor.copyText', error: new Error('denied') }],
    },
  },
  {
    machine: templateFillerMachine,
    actors: ['copyText'],
    samples: {
      'template.load': [
        {
          type: 'template.load',
          promptId: 7,
          template: full.promptDetail.template!,
          variables: full.promptDetail.variables,
        },
      ],
      'variable.change': [
        { type: 'variable.change', index: 0, value: 'a red fox' },
        { type: 'variable.change', index: 5, value: 'ignored' },
      ],
      'xstate.done.actor.copyText': [{ type: 'xstate.done.actor.copyText', output: undefined }],
      'xstate.error.actor.copyText': [{ type: 'xstate.error.actor.copyText', error: new Error('denied') }],
    },
  },
  {
    machine: favoritesMachine,
    actors: ['fetchFavorites', 'saveFavorite'],
    samples: {
      'favorites.toggle': [
        { type: 'favorites.toggle', promptId: 7 },
        { type: 'favorites.toggle', promptId: 9 },
      ],
      'xstate.done.actor.fetchFavorites': [{ type: 'xstate.done.actor.fetchFavorites', output: [9] }],
      'xstate.error.actor.fetchFavorites': [
        { type: 'xstate.error.actor.fetchFavorites', error: new Error('x') },
      ],
      'xstate.done.actor.saveFavorite': [{ type: 'xstate.done.actor.saveFavorite', output: undefined }],
      'xstate.error.actor.saveFavorite': [{ type: 'xstate.error.actor.saveFavorite', error: new Error('x') }],
    },
    // the queue can grow without end: its first two changes stand for it (paths stay short)
    serialize: (s) =>
      `${JSON.stringify(s.value)} ${(s.context as { ids: number[] }).ids.join(',')} ${JSON.stringify((s.context as { queue: unknown[] }).queue.slice(0, 2))}`,
    observe: (c: { ids: number[] }) => c.ids,
    maxSteps: 5,
  },
  {
    machine: homeSectionsMachine,
    actors: ['fetchHomeSections'],
    samples: {
      'xstate.done.actor.fetchHomeSections': [
        {
          type: 'xstate.done.actor.fetchHomeSections',
          output: [{ key: 'trending', title: 'Trending now', data: [cardFixture(1)] }],
        },
      ],
      'xstate.error.actor.fetchHomeSections': [
        { type: 'xstate.error.actor.fetchHomeSections', error: new Error('x') },
      ],
      'viewer.changed': [
        { type: 'viewer.changed', viewer: null },
        { type: 'viewer.changed', viewer: 'token-b' },
      ],
    },
  },
];

const recorders = new Map(models.map((m) => [m.machine, new CoverageRecorder(m.machine)]));
afterAll(() => recorders.forEach((r) => r.save()));

for (const model of models) {
  describe(`${model.machine.id} model`, () => {
    const serialize =
      model.serialize ??
      ((s: AnyMachineSnapshot) => `${JSON.stringify(s.value)} ${JSON.stringify(s.context)}`);
    const paths = modelPaths(model.machine, { samples: model.samples, serializeState: serialize }).filter(
      (p) => p.steps.length <= (model.maxSteps ?? 8),
    );
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
