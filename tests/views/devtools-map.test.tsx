// The statechart viewer's actor map and collapsible compound states (issue 17, item 5) on a real actor
// system with fake effects: the running actors by systemId and scope, the messages between them
// (declared by the machines, or seen), a node that opens its actor's chart; the session's chart opening
// with its inner compound states collapsed, and each toggled by its header button or all at once.
import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyActorRef, AnyEventObject } from 'xstate';
import { type AppSystem } from '../../src/app/app-system.ts';
import { renderViewer } from './support/viewer.tsx';

let system: AppSystem | null = null;

afterEach(() => {
  system?.stop();
  system = null;
});

async function startWithViewer() {
  const viewer = await renderViewer();
  system = viewer.system;
  return viewer;
}

const stateBox = (diagram: HTMLElement, path: string) =>
  within(diagram).queryByRole('img', { name: `state ${path}` });

// ELK's first layout and a loaded machine (two cores, other suites) take a few seconds.
describe('statechart viewer: actor map', { timeout: 60000 }, () => {
  it('maps the actors by scope and the messages between them; a node opens its chart', async () => {
    const { user, inPanel, system } = await startWithViewer();
    const tabs = inPanel.getByRole('tablist', { name: 'View' });
    expect(within(tabs).getByRole('tab', { name: 'Statechart' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(tabs).getByRole('tab', { name: 'Actor map' }));
    expect(within(tabs).getByRole('tab', { name: 'Actor map' })).toHaveAttribute('aria-selected', 'true');

    const map = await inPanel.findByRole('group', { name: 'Actor map' }, { timeout: 30000 });
    // the running actors by systemId, with their scope
    for (const [id, scope] of [
      ['app', 'root'],
      ['session', 'app'],
      ['toast', 'app'],
      ['loginDialog', 'sign-in'],
      ['cartCount', 'member'],
    ] as const) {
      expect(
        within(map).getByRole('button', { name: new RegExp(`^${id}, ${scope} scope`) }),
      ).toBeInTheDocument();
    }
    // declared: the actors that follow the session's announcements, with the events they asked for
    const follows = within(map).getByRole('img', { name: /^session → cartCount: / });
    expect(follows).toHaveAccessibleName(expect.stringContaining('declared'));

    // observed: a message one actor sends another shows as an edge, labelled with its type
    const session = system.system.get('session')!;
    const toast = system.system.get('toast')!;
    // what `sendTo` and `tell` do underneath: deliver an event from one actor to another
    const relay = (
      system.system as unknown as {
        _relay: (from: AnyActorRef, to: AnyActorRef, event: AnyEventObject) => void;
      }
    )._relay.bind(system.system);
    relay(session, toast, { type: 'toast.show', kind: 'success', message: 'Hello' });
    const observed = await within(map).findByRole('img', { name: /^session → toast: / }, { timeout: 30000 });
    expect(observed).toHaveAccessibleName(expect.stringContaining('toast.show'));
    expect(observed).toHaveAccessibleName(expect.stringMatching(/observed 1 message\b/));
    expect(observed).not.toHaveAccessibleName(expect.stringContaining('declared'));
    expect(within(observed).getByText('toast.show')).toBeInTheDocument();
    // drawn once: a second message of another type joins the same edge
    relay(session, toast, { type: 'toast.dismiss', id: 'none' });
    await waitFor(() =>
      expect(within(map).getByRole('img', { name: /^session → toast: / })).toHaveAccessibleName(
        expect.stringMatching(/toast\.show, toast\.dismiss .*observed 2 messages/),
      ),
    );
    expect(within(map).getAllByRole('img', { name: /^session → toast: / })).toHaveLength(1);

    // Enter on a node shows that actor's chart
    const node = within(map).getByRole('button', { name: /^cartCount, member scope/ });
    node.focus();
    await user.keyboard('{Enter}');
    expect(within(tabs).getByRole('tab', { name: 'Statechart' })).toHaveAttribute('aria-selected', 'true');
    expect(inPanel.getByRole('heading', { name: 'cartCount', level: 3 })).toBeInTheDocument();
    expect(inPanel.getByRole('option', { name: /^cartCount\b/ })).toHaveAttribute('aria-selected', 'true');
    await inPanel.findByRole('group', { name: 'Statechart of cartCount' }, { timeout: 30000 });

    // and a click does too
    await user.click(within(tabs).getByRole('tab', { name: 'Actor map' }));
    const again = await inPanel.findByRole('group', { name: 'Actor map' }, { timeout: 30000 });
    await user.click(within(again).getByRole('button', { name: /^toast, app scope/ }));
    expect(inPanel.getByRole('heading', { name: 'toast', level: 3 })).toBeInTheDocument();
  });

  it('moves between the views with the arrow keys', async () => {
    const { user, inPanel } = await startWithViewer();
    const tabs = inPanel.getByRole('tablist', { name: 'View' });
    within(tabs).getByRole('tab', { name: 'Statechart' }).focus();
    await user.keyboard('{ArrowRight}');
    const mapTab = within(tabs).getByRole('tab', { name: 'Actor map' });
    expect(mapTab).toHaveAttribute('aria-selected', 'true');
    expect(mapTab).toHaveFocus();
    expect(inPanel.getByRole('tabpanel', { name: 'Actor map' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(within(tabs).getByRole('tab', { name: 'Statechart' })).toHaveFocus();
  });
});

describe('statechart viewer: collapsible compound states', { timeout: 60000 }, () => {
  it('opens a large chart with its inner compound states collapsed, and toggles them', async () => {
    const { user, inPanel, system } = await startWithViewer();
    await user.click(inPanel.getByRole('option', { name: /^session\b/ }));
    const diagram = await inPanel.findByRole('group', { name: 'Statechart of session' }, { timeout: 30000 });
    expect(system.system.get('session')!.getSnapshot().value).toEqual({ loggedOut: 'idle' });

    // loggedIn holds no active state: one box, its regions and their states hidden
    expect(stateBox(diagram, 'loggedIn')).toBeInTheDocument();
    expect(stateBox(diagram, 'loggedIn.account')).not.toBeInTheDocument();
    expect(stateBox(diagram, 'loggedIn.poll.waiting')).not.toBeInTheDocument();
    expect(within(diagram).getByText(/^▸ \d+ states inside$/)).toBeInTheDocument();
    // loggedOut holds the active state: open, with the highlight
    expect(stateBox(diagram, 'loggedOut.idle')).toHaveAttribute('aria-current', 'true');
    // the transitions into loggedIn's states end at its box
    expect(within(diagram).getAllByText(/^session\.signedIn/).length).toBeGreaterThan(0);

    // a large chart names its transitions' events; the guards on demand
    const guards = inPanel.getByRole('button', { name: 'Show the transitions’ guards' });
    expect(guards).toHaveAttribute('aria-pressed', 'false');
    expect(within(diagram).queryByText('session.signedIn [toastDue]')).not.toBeInTheDocument();
    await user.click(guards);
    await within(diagram).findByText('session.signedIn [toastDue]');
    await user.click(guards);
    await waitFor(() =>
      expect(within(diagram).queryByText('session.signedIn [toastDue]')).not.toBeInTheDocument(),
    );

    // expand it with its header's button
    const expand = within(diagram).getByRole('button', { name: 'Expand loggedIn' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await user.click(expand);
    await waitFor(() => expect(stateBox(diagram, 'loggedIn.account.loading')).toBeInTheDocument());
    expect(stateBox(diagram, 'loggedIn.poll.waiting')).toBeInTheDocument();
    const collapse = within(diagram).getByRole('button', { name: 'Collapse loggedIn' });
    expect(collapse).toHaveAttribute('aria-expanded', 'true');

    // and collapse it again from the keyboard
    collapse.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(stateBox(diagram, 'loggedIn.account')).not.toBeInTheDocument());
    expect(within(diagram).getByRole('button', { name: 'Expand loggedIn' })).toHaveFocus();

    // "Collapse all": the active state's parent is one box, still highlighted
    await user.click(inPanel.getByRole('button', { name: 'Collapse all compound states' }));
    await waitFor(() => expect(stateBox(diagram, 'loggedOut.idle')).not.toBeInTheDocument());
    expect(stateBox(diagram, 'loggedOut')).toHaveAttribute('aria-current', 'true');
    expect(inPanel.getByRole('button', { name: 'Collapse all compound states' })).toBeDisabled();

    // "Expand all": every state again
    await user.click(inPanel.getByRole('button', { name: 'Expand all compound states' }));
    await waitFor(() => expect(stateBox(diagram, 'loggedIn.account.refreshing')).toBeInTheDocument());
    for (const path of ['restoring', 'loggedOut.suspended', 'loggedIn.poll.reading', 'loggingOut'])
      expect(stateBox(diagram, path)).toBeInTheDocument();
    expect(stateBox(diagram, 'loggedOut.idle')).toHaveAttribute('aria-current', 'true');
  });

  it('opens a small chart with every state shown', async () => {
    const { user, inPanel } = await startWithViewer();
    await user.click(inPanel.getByRole('option', { name: /^loginDialog\b/ }));
    const diagram = await inPanel.findByRole(
      'group',
      { name: 'Statechart of loginDialog' },
      { timeout: 30000 },
    );
    expect(stateBox(diagram, 'open.login')).toBeInTheDocument();
    expect(within(diagram).getByRole('button', { name: 'Collapse open' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});
