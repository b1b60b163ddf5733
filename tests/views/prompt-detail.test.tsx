import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Restored } from '../../machines/auth/session.ts';
import { fakeEffects } from '../support/fake-effects.ts';
import { fullFixture } from '../support/fixtures.ts';
import { renderApp, withSession } from './support/render-app.tsx';

const member: Restored = {
  status: 'valid',
  token: 'a.b.c',
  socialLogin: false,
  user: { memberId: 'u-1', name: 'Mina Member', avatar: '/default-avatar.svg', fruitCnt: 35 },
};

const twoVariables = fullFixture(7, {
  title: 'Harbour Portrait',
  generatorType: 3,
  promptDetail: {
    slugId: 'harbour-portrait-7',
    slug: 'harbour-portrait',
    sortId: 7,
    template: 'Write a story about [Variable 1] who finds [Variable 2].',
    variables: [
      { index: 0, label: 'Hero', example: 'an old fisherman' },
      { index: 1, label: 'Treasure', example: 'a golden key' },
    ],
  },
});

/** user-event installs its own clipboard at setup (inside renderApp): spy on it afterwards. */
const spyClipboard = () => vi.spyOn(navigator.clipboard, 'writeText');

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

const filled = () => screen.getByLabelText('Filled prompt');

describe('prompt detail: the template filler', () => {
  it('fills the prompt live, strips the leading phrase of the first variable, copies and resets', async () => {
    const { user } = await renderApp('/detail/harbour-portrait-7', {
      getPrompt: vi.fn(async () => ({ found: true, prompt: twoVariables }) as const),
    });
    const writeText = spyClipboard();
    const hero = await screen.findByRole('textbox', { name: /Hero/ });
    expect(hero).toHaveAttribute('placeholder', 'an old fisherman');
    expect(within(filled()).getByRole('button', { name: 'Fill in Variable 1: Hero' })).toHaveTextContent(
      '[Variable 1]',
    );

    await user.type(hero, 'an old fisherman');
    expect(filled()).toHaveTextContent('Write a story about old fisherman who finds [Variable 2].');
    expect(
      within(filled()).getByRole('button', { name: 'Fill in Variable 2: Treasure' }),
    ).toBeInTheDocument();
    expect(within(filled()).queryByText('[Variable 1]')).not.toBeInTheDocument();

    // ChatGPT is sent what "Copy prompt" copies: the empty field's example, never a bare placeholder
    const chatgpt = screen.getByRole('link', { name: 'Open in ChatGPT' });
    expect(chatgpt).toHaveAttribute(
      'href',
      `https://chatgpt.com/?q=${encodeURIComponent('Write a story about old fisherman who finds a golden key.')}`,
    );
    expect(chatgpt).toHaveAttribute('target', '_blank');
    expect(chatgpt.getAttribute('rel')).toContain('noopener');

    // the empty field is copied with the example it shows, and the toast says so
    await user.click(screen.getByRole('button', { name: 'Copy prompt' }));
    expect(await screen.findByText('Copied, with 1 example value')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('Write a story about old fisherman who finds a golden key.');
    expect(filled()).toHaveTextContent('Write a story about old fisherman who finds [Variable 2].');

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(hero).toHaveValue('');
    expect(filled()).toHaveTextContent('Write a story about [Variable 1] who finds [Variable 2].');
  });

  it('copying with every field empty uses both examples and says "2 example values"', async () => {
    const { user } = await renderApp('/detail/harbour-portrait-7', {
      getPrompt: vi.fn(async () => ({ found: true, prompt: twoVariables }) as const),
    });
    const writeText = spyClipboard();
    expect(
      await screen.findByText(/Fields left empty are copied with the example shown in them/),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Copy prompt' }));
    expect(await screen.findByText('Copied, with 2 example values')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('Write a story about old fisherman who finds a golden key.');
    expect(screen.queryByText('Prompt copied to your clipboard')).not.toBeInTheDocument();
  });

  it('each [Variable N] of the prompt is a button that focuses its field, named "Variable N: label"', async () => {
    const { user } = await renderApp('/detail/harbour-portrait-7', {
      getPrompt: vi.fn(async () => ({ found: true, prompt: twoVariables }) as const),
    });
    const hero = await screen.findByRole('textbox', { name: 'Variable 1: Hero' });
    const treasure = screen.getByRole('textbox', { name: 'Variable 2: Treasure' });
    const chip2 = within(filled()).getByRole('button', { name: 'Fill in Variable 2: Treasure' });
    expect(chip2).toHaveTextContent('[Variable 2]');
    await user.click(chip2);
    expect(treasure).toHaveFocus();
    await user.click(within(filled()).getByRole('button', { name: 'Fill in Variable 1: Hero' }));
    expect(hero).toHaveFocus();
    // by keyboard too: a filled variable is text, the ones still empty stay buttons
    await user.type(hero, 'a diver');
    expect(within(filled()).queryByRole('button', { name: /Variable 1/ })).not.toBeInTheDocument();
    within(filled()).getByRole('button', { name: 'Fill in Variable 2: Treasure' }).focus();
    await user.keyboard('{Enter}');
    expect(treasure).toHaveFocus();
  });

  it('an image prompt links to its generator', async () => {
    await renderApp('/detail/misty-alpine-lake-1', {}, { effects: fakeEffects() });
    expect(await screen.findByRole('link', { name: 'Open Midjourney' })).toHaveAttribute(
      'href',
      'https://www.midjourney.com',
    );
  });

  it('a locked prompt shows the call to action and no template text anywhere', async () => {
    const locked = fullFixture(2, { grade: 1, priceFruit: 30, hasAccess: 0 });
    locked.promptDetail = { ...locked.promptDetail, template: null };
    await renderApp('/detail/x-2', {
      getPrompt: vi.fn(async () => ({ found: true, prompt: locked }) as const),
    });
    expect(await screen.findByRole('heading', { name: 'Unlock this prompt' })).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('misty alpine lake with');
    expect(screen.queryByRole('button', { name: 'Copy prompt' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Filled prompt')).not.toBeInTheDocument();
  });
});

describe('prompt detail: share and save', () => {
  it('Share copies the short link and says so', async () => {
    const { user } = await renderApp('/detail/misty-alpine-lake-1', {}, { effects: fakeEffects() });
    const writeText = spyClipboard();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Share link copied to your clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('http://localhost/s/share1');
  });

  it('when the clipboard refuses, the link is shown to copy and Close hides it', async () => {
    const { user } = await renderApp('/detail/misty-alpine-lake-1', {}, { effects: fakeEffects() });
    spyClipboard().mockRejectedValue(new Error('denied'));
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const input = await screen.findByRole('textbox', { name: 'Copy this link to share the prompt' });
    expect(input).toHaveValue('http://localhost/s/share1');
    expect(input).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(
      screen.queryByRole('textbox', { name: 'Copy this link to share the prompt' }),
    ).not.toBeInTheDocument();
  });

  it('the heart toggles for a member', async () => {
    const saveFavorite = vi.fn(async () => {});
    const { user } = await renderApp(
      '/detail/misty-alpine-lake-1',
      {},
      { effects: withSession(member, { saveFavorite }) },
    );
    const heart = await screen.findByRole('button', { name: 'Save prompt' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    const pressed = await screen.findByRole('button', { name: 'Remove from saved' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(saveFavorite).toHaveBeenCalledWith({ promptId: 1, saved: true }));
  });

  it('the heart asks a visitor to log in', async () => {
    const { user } = await renderApp('/detail/misty-alpine-lake-1', {}, { effects: fakeEffects() });
    await user.click(await screen.findByRole('button', { name: 'Save prompt' }));
    expect(await screen.findByRole('dialog', { name: /Log in to/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save prompt' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('links that land on a prompt', () => {
  it('the legacy address redirects to /detail/{slugId}, keeping the query', async () => {
    const { router } = await renderApp('/detail_17.html?ref=mail', {
      getPrompt: vi.fn(async () => ({ found: true, prompt: fullFixture(17) }) as const),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/detail/misty-alpine-lake-17-17'));
    expect(router.state.location.searchStr).toBe('?ref=mail');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Misty Alpine Lake 17' }),
    ).toBeInTheDocument();
  });

  it('an unknown legacy id is "Page Not Found"', async () => {
    await renderApp('/detail_404.html');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('an unknown share link says so, with a way home', async () => {
    await renderApp('/s/nope123');
    expect(await screen.findByText('This share link does not exist or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all prompts' })).toHaveAttribute('href', '/');
  });

  it('a known share link lands on the prompt', async () => {
    const resolveShareLink = vi.fn(
      async () =>
        ({
          found: true,
          slugId: 'misty-alpine-lake-1-1',
          partner: true,
          partnerName: null,
          referrer: null,
        }) as const,
    );
    const { router } = await renderApp('/ps/partner-7', {}, { effects: fakeEffects({ resolveShareLink }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/detail/misty-alpine-lake-1-1'));
    expect(resolveShareLink).toHaveBeenCalledWith({ id: 'partner-7', partner: true });
  });
});
