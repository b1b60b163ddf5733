// Mutation: botCheck
// The bot check against its independent model (bot-check.model.ts): every path of the model replayed on
// the machine by the shared harness, and each call it leaves to src/ failing, unprovided, with a message
// that names it.
import * as model from './bot-check.model.ts';
import { describeModel, describeUnprovided } from '../../tests/support/spec-replay.ts';

describeModel(model);
describeUnprovided(model);
