// The statechart viewer's "Fit" (issue 17, item 5): the session's chart, the largest, shown whole and
// readable in the docked panel. jsdom has no layout, so the panel and the chart's scroll area get the
// sizes Chromium gives them at 1280×800 (a 448 px panel, a 700×309 scroll area, 139 px of the panel's
// height above it) and the scroll area follows the panel's height when it grows.
import { waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { READABLE_SCALE } from '../../src/devtools/diagram.tsx';
import { type AppSystem } from '../../src/app/app-system.ts';
import { renderViewer } from './support/viewer.tsx';

const DOCKED = { panel: 448, above: 139, width: 700 };

let system: AppSystem | null = null;
let styleWatch: MutationObserver | null = null;

/** A ResizeObserver that reports on observe and whenever an element's inline style changes. */
function stubLayout() {
  const observers = new Set<{ fire: () => void }>();
  class SizedObserver {
    private readonly targets = new Set<Element>();
    constructor(private readonly callback: ResizeObserverCallback) {}
    readonly fire = () => {
      if (this.targets.size === 0) return;
      const entries = [...this.targets].map((target) => ({ target }) as ResizeObserverEntry);
      this.callback(entries, this as unknown as ResizeObserver);
    };
    observe(target: Element) {
      this.targets.add(target);
      observers.add(this);
      queueMicrotask(this.fire);
    }
    unobserve(target: Element) {
      this.targets.delete(target);
    }
    disconnect() {
      this.targets.clear();
      observers.delete(this);
    }
  }
  vi.stubGlobal('ResizeObserver', SizedObserver);
  vi.stubGlobal('innerHeight', 800);
  // devtools.css is not loaded here: the scroll area's padding, as a stylesheet would give it
  const style = document.createElement('style');
  style.textContent = '.fruit-devtools-canvas { padding: 0px; }';
  document.head.append(style);
  styleWatch = new MutationObserver(() => observers.forEach((observer) => observer.fire()));
  styleWatch.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['style'] });

  const panelHeight = () => {
    const panel = document.querySelector<HTMLElement>('.fruit-devtools');
    return panel?.style.height ? parseFloat(panel.style.height) : DOCKED.panel;
  };
  const isCanvas = (element: Element) => element.classList.contains('fruit-devtools-canvas');
  const width = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth')!;
  const height = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!;
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
    return isCanvas(this) ? DOCKED.width : (width.get!.call(this) as number);
  });
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return isCanvas(this) ? panelHeight() - DOCKED.above : (height.get!.call(this) as number);
  });
  const rect = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (!this.classList.contains('fruit-devtools')) return rect.call(this);
    const h = panelHeight();
    return {
      x: 0,
      y: 800 - h,
      top: 800 - h,
      left: 0,
      width: 1280,
      height: h,
      right: 1280,
      bottom: 800,
    } as DOMRect;
  });
}

beforeEach(stubLayout);

afterEach(() => {
  system?.stop();
  system = null;
  styleWatch?.disconnect();
  document.head.querySelectorAll('style').forEach((style) => style.remove());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function openSessionChart() {
  const viewer = await renderViewer();
  system = viewer.system;
  const { user, inPanel } = viewer;
  await user.click(inPanel.getByRole('option', { name: /^session\b/ }));
  const diagram = await inPanel.findByRole('group', { name: 'Statechart of session' }, { timeout: 30000 });
  const tools = inPanel.getByRole('toolbar', { name: 'Diagram tools' });
  return { user, inPanel, diagram, tools };
}

const stateBox = (diagram: HTMLElement, path: string) =>
  within(diagram).queryByRole('img', { name: `state ${path}` });

/** The scale the toolbar shows, e.g. 0.7 for "70%". */
const shownScale = (tools: HTMLElement) =>
  Number(
    within(tools)
      .getByText(/^\d+%$/)
      .textContent!.slice(0, -1),
  ) / 100;

// ELK lays the session's chart out several times (two cores, other suites): a few seconds.
describe('statechart viewer: Fit', { timeout: 90000 }, () => {
  it('shows the session chart whole at a readable scale in the docked panel, collapsing what it must', async () => {
    const { user, diagram, tools } = await openSessionChart();

    // it opens fitted: the whole chart at 70% or more, the panel grown for it. "Fit" is planned with
    // several ELK layouts (seconds on a busy machine), and the button reads "Fit" before the plan is
    // done: the plan's outcome, the note of what it collapsed, is what the test waits for.
    const fit = within(tools).getByRole('button', { name: 'Fit the whole chart' });
    // loggedIn (no active state inside) is one box; the active state's path is open and highlighted
    await waitFor(
      () => expect(within(tools).getByRole('status')).toHaveTextContent('loggedIn collapsed to fit'),
      { timeout: 30000 },
    );
    await waitFor(() => expect(fit).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(shownScale(tools)).toBeGreaterThanOrEqual(READABLE_SCALE));
    expect(stateBox(diagram, 'loggedIn')).toBeInTheDocument();
    expect(stateBox(diagram, 'loggedIn.account')).not.toBeInTheDocument();
    expect(stateBox(diagram, 'loggedOut.idle')).toHaveAttribute('aria-current', 'true');

    // "Expand all" brings every state back (too large to read whole: the note goes)
    await user.click(within(tools).getByRole('button', { name: 'Expand all compound states' }));
    await waitFor(() => expect(stateBox(diagram, 'loggedIn.poll.waiting')).toBeInTheDocument());
    for (const path of ['loggedIn.account.refreshing', 'loggedOut.suspended', 'loggingOut'])
      expect(stateBox(diagram, path)).toBeInTheDocument();
    expect(within(tools).queryByRole('status')).not.toBeInTheDocument();
    await waitFor(() => expect(shownScale(tools)).toBeLessThan(READABLE_SCALE));

    // "Fit" again: readable, collapsed as before
    await user.click(fit);
    await waitFor(() => expect(stateBox(diagram, 'loggedIn.account')).not.toBeInTheDocument(), {
      timeout: 30000,
    });
    await waitFor(() => expect(shownScale(tools)).toBeGreaterThanOrEqual(READABLE_SCALE));
    expect(stateBox(diagram, 'loggedOut.idle')).toHaveAttribute('aria-current', 'true');
    expect(within(tools).getByRole('status')).toHaveTextContent('loggedIn collapsed to fit');

    // the collapsed state opens from the keyboard, by its header's button
    within(diagram).getByRole('button', { name: 'Expand loggedIn' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(stateBox(diagram, 'loggedIn.account.loading')).toBeInTheDocument());
    expect(within(tools).queryByRole('status')).not.toBeInTheDocument();
  });
});
