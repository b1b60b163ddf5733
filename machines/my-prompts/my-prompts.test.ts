// Mutation: myPrompts
// My Prompts against its independent model (my-prompts.model.ts): every path of the model replayed on
// the machine by the shared harness, and each call it leaves to src/ failing, unprovided, with a
// message that names it.
import { describe, expect, it } from 'vitest';
import { SHELVES } from './my-prompts.selectors.ts';
import * as model from './my-prompts.model.ts';
import { describeModel, describeUnprovided } from '../../tests/support/spec-replay.ts';

describeModel(model);
describeUnprovided(model);

describe('My Prompts beside its model', () => {
  it('offers the tabs all, bought and saved, in that order', () => {
    expect(SHELVES).toEqual(['all', 'bought', 'saved']);
  });
});
