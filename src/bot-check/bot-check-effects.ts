// The bot check's calls (machines/bot-check/bot-check.ts): the challenge from the server, solved in a
// worker; and `takeBotProof`, how a call that needs the check (registration, guest sign-in, a visitor's
// support request) takes the solved proof from the running machine, waiting for it when it is not ready.
import { waitFor, type AnyActorRef } from 'xstate';
import type { BotChallenge } from '../../machines/bot-check/bot-check.ts';
import * as view from '../../machines/bot-check/bot-check.selectors.ts';
import { lookup } from '../../machines/system/actors.ts';
import type { ApiClient } from '../platform/api.ts';
import { APP_SYSTEM_ID } from '../../domain/system-ids.ts';

/** The actor system as an actor's `system` gives it. */
type SystemLike = { get: (id: string) => AnyActorRef | undefined };

export interface BotCheckEffects {
  fetchBotChallenge: () => Promise<BotChallenge>;
  solveBotChallenge: (challenge: BotChallenge) => Promise<string>;
}

export function createBotCheckEffects(api: ApiClient): BotCheckEffects {
  return {
    fetchBotChallenge: async () => (await api.get<{ data: BotChallenge }>('/api/bot-check/challenge')).data,
    solveBotChallenge: (challenge) =>
      new Promise<string>((resolve, reject) => {
        const worker = new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' });
        const done = () => worker.terminate();
        worker.onmessage = ({ data }: MessageEvent<{ proof?: string; error?: string }>) => {
          done();
          if (data.proof) resolve(data.proof);
          else reject(new Error(data.error ?? 'the bot check was not solved'));
        };
        worker.onerror = (event) => {
          done();
          reject(new Error(event.message || 'the bot check could not start'));
        };
        worker.postMessage(challenge);
      }),
  };
}

/**
 * The check runs with the sign-in machines (scope `signIn`): a visitor's support request asks the root to
 * load them, as a press on "Log in" would, and waits until the check is there.
 */
async function loadBotCheck(system: SystemLike) {
  const root = system.get(APP_SYSTEM_ID);
  if (!root) throw new Error(NOT_RUNNING);
  root.send({ type: 'signIn.prepare' });
  await waitFor(root, () => lookup(system, 'botCheck') !== undefined, { timeout: PROOF_WAIT_MS });
  return lookup(system, 'botCheck')!;
}

const NOT_RUNNING = 'The security check is not running. Please reload the page and try again.';

/** The longest a call waits for the check (it is usually solved while the form is filled in). */
const PROOF_WAIT_MS = 90_000;

/**
 * The solved check for one call: asks the machine for one if it has none, waits for it, tries once more
 * after a failure, and marks it used (the machine solves the next). Throws the machine's words when it
 * cannot, which the form shows.
 */
export async function takeBotProof(system: SystemLike): Promise<string> {
  const actor = lookup(system, 'botCheck') ?? (await loadBotCheck(system));
  const settled = () =>
    waitFor(actor, (s) => s.hasTag('ready') || s.hasTag('failed'), { timeout: PROOF_WAIT_MS });
  actor.send({ type: 'botCheck.prepare' });
  let snapshot = await settled();
  if (snapshot.hasTag('failed')) {
    actor.send({ type: 'botCheck.retry' });
    snapshot = await settled();
  }
  const proof = view.proof(snapshot);
  if (proof === null) throw new Error(view.error(snapshot) ?? 'The security check failed.');
  actor.send({ type: 'botCheck.used' });
  return proof;
}
