// The development statechart viewer (issue 8). src/main.tsx imports this module only behind
// `import.meta.env.DEV`, so none of it reaches a production build (tests/build/devtools-bundle.test.ts).
//
// The inspection observer collects from the first actor on; the panel itself (React view, ELK) loads
// the first time it opens: with `?devtools` in the address or Ctrl+Shift+X (⌘⇧X on macOS).
import type { AnyActorRef, InspectionEvent, Observer } from 'xstate';
import { InspectionCollector } from './collector.ts';
import type { MountedPanel } from './mount.tsx';

export interface Devtools {
  /** Push into the system's inspection observers before it starts. */
  inspect: Observer<InspectionEvent>;
  /** After the system started: listens for the shortcut and opens at once with `?devtools`. */
  attach: (root: AnyActorRef) => void;
  toggle: (autoFocus?: boolean) => Promise<void>;
}

/** Ctrl+Shift+X, or ⌘⇧X on macOS; the physical X key, whatever the keyboard layout. */
export function isShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && event.shiftKey && !event.altKey && event.code === 'KeyX';
}

export function createDevtools(): Devtools {
  const collector = new InspectionCollector();
  let root: AnyActorRef | null = null;
  let mounted: Promise<MountedPanel> | null = null;
  let open = false;
  let selection: string | null = null;
  let returnFocus: HTMLElement | null = null;

  const render = async (autoFocus: boolean) => {
    if (!root) return;
    mounted ??= import('./mount.tsx').then((m) => m.mountPanel(() => void toggle()));
    const panel = await mounted;
    if (!open) {
      // give focus back only if it was in the panel
      const hadFocus = document.activeElement?.closest('#fruit-devtools-root') != null;
      panel.render(null);
      if (hadFocus) returnFocus?.focus();
      return;
    }
    panel.render({
      collector,
      root,
      initialSelection: selection,
      autoFocus,
      onSelect: (sessionId) => {
        selection = sessionId;
      },
      onClose: () => void toggle(),
    });
  };

  const toggle = async (autoFocus = true) => {
    open = !open;
    if (open) returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    await render(autoFocus);
  };

  return {
    inspect: collector.observer,
    toggle,
    attach(actor) {
      root = actor;
      selection = actor.sessionId;
      window.addEventListener('keydown', (event) => {
        if (!isShortcut(event) || event.repeat) return;
        event.preventDefault();
        void toggle();
      });
      if (new URLSearchParams(location.search).has('devtools')) void toggle(false);
    },
  };
}
