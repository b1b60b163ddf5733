// The catalog's flows (legacy redirect, share links, the Share button, the template filler,
// favourites and the home shelves): rules their independent models leave to examples.
// Mutation: homeSections, favorites, templateFiller, share, shareLanding, legacyRedirect
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { legacyRedirectMachine } from '../../machines/catalog/legacy-redirect.ts';
import type { PromptLookup } from '../../machines/catalog/prompt-detail.ts';
import {
  COPY_MESSAGES,
  copyMessage,
  copyPlan,
  filledText,
  templateFillerMachine,
} from '../../machines/catalog/template-filler.ts';
import { favoritesMachine } from '../../machines/catalog/favorites.ts';
import { detailSlugIdOf } from '../../domain/catalog.ts';
import { flushPromises } from '../support/model.ts';
import { fullFixture } from '../support/fixtures.ts';
const full = fullFixture(7);

describe('catalog flow rules', () => {
  it('redirects a legacy id to /detail/{slugId}, keeping the query (requirements §4)', async () => {
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

  it('copies an empty variable with the example its field shows, and the toast says how many', async () => {
    const copied: string[] = [];
    const toasts: string[] = [];
    // the filler with a stand-in toast actor beside it, as in the app's system
    const parent = createActor(
      setup({
        actors: {
          toast: createMachine({
            on: { 'toast.show': { actions: ({ event }) => void toasts.push(event.message as string) } },
          }),
          filler: templateFillerMachine.provide({
            actors: { copyText: fromPromise(async ({ input }) => void copied.push(input.text)) },
          }),
        },
      }).createMachine({
        invoke: [
          { src: 'toast', systemId: 'toast' },
          { id: 'filler', src: 'filler', systemId: 'templateFiller' },
        ],
      }),
    ).start();
    const actor = parent.system.get('templateFiller') as ActorRefFrom<typeof templateFillerMachine>;
    actor.send({
      type: 'template.load',
      promptId: 8,
      template: 'a portrait of [Variable 1] at [Variable 2], [Variable 2] again, in [Variable 3]',
      variables: [
        { index: 0, label: 'Person', example: 'an old fisherman' },
        { index: 1, label: 'Place', example: 'the harbour' },
        { index: 2, label: 'Style', example: 'watercolour' },
      ],
    });
    actor.send({ type: 'variable.change', index: 1, value: 'dawn' });
    // two fields empty: each filled with its example (the first one's leading phrase stripped, as typed)
    actor.send({ type: 'template.copy' });
    await flushPromises();
    expect(copied.at(-1)).toBe('a portrait of old fisherman at dawn, dawn again, in watercolour');
    expect(toasts.at(-1)).toBe('Copied, with 2 example values');

    actor.send({ type: 'variable.change', index: 0, value: 'a red fox' });
    actor.send({ type: 'template.copy' });
    await flushPromises();
    expect(copied.at(-1)).toBe('a portrait of red fox at dawn, dawn again, in watercolour');
    expect(toasts.at(-1)).toBe('Copied, with 1 example value');

    actor.send({ type: 'variable.change', index: 2, value: 'ink' });
    actor.send({ type: 'template.copy' });
    await flushPromises();
    expect(toasts.at(-1)).toBe(COPY_MESSAGES.copied);

    // what is shown keeps the empty field's placeholder marked; only the copy takes the example
    actor.send({ type: 'template.reset' });
    expect(filledText(actor.getSnapshot().context)).toContain('[Variable 1]');
    parent.stop();
  });

  it('never copies a bare placeholder silently: one without an example is named in the toast', async () => {
    const plan = copyPlan({
      promptId: 9,
      template: 'a [Variable 1] in [Variable 2] with [Variable 4]',
      variables: [
        { index: 0, label: 'Animal', example: '' },
        { index: 1, label: 'Place', example: 'a forest' },
      ],
      values: ['', ''],
    });
    expect(plan).toEqual({
      text: 'a [Variable 1] in a forest with [Variable 4]',
      examples: 1,
      blanks: [1, 4],
    });
    expect(copyMessage(plan)).toBe(
      'Copied, with 1 example value. [Variable 1] and [Variable 4] have no value: fill them in where you paste',
    );
    expect(copyMessage({ text: 'x [Variable 2]', examples: 0, blanks: [2] })).toBe(
      'Copied. [Variable 2] has no value: fill it in where you paste',
    );
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
