// `npm run mutation [machine…]` (issue 17): StrykerJS on the machines, one machine at a time, each
// with only its own tests, so a machine takes minutes rather than hours (machines are built at module
// load, so Stryker sees nearly every mutant as static and re-runs every test it is given for each).
// JSON and HTML reports go to .tmp/mutation/<machine>/; a table per machine is printed at the end.
// With no argument it runs every machine (MACHINE_TESTS).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Stryker } from '@stryker-mutator/core';

/** Each machine's file and the tests that check it (the file's own tests, or the flows it is part of). */
const MACHINE_TESTS: Record<string, { file: string; tests: string[] }> = {
  hoverMenu: { file: 'machines/shell/hover-menu.ts', tests: ['tests/machines/hover-menu.test.ts'] },
  toast: { file: 'machines/shell/toast.ts', tests: ['tests/machines/toast.test.ts'] },
  connection: { file: 'machines/shell/connection.ts', tests: ['tests/machines/connection.test.ts'] },
  seo: { file: 'machines/shell/seo.ts', tests: ['tests/machines/seo.test.ts'] },
  session: { file: 'machines/auth/session.ts', tests: ['tests/machines/session.test.ts'] },
  loginDialog: { file: 'machines/auth/login-dialog.ts', tests: ['tests/machines/login-dialog.test.ts'] },
  socialLogin: { file: 'machines/auth/social-login.ts', tests: ['tests/machines/social-login.test.ts'] },
  resendEmail: { file: 'machines/auth/resend-email.ts', tests: ['tests/machines/resend-email.test.ts'] },
  emailVerification: {
    file: 'machines/auth/email-verification.ts',
    tests: ['tests/machines/email-verification.test.ts'],
  },
  authCallback: { file: 'machines/auth/auth-callback.ts', tests: ['tests/machines/auth-callback.test.ts'] },
  promptList: {
    file: 'machines/catalog/prompt-list.ts',
    tests: ['tests/machines/prompt-list.test.ts', 'tests/machines/prompt-list-query-limit.test.ts'],
  },
  promptDetail: {
    file: 'machines/catalog/prompt-detail.ts',
    tests: ['tests/machines/prompt-detail.test.ts'],
  },
  cart: { file: 'machines/commerce/cart.ts', tests: ['tests/machines/cart.test.ts'] },
  cartCount: { file: 'machines/commerce/cart-count.ts', tests: ['tests/machines/cart-count.test.ts'] },
  checkout: { file: 'machines/commerce/checkout.ts', tests: ['tests/machines/checkout.test.ts'] },
  paymentResult: {
    file: 'machines/commerce/payment-result.ts',
    tests: ['tests/machines/payment-result.test.ts'],
  },
  buyFruitCoins: {
    file: 'machines/commerce/buy-fruitcoins.ts',
    tests: ['tests/machines/buy-fruitcoins.test.ts'],
  },
  // machines checked in the flows they are part of
  orderList: { file: 'machines/commerce/order-list.ts', tests: ['tests/machines/history-flows.test.ts'] },
  orderDetail: { file: 'machines/commerce/order-detail.ts', tests: ['tests/machines/history-flows.test.ts'] },
  fruitHistory: {
    file: 'machines/commerce/fruit-history.ts',
    tests: ['tests/machines/history-flows.test.ts'],
  },
  coupons: { file: 'machines/commerce/coupons.ts', tests: ['tests/machines/history-flows.test.ts'] },
  exchange: { file: 'machines/commerce/exchange.ts', tests: ['tests/machines/history-flows.test.ts'] },
  payOrCancel: {
    file: 'machines/commerce/pay-or-cancel.ts',
    tests: ['tests/machines/history-flows.test.ts', 'tests/machines/payment-result.test.ts'],
  },
  profile: { file: 'machines/account/profile.ts', tests: ['tests/machines/account-flows.test.ts'] },
  settings: { file: 'machines/account/settings.ts', tests: ['tests/machines/account-flows.test.ts'] },
  messages: { file: 'machines/account/messages.ts', tests: ['tests/machines/inbox-flows.test.ts'] },
  support: { file: 'machines/account/support.ts', tests: ['tests/machines/inbox-flows.test.ts'] },
  inbox: { file: 'machines/account/inbox.ts', tests: ['tests/machines/inbox-flows.test.ts'] },
  homeSections: {
    file: 'machines/catalog/home-sections.ts',
    tests: ['tests/machines/catalog-flows.test.ts'],
  },
  favorites: { file: 'machines/catalog/favorites.ts', tests: ['tests/machines/catalog-flows.test.ts'] },
  templateFiller: {
    file: 'machines/catalog/template-filler.ts',
    tests: ['tests/machines/catalog-flows.test.ts'],
  },
  share: { file: 'machines/catalog/share.ts', tests: ['tests/machines/catalog-flows.test.ts'] },
  shareLanding: {
    file: 'machines/catalog/share-landing.ts',
    tests: ['tests/machines/catalog-flows.test.ts'],
  },
  legacyRedirect: {
    file: 'machines/catalog/legacy-redirect.ts',
    tests: ['tests/machines/catalog-flows.test.ts'],
  },
  registrationSuccess: {
    file: 'machines/auth/registration-success.ts',
    tests: ['tests/machines/resend-email.test.ts'],
  },
  verifyEmailNotice: {
    file: 'machines/auth/verify-email-notice.ts',
    tests: ['tests/machines/resend-email.test.ts'],
  },
  toastItem: { file: 'machines/shell/toast-item.ts', tests: ['tests/machines/toast.test.ts'] },
  app: { file: 'machines/app/app.ts', tests: ['tests/machines/app.test.ts'] },
};

