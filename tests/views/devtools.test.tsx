// The development statechart viewer (src/devtools/) on a real actor system with fake effects: the
// actor list, the laid-out statechart with its active state, context, last events and "Send event".
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InspectionCollector } from '../../src/devtools/collector.ts';
import { DevtoolsPanel } from '../../src/devtools/panel.tsx';
import { prepareMember, startAppSystem, whenAttached, type AppSystem } from '../../src/app/app-system.ts';
import { fakeEffects } from '../support/fake-effects.ts';

let system: AppSystem | null = null;

afterEach(() => {
  system?.stop();
  system = null;
});

async function startWithViewer() {
  const collector = new InspectionCollector();
  system = startAppSystem({ effects: fakeEffects(), inspect: collector.observer });
  // the sign-in machines, as after a first sign-in intent (the tests look at the login dialog's chart),
  system.send({ type: 'signIn.prepare' });
  await whenAttached(system, 'loginDialog');
  // and the member's (the cart count's chart is shown below)
  await prepareMember(system);
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(<DevtoolsPanel collector={collector} root={system} onClose={onClose} />);
  const panel = screen.getByRole('complementary', { name: 'Statechart viewer' });
  return { collector, system, user, onClose, panel, inPanel: within(panel) };
}

const stateBox = (diagram: HTMLElement, path: string) =>
  within(diagram).getByRole('img', { name: `state ${path}` });

