import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import { systemActor } from '../../src/app/app-system.ts';
import { renderApp } from './support/render-app.tsx';

const header = () => within(screen.getByRole('banner'));

describe('header', () => {
  it('shows the logo linking home, the search box, the category trigger and Log in', async () => {
    await renderApp('/terms');
    expect(header().getByRole('link', { name: /FruitPrompt/ })).toHaveAttribute('href', '/');
    expect(header().getByRole('search')).toBeInTheDocument();
    expect(header().getByRole('searchbox', { name: 'Search prompts' })).toBeInTheDocument();
    expect(header().getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit');
    expect(header().getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('submits the trimmed text to /search?q=', async () => {
    const { user, router } = await renderApp('/');
    await user.type(header().getByRole('searchbox', { name: 'Search prompts' }), '  neon koi pond  {Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toEqual({ q: 'neon koi pond' });
    expect(router.state.location.href).toBe('/search?q=neon+koi+pond');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Results for “neon koi pond”' }),
    ).toBeInTheDocument();
    // The box keeps the current query on /search.
    expect(header().getByRole('searchbox', { name: 'Search prompts' })).toHaveValue('neon koi pond');
  });

  it('keeps a number-like query as plain text in the URL', async () => {
    const { user, router } = await renderApp('/');
    await user.type(header().getByRole('searchbox', { name: 'Search prompts' }), '1984{Enter}');
    await waitFor(() => expect(router.state.location.href).toBe('/search?q=1984'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “1984”' })).toBeInTheDocument();
  });

  it('ignores blank text', async () => {
    const { user, router } = await renderApp('/terms');
    const box = header().getByRole('searchbox', { name: 'Search prompts' });
    await user.type(box, '    ');
    await user.click(header().getByRole('button', { name: 'Search' }));
    await user.type(box, '{Enter}');
    expect(router.state.location.pathname).toBe('/terms');
  });

  it('reads the search box from the URL when opening /search directly', async () => {
    await renderApp('/search?q=%20%20watercolor%20fox%20');
    expect(header().getByRole('searchbox', { name: 'Search prompts' })).toHaveValue('watercolor fox');
  });

  it('sends loginDialog.open to the root actor from "Log in"', async () => {
    const { user, system } = await renderApp('/');
    const send = vi.spyOn(system, 'send');
    await user.click(header().getByRole('button', { name: 'Log in' }));
    expect(send).toHaveBeenCalledWith({ type: 'loginDialog.open' });
  });
});

describe('the sign-in code, loaded with the first sign-in intent', () => {
  it('is not loaded on a first visit; a pointer on "Log in" loads it, a press opens the dialog', async () => {
    const { user, system } = await renderApp('/', {}, { signIn: 'onDemand' });
    expect(system.system.get('loginDialog')).toBeUndefined();
    const logIn = header().getByRole('button', { name: 'Log in' });
    await user.hover(logIn);
    expect(system.getSnapshot().matches({ signIn: 'absent' })).toBe(false);
    await waitFor(() => expect(system.getSnapshot().matches({ signIn: 'ready' })).toBe(true));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(logIn);
    expect(await screen.findByRole('dialog', { name: /Log in/i })).toBeInTheDocument();
  });

  it('pressed before it loads, "Log in" shows busy and the dialog opens when it arrives', async () => {
    let arrive = () => {};
    const views = new Promise<void>((resolve) => (arrive = resolve));
    const { system } = await renderApp('/', {}, { signIn: 'onDemand', loadSignInViews: () => views });
    const logIn = header().getByRole('button', { name: 'Log in' });
    // a press without a pointer or focus first (a screen reader's activation)
    act(() => logIn.click());
    expect(logIn).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => arrive());
    expect(await screen.findByRole('dialog', { name: /Log in/i })).toBeInTheDocument();
    expect(logIn).not.toHaveAttribute('aria-busy');
    expect(system.getSnapshot().context.openRequest).toBeNull();
  });

  it('cannot load: an error toast says so, and "Log in" tries again', async () => {
    let fail = true;
    const { user, system } = await renderApp(
      '/',
      {},
      {
        signIn: 'onDemand',
        loadSignInViews: async () => {
          if (fail) throw new TypeError('Failed to fetch dynamically imported module');
        },
      },
    );
    const logIn = header().getByRole('button', { name: 'Log in' });
    await user.click(logIn);
    expect(
      await screen.findByText('Sign-in could not load. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(system.getSnapshot().matches({ signIn: 'absent' })).toBe(true);
    expect(logIn).not.toHaveAttribute('aria-busy');
    fail = false;
    await user.click(logIn);
    expect(await screen.findByRole('dialog', { name: /Log in/i })).toBeInTheDocument();
  });
});

describe('category dropdown', () => {
  it('is labelled "Categories" where no category applies', async () => {
    await renderApp('/terms');
    const trigger = header().getByRole('button', { name: 'Categories' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
  });

  it('is labelled "All Prompts" on the home page', async () => {
    await renderApp('/');
    expect(header().getByRole('button', { name: 'All Prompts' })).toBeInTheDocument();
  });

  it('opens on click and marks the current category', async () => {
    const { user } = await renderApp('/category/fruit-prompts');
    const trigger = header().getByRole('button', { name: 'FruitCoin Prompts' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Categories' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'All Prompts',
      'Free Prompts',
      'FruitCoin Prompts',
      'Premium Prompts',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'FruitCoin Prompts' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Free Prompts' })).not.toHaveAttribute('aria-current');
    expect(within(menu).getByRole('menuitem', { name: 'All Prompts' })).toHaveAttribute('href', '/');
    expect(within(menu).getByRole('menuitem', { name: 'Premium Prompts' })).toHaveAttribute(
      'href',
      '/category/premium-prompts',
    );
  });

  it('closes on Escape and gives focus back to the trigger', async () => {
    const { user } = await renderApp('/');
    const trigger = header().getByRole('button', { name: 'All Prompts' });
    await user.click(trigger);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a click outside', async () => {
    const { user } = await renderApp('/terms');
    await user.click(header().getByRole('button', { name: 'Categories' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { level: 1, name: 'Terms of Service' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('is reachable by keyboard and navigates when an item is chosen', async () => {
    const { user, router } = await renderApp('/terms');
    const trigger = header().getByRole('button', { name: 'Categories' });
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'All Prompts' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'FruitCoin Prompts' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/category/fruit-prompts'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(header().getByRole('button', { name: 'FruitCoin Prompts' })).toBeInTheDocument();
  });

  it('toggles with Enter on the trigger', async () => {
    const { user } = await renderApp('/terms');
    header().getByRole('button', { name: 'Categories' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

describe('footer and toasts', () => {
  it('shows the copyright line and the legal links', async () => {
    await renderApp('/');
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText(/© \d{4} FruitPrompt\. All rights reserved\./)).toBeInTheDocument();
    expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('renders the toast queue in a polite live region and dismisses on request', async () => {
    // the toasts' delays on a clock only the test moves: the toast leaves because it was dismissed,
    // not because its 2 s were up while the test waited
    const clock = new SimulatedClock();
    const { user, system } = await renderApp('/', {}, { clock });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    act(() =>
      systemActor(system, 'toast').send({
        type: 'toast.show',
        kind: 'success',
        message: 'Saved to your library',
      }),
    );
    const message = await within(region).findByText('Saved to your library');
    expect(message.closest('.toast')).toHaveClass('toast--success');
    await user.click(within(region).getByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(message.closest('.toast')).toHaveAttribute('data-leaving', 'true'));
    // it fades for 300 ms, then is gone
    act(() => clock.increment(299));
    expect(within(region).getByText('Saved to your library')).toBeInTheDocument();
    act(() => clock.increment(1));
    expect(within(region).queryByText('Saved to your library')).not.toBeInTheDocument();
  });
});