const OUT = join(process.cwd(), '.tmp', 'mutation');

/**
 * The tests a machine is mutated against: the ones named above, its independent model's replay
 * (`tests/machines/<file>.model.test.ts`, found by the machine file's name) and the build check, which
 * catches a mutant that breaks a machine at load (its test files could not be collected and would
 * report no test at all, which Stryker counts as a survivor).
 */
export function testsOf(machine: string): string[] {
  const entry = MACHINE_TESTS[machine];
  if (!entry) throw new Error(`No tests of its own for "${machine}" (scripts/mutation.ts MACHINE_TESTS)`);
  const model = `tests/machines/${basename(entry.file, '.ts')}.model.test.ts`;
  return [
    ...new Set([
      ...entry.tests,
      ...(existsSync(model) ? [model] : []),
      'tests/machines/machines-build.test.ts',
    ]),
  ];
}

interface Row {
  machine: string;
  killed: number;
  survived: number;
  noCoverage: number;
  timeout: number;
  score: string;
}

async function mutate(machine: string): Promise<Row> {
  const entry = MACHINE_TESTS[machine];
  if (!entry) throw new Error(`No tests of its own for "${machine}" (scripts/mutation.ts MACHINE_TESTS)`);
  const dir = join(OUT, machine);
  mkdirSync(dir, { recursive: true });
  // vitest.mutation.config.ts reads which tests to run from here (Stryker's workers inherit it)
  process.env.MUTATION_TESTS = testsOf(machine).join(',');
  const stryker = new Stryker({
    mutate: [entry.file],
    testRunner: 'vitest',
    vitest: { configFile: 'vitest.mutation.config.ts', related: false },
    plugins: ['@stryker-mutator/vitest-runner'],
    reporters: ['json', 'html', 'progress'],
    jsonReporter: { fileName: join(dir, 'mutation.json') },
    htmlReporter: { fileName: join(dir, 'mutation.html') },
    // one sandbox per machine, so several machines can be mutated at once
    tempDirName: join('.tmp', 'stryker-tmp', machine),
    // the sandbox needs the code and the tests, not the build, the data or the reports
    ignorePatterns: ['dist', 'data', 'bench/results', 'test-results', 'playwright-report'],
    concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
    timeoutMS: 10_000,
  });
  const results = await stryker.runMutationTest();
  const count = (status: string) => results.filter((r) => r.status === status).length;
  const killed = count('Killed');
  const survived = count('Survived');
  const noCoverage = count('NoCoverage');
  const timeout = count('Timeout');
  const detected = killed + timeout;
  const valid = detected + survived + noCoverage;
  return {
    machine,
    killed,
    survived,
    noCoverage,
    timeout,
    score: valid ? `${((detected / valid) * 100).toFixed(1)}%` : 'n/a',
  };
}

const wanted = process.argv.slice(2);
const machines = wanted.length ? wanted : Object.keys(MACHINE_TESTS);
const rows: Row[] = [];
for (const machine of machines) rows.push(await mutate(machine));
console.table(rows);
writeFileSync(join(OUT, 'scores.json'), JSON.stringify(rows, null, 2));