// ELK's first layout and a loaded machine (two cores, other suites) take a few seconds.
describe('statechart viewer', { timeout: 60000 }, () => {
  it('lists the running actors by systemId', async () => {
    const { inPanel } = await startWithViewer();
    const list = inPanel.getByRole('listbox', { name: 'Running actors' });
    const keyed = within(list).getByRole('group', { name: /By systemId/ });
    for (const id of ['app', 'session', 'cartCount', 'loginDialog', 'toast', 'categoryMenu', 'accountMenu']) {
      expect(within(keyed).getByRole('option', { name: new RegExp(`^${id}\\b`) })).toBeInTheDocument();
    }
    // the hover menus run one machine under two systemIds; the option says which
    expect(within(keyed).getByRole('option', { name: /^categoryMenu/ })).toHaveTextContent('hoverMenu');
    expect(inPanel.getByText(/Select an actor/)).toBeInTheDocument();
  });

  it(
    'shows the selected actor’s statechart, active state, context, and sends it events',
    { timeout: 60000 },
    async () => {
      const { user, inPanel, system } = await startWithViewer();
      await user.click(inPanel.getByRole('option', { name: /^loginDialog\b/ }));
      expect(inPanel.getByRole('option', { name: /^loginDialog\b/ })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      expect(inPanel.getByRole('heading', { name: 'loginDialog', level: 3 })).toBeInTheDocument();

      // ELK lays the chart out (elk.bundled.js, no worker in jsdom)
      const diagram = await inPanel.findByRole(
        'group',
        { name: 'Statechart of loginDialog' },
        { timeout: 30000 },
      );
      for (const path of [
        'closed',
        'open',
        'open.providers',
        'open.login',
        'open.register',
        'open.loggingIn',
        'open.signedIn',
      ]) {
        expect(stateBox(diagram, path)).toBeInTheDocument();
      }
      expect(within(diagram).getByText('loggingIn')).toBeInTheDocument();
      expect(within(diagram).getByText('invoke emailLogin')).toBeInTheDocument();
      expect(within(diagram).getByText('dialog.continueWithEmail')).toBeInTheDocument();
      // guarded transitions name their guard; one that stays in its state is listed in the state's box
      expect(within(diagram).getByText('↻ login.submit [loginInvalid]')).toBeInTheDocument();
      expect(within(diagram).getByText('onDone emailLogin [succeeded]')).toBeInTheDocument();
      expect(stateBox(diagram, 'closed')).toHaveAttribute('aria-current', 'true');
      expect(stateBox(diagram, 'open.login')).not.toHaveAttribute('aria-current');
      expect(inPanel.getByText(/^Active:/)).toHaveTextContent('Active: closed');

      const context = inPanel.getByRole('group', { name: 'Context of loginDialog' });
      expect(context).toHaveTextContent('callbackUrl');
      expect(context).toHaveTextContent(`callbackUrl: "${location.origin}/auth/callback"`);
      expect(context).toHaveTextContent('provider: "Google"');

      // the events the closed state handles are offered
      const offered = inPanel.getByRole('group', { name: 'Events this state handles' });
      await user.click(within(offered).getByRole('button', { name: 'dialog.open' }));
      const form = inPanel.getByRole('form', { name: 'Send an event to loginDialog' });
      expect(within(form).getByLabelText('Event type')).toHaveValue('dialog.open');

      // an invalid payload is refused with a message, and nothing is sent
      const payload = within(form).getByLabelText(/^Payload/);
      await user.click(payload);
      await user.paste('{"mode": ');
      await user.click(within(form).getByRole('button', { name: 'Send event' }));
      expect(payload).toHaveAttribute('aria-invalid', 'true');
      expect(payload).toHaveAccessibleDescription(/not valid JSON/);
      expect(system.system.get('loginDialog')?.getSnapshot().value).toBe('closed');

      await user.clear(payload);
      await user.paste('{"mode": "login", "rememberedEmail": "demo@example.com"}');
      await user.click(within(form).getByRole('button', { name: 'Send event' }));
      expect(payload).not.toHaveAttribute('aria-invalid');
      expect(within(form).getByRole('status')).toHaveTextContent('Sent dialog.open to loginDialog.');

      // the highlight follows the actor
      await waitFor(() => expect(stateBox(diagram, 'open.login')).toHaveAttribute('aria-current', 'true'));
      expect(stateBox(diagram, 'open')).toHaveAttribute('aria-current', 'true');
      expect(stateBox(diagram, 'closed')).not.toHaveAttribute('aria-current');
      expect(inPanel.getByText(/^Active:/)).toHaveTextContent('Active: open.login');
      expect(context).toHaveTextContent('email: "demo@example.com"');

      // the event is the newest in the list, with its payload
      const events = inPanel.getByRole('list', { name: 'Last events, newest first' });
      const newest = within(events).getAllByRole('listitem')[0]!;
      expect(newest).toHaveTextContent('dialog.open');
      expect(newest).toHaveTextContent('from outside');
      expect(within(newest).getByRole('group', { name: 'Payload of dialog.open' })).toHaveTextContent(
        'mode: "login"',
      );

      // events sent by the views or other actors land there too
      system.system.get('loginDialog')?.send({ type: 'dialog.toRegister' });
      await waitFor(() => expect(stateBox(diagram, 'open.register')).toHaveAttribute('aria-current', 'true'));
      expect(within(events).getAllByRole('listitem')[0]).toHaveTextContent('dialog.toRegister');
    },
  );

  it('refuses an empty event type and a payload that is not an object', async () => {
    const { user, inPanel } = await startWithViewer();
    await user.click(inPanel.getByRole('option', { name: /^toast\b/ }));
    const form = inPanel.getByRole('form', { name: 'Send an event to toast' });
    await user.click(within(form).getByRole('button', { name: 'Send event' }));
    expect(within(form).getByLabelText('Event type')).toHaveAccessibleDescription(/Enter an event type/);
    await user.type(within(form).getByLabelText('Event type'), 'toast.show');
    await user.type(within(form).getByLabelText(/^Payload/), '[[1, 2]');
    await user.click(within(form).getByRole('button', { name: 'Send event' }));
    expect(within(form).getByLabelText(/^Payload/)).toHaveAccessibleDescription(/must be a JSON object/);
  });

  it('moves through the actors with the arrow keys and closes on Escape', async () => {
    const { user, inPanel, onClose } = await startWithViewer();
    const list = inPanel.getByRole('listbox', { name: 'Running actors' });
    list.focus();
    await user.keyboard('{Home}');
    expect(inPanel.getByRole('option', { name: /^app\b/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    const second = within(list).getAllByRole('option')[1]!;
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(list).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
