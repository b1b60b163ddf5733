// Mounts the panel in its own React root, in a container appended to <body>, apart from the app tree.
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { DevtoolsPanel, type PanelProps } from './panel.tsx';

export interface MountedPanel {
  render: (props: PanelProps | null) => void;
}

/**
 * The app's modal dialogs keep focus inside themselves (a document `focusin` listener and a Tab trap
 * in the capture phase). The panel is no part of the page: focus moving inside it, and Tab or Escape
 * pressed in it, are kept from the page's listeners, so the viewer stays usable over an open dialog.
 */
function isolate(container: HTMLElement, onEscape: () => void): void {
  container.addEventListener('focusin', (event) => event.stopPropagation());
  window.addEventListener(
    'keydown',
    (event) => {
      if (!(event.target instanceof Node) || !container.contains(event.target)) return;
      if (event.key === 'Tab') event.stopPropagation();
      if (event.key === 'Escape') {
        event.stopPropagation();
        onEscape();
      }
    },
    true,
  );
}

export function mountPanel(onEscape: () => void, doc: Document = document): MountedPanel {
  const container = doc.createElement('div');
  container.id = 'fruit-devtools-root';
  doc.body.append(container);
  isolate(container, onEscape);
  const root: Root = createRoot(container);
  return {
    render: (props) =>
      root.render(
        props ? (
          <StrictMode>
            <DevtoolsPanel {...props} />
          </StrictMode>
        ) : null,
      ),
  };
}
