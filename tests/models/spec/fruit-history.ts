// Fruit History (/fruit-transactions, requirements §2: the avatar menu's "Fruit History", auth required;
// §4 Session: "the fruit balance can be updated on the current user"), written as it should behave, not
// read off the machine. The page shows the member's FruitCoin ledger twenty entries at a time, as its
// `page` search param says. Each time it is opened or its page changes it asks the server for that page
// and shows its skeleton meanwhile (also before the first load), never the previous page (or member's);
// then the page, possibly empty, or the error view with the server's words (else "Your FruitCoin history
// could not be loaded.") and "Try again", which asks for the same page again. Every page comes with the
// member's balance now, and the session is told it (so the header shows it). A load left behind changes
// nothing when it answers.
import type { LedgerPage } from '../../../domain/commerce.ts';
import type { EffectCall, SpecModel, SpecStep } from '../../support/spec-model.ts';

export interface FruitHistoryState {
  phase: 'idle' | 'loading' | 'ready' | 'error';
  /** The ledger page asked for last (null before the page was opened). */
  page: number | null;
  ledger: LedgerPage | null;
  error: string | null;
  /** What the session heard, in order. */
  heard: { type: string; fruitCnt: number }[];
  /** Calls of loads left behind that have not answered yet. */
  stale: number;
}

export const FAILED = 'Your FruitCoin history could not be loaded.';
/** Ledger entries per page. */
export const PAGE_SIZE = 20;
export const SERVER_DOWN = "Can't reach FruitPrompt right now.";

/** Sample answers: a page with an entry (balance 470 now), and an empty page (balance 650). */
export const SOME_ENTRIES: LedgerPage = {
  data: [
    {
      id: 5,
      amount: -180,
      balanceAfter: 470,
      kind: 'purchase',
      reason: 'Order #42',
      orderId: 42,
      createdAt: '2026-03-01T10:00:00.000Z',
    },
  ],
  total: 21,
  page: 2,
  pageSize: PAGE_SIZE,
  balance: 470,
};
export const NO_ENTRIES: LedgerPage = { data: [], total: 0, page: 1, pageSize: PAGE_SIZE, balance: 650 };

const pendingCalls = (s: FruitHistoryState): number => s.stale + (s.phase === 'loading' ? 1 : 0);

const next = (s: FruitHistoryState, step: SpecStep): FruitHistoryState => {
  if ('send' in step) {
    const event = step.send;
    if (event.type === 'fruit.load')
      return {
        ...s,
        phase: 'loading',
        page: event.page as number,
        ledger: null,
        error: null,
        stale: pendingCalls(s),
      };
    if (event.type === 'fruit.retry' && s.phase === 'error') return { ...s, phase: 'loading', error: null };
    return s;
  }
  if ('wait' in step) return s;
  if (s.stale > 0) return { ...s, stale: s.stale - 1 };
  if (s.phase !== 'loading') return s;
  if ('settle' in step) {
    const ledger = step.output as LedgerPage;
    return {
      ...s,
      phase: 'ready',
      ledger,
      heard: [...s.heard, { type: 'session.fruitUpdated', fruitCnt: ledger.balance }],
    };
  }
  const error = step.error;
  return { ...s, phase: 'error', error: error instanceof Error && error.message ? error.message : FAILED };
};

const calls = (before: FruitHistoryState, step: SpecStep, after: FruitHistoryState): EffectCall[] =>
  'send' in step && after.phase === 'loading' && (step.send.type === 'fruit.load' || before.phase === 'error')
    ? [{ actor: 'fetchLedger', input: { page: after.page, pageSize: PAGE_SIZE } }]
    : [];

export const fruitHistorySpec = (): SpecModel<FruitHistoryState> => ({
  name: 'fruitHistory',
  spec: 'requirements §2 (Fruit History, /fruit-transactions), §4 Session (the fruit balance)',
  initial: { phase: 'idle', page: null, ledger: null, error: null, heard: [], stale: 0 },
  steps: (s) => [
    { send: { type: 'fruit.load', page: 1 } },
    { send: { type: 'fruit.load', page: 2 } },
    { send: { type: 'fruit.retry' } },
    ...(pendingCalls(s) > 0
      ? [
          { settle: 'fetchLedger', output: SOME_ENTRIES },
          { settle: 'fetchLedger', output: NO_ENTRIES },
          { fail: 'fetchLedger', error: new Error(SERVER_DOWN) },
          { fail: 'fetchLedger', error: new Error('') },
        ]
      : []),
  ],
  next,
  calls,
  expect: (s) => ({
    // the machine's tags (its published states) and the call under way
    tags: s.phase === 'idle' ? [] : [s.phase],
    running: s.phase === 'loading' ? ['fetchLedger'] : [],
    status: s.phase === 'idle' ? 'loading' : s.phase,
    error: s.error,
    ledger: s.ledger,
    sessionHeard: s.heard,
  }),
  // the balances told are part of the state (what the session heard), but a title names the last
  label: (s) =>
    `${s.phase}${s.page ? ` page ${s.page}` : ''}${
      s.phase === 'ready' ? ` (${s.ledger?.data.length} entries, balance ${s.ledger?.balance})` : ''
    }${s.phase === 'error' ? ` "${s.error}"` : ''}${s.stale ? ` +${s.stale} left behind` : ''}${
      s.heard.length ? ` [session told ${s.heard.map((h) => h.fruitCnt).join(', ')}]` : ''
    }`,
  maxDepth: 4,
});
