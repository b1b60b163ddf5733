// My Prompts as a member meets it: the account menu's link, the prompts by tab with their filled-in
// templates, copying one, the empty shelf and a load that fails, each found by role and name.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Restored } from '../../../../machines/auth/session.ts';
import type { Library } from '../../../../machines/my-prompts/my-prompts.ts';
import { ApiError } from '../../../platform/api.ts';
import type { AppEffects } from '../../../app/app-effects.ts';
import { fakeApi, fakeEffects } from '../../../../tests/support/fake-effects.ts';
import { cardFixture } from '../../../../tests/support/fixtures.ts';
import { renderApp } from '../../../../tests/views/support/render-app.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

const LIBRARY: Library = {
  data: [
    {
      prompt: cardFixture(7, { title: 'Neon Koi Pond', grade: 2, priceCents: 499 }),
      source: 'order',
      orderId: 31,
      since: '2026-03-02T10:00:00.000Z',
      template: 'A koi pond lit by neon signs, cinematic, 35mm',
    },
    {
      prompt: cardFixture(3, { title: 'Misty Alpine Lake', saved: true }),
      source: 'saved',
      orderId: null,
      since: '2026-02-01T10:00:00.000Z',
      template: 'A calm alpine lake under morning fog, soft pastel light',
    },
  ],
  total: 2,
};

const restored: Restored = {
  status: 'valid',
  token: 'a.b.c',
  socialLogin: false,
  user: { memberId: 'u-1', name: 'Mina Member', avatar: '/default-avatar.svg', fruitCnt: 40 },
};

async function memberApp(path: string, library: unknown, effects: Partial<AppEffects> = {}) {
  const app = await renderApp(
    path,
    {},
    { effects: fakeEffects({ api: fakeApi({ '/api/my/library': library }), ...effects }), restored },
  );
  await screen.findByRole('link', { name: /^FruitCoin balance: / });
  return app;
}

const main = () => within(screen.getByRole('main'));

describe('My Prompts', () => {
  it('is linked from the account menu, after Orders', async () => {
    await memberApp('/', LIBRARY);
    await userEvent.click(screen.getByRole('button', { name: /Account menu for Mina Member/ }));
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items.indexOf('My Prompts')).toBe(items.indexOf('Orders') + 1);
    await userEvent.click(screen.getByRole('menuitem', { name: 'My Prompts' }));
    expect(await main().findByRole('heading', { level: 1, name: 'My Prompts' })).toBeTruthy();
    expect(document.title).toBe('My Prompts — FruitPrompt');
  });

  it('lists each prompt with how it came, its filled-in template and its order', async () => {
    await memberApp('/my-prompts', LIBRARY);
    const koi = await main().findByRole('article', { name: 'Neon Koi Pond' });
    expect(within(koi).getByLabelText('Prompt text of Neon Koi Pond').textContent).toBe(
      'A koi pond lit by neon signs, cinematic, 35mm',
    );
    expect(within(koi).getByRole('link', { name: 'Order #31' }).getAttribute('href')).toBe(
      '/order-detail/31',
    );
    expect(within(koi).getByText(/^Bought/)).toBeTruthy();
    expect(main().getByRole('article', { name: 'Misty Alpine Lake' })).toBeTruthy();
    expect(main().getByRole('link', { name: /^All/ }).getAttribute('aria-current')).toBe('page');
  });

  it('shows one tab at a time: Saved keeps the saved free prompts', async () => {
    await memberApp('/my-prompts?show=saved', LIBRARY);
    await main().findByRole('article', { name: 'Misty Alpine Lake' });
    expect(main().queryByRole('article', { name: 'Neon Koi Pond' })).toBeNull();
    expect(
      main()
        .getByRole('link', { name: /^Saved/ })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('copies a prompt and says so', async () => {
    const copyText = vi.fn(async () => {});
    await memberApp('/my-prompts', LIBRARY, { copyText });
    const koi = await main().findByRole('article', { name: 'Neon Koi Pond' });
    await userEvent.click(within(koi).getByRole('button', { name: 'Copy prompt' }));
    expect(copyText).toHaveBeenCalledWith('A koi pond lit by neon signs, cinematic, 35mm');
    expect(await screen.findByText('Prompt copied. Paste it into your generator.')).toBeTruthy();
  });

  it('has a designed empty shelf with a way back to the catalog', async () => {
    await memberApp('/my-prompts?show=bought', { data: [], total: 0 });
    expect(await main().findByRole('heading', { name: 'Nothing bought yet' })).toBeTruthy();
    expect(main().getByRole('link', { name: 'Browse prompts' }).getAttribute('href')).toBe('/');
  });

  it('says why a load failed and tries again', async () => {
    let fail = true;
    const library = () => {
      if (fail) throw new ApiError("Can't reach FruitPrompt right now.", 503);
      return LIBRARY;
    };
    await memberApp('/my-prompts', library);
    expect(await main().findByRole('heading', { name: "We couldn't load your prompts" })).toBeTruthy();
    expect(main().getByRole('alert').textContent).toBe("Can't reach FruitPrompt right now.");
    fail = false;
    await userEvent.click(main().getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(main().getByRole('article', { name: 'Neon Koi Pond' })).toBeTruthy());
  });
});
