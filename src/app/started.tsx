import { useEffect } from 'react';

/**
 * Marks the page as started once React has adopted or rendered it (the end-to-end tests wait for it).
 * The server renders it too (src/entry-server.tsx), so the tree, and every useId in it, is the same.
 */
export function Started() {
  useEffect(() => {
    document.documentElement.dataset.started = '';
  }, []);
  return null;
}
