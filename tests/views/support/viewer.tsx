// The statechart viewer on a real actor system with fake effects: the member's machines running, the
// sign-in machines loaded, and the docked panel rendered.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { InspectionCollector } from '../../../src/devtools/collector.ts';
import { DevtoolsPanel } from '../../../src/devtools/panel.tsx';
import { prepareMember, startAppSystem, whenAttached } from '../../../src/app/app-system.ts';
import { fakeEffects } from '../../support/fake-effects.ts';

export async function renderViewer() {
  const collector = new InspectionCollector();
  const system = startAppSystem({ effects: fakeEffects(), inspect: collector.observer });
  system.send({ type: 'signIn.prepare' });
  await whenAttached(system, 'loginDialog');
  await prepareMember(system);
  const user = userEvent.setup();
  render(<DevtoolsPanel collector={collector} root={system} onClose={vi.fn()} />);
  const inPanel = within(screen.getByRole('complementary', { name: 'Statechart viewer' }));
  return { collector, system, user, inPanel };
}
