import { lazy, type ComponentType } from 'react';

/**
 * A view loaded on first use (React.lazy), rendered at once when its module is already loaded:
 * `preload()` loads it ahead (tests do, so a dialog shows in the same render as its machine opens).
 */
export function lazyView<P extends object, M>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = pick(module);
      return { default: loaded };
    });
  const Lazy = lazy(preload);
  function View(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  View.preload = preload;
  return View;
}
