// One stylesheet per rendered page (issue 18). A page the server renders links the shell's stylesheet and
// its route's (server/render/styles.ts): five files for a detail page, each render-blocking, and on a
// phone's connection each one past the first waits for a connection of its own before the page can paint.
// After the client build is written, this plugin writes, for each page, one file holding those stylesheets
// in their link order (`assets/page-<hash>.css`, the hash of its content, with its brotli and gzip siblings
// like every asset, scripts/vite-precompress.ts), and lists them in `.vite/page-styles.json` by the list
// of stylesheets each holds, which the server reads with the manifest. The page's own stylesheets stay as
// they are: a client-side visit to another page still fetches only what that page adds.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import type { PagePath } from '../domain/pages.ts';
import {
  CONTENT_PAGES,
  shellStylesheets,
  STYLE_BUNDLES_FILE,
  styleListKey,
  stylesheetsOfPage,
  type Manifest,
  type StyleBundles,
} from '../server/render/styles.ts';
import { brotliOf, gzipOf } from './vite-precompress.ts';

/** The files to write: for each list of stylesheets a page links (the shell's first), its bundle. */
export async function pageStyleBundles(
  manifest: Manifest,
  read: (href: string) => Promise<Buffer>,
): Promise<{ bundles: StyleBundles; files: Map<string, Buffer> }> {
  const shell = shellStylesheets(manifest);
  const bundles: StyleBundles = {};
  const files = new Map<string, Buffer>();
  // the pages rendered with their content link stylesheets; a member's page is the shell's header and footer
  const pages: (PagePath | null)[] = [...CONTENT_PAGES, null];
  for (const page of pages) {
    const own = stylesheetsOfPage(manifest, page);
    // a page with no stylesheet of its own links the shell's alone, which is one file already
    if (own.length === 0 || shell.length === 0) continue;
    const listed = [...shell, ...own];
    const key = styleListKey(listed);
    if (bundles[key]) continue;
    // one rule set after another, as the browser would read the separate files in link order
    const parts = await Promise.all(listed.map(read));
    const css = Buffer.concat(parts.flatMap((part) => [part, Buffer.from('\n')]));
    const hash = createHash('sha256').update(css).digest('base64url').slice(0, 8);
    const href = `/assets/page-${hash}.css`;
    bundles[key] = href;
    files.set(href, css);
  }
  return { bundles, files };
}

export function pageStyles(): Plugin {
  let log: (message: string) => void = () => {};
  return {
    name: 'fruitprompt:page-styles',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      log = (message) => config.logger.info(message);
    },
    async writeBundle(output) {
      const dir = output.dir;
      if (dir === undefined) return;
      const manifestText = await readFile(join(dir, '.vite', 'manifest.json'), 'utf8').catch(() => null);
      if (manifestText === null) return;
      const { bundles, files } = await pageStyleBundles(JSON.parse(manifestText) as Manifest, (href) =>
        readFile(join(dir, href)),
      );
      await Promise.all(
        [...files].map(async ([href, css]) => {
          const path = join(dir, href);
          const [br, gz] = await Promise.all([brotliOf(css, path), gzipOf(css)]);
          await Promise.all([writeFile(path, css), writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
      await writeFile(join(dir, '.vite', STYLE_BUNDLES_FILE), JSON.stringify(bundles, null, 2));
      log(`page stylesheets: ${files.size} files for ${CONTENT_PAGES.length + 1} rendered pages`);
    },
  };
}
