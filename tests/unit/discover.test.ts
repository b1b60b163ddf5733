// The lists a new page no longer edits (issue 36): the registry and the page table written from what
// the files declare (scripts/discover.ts), the page modules found by file name (src/app/app-system.ts),
// and the committed lists current.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGISTRY, idsIn } from '../../machines/app/registry.ts';
import {
  declaredPages,
  fullPathOf,
  pageModules,
  registryFile,
  registryParts,
  staleGenerated,
} from '../../scripts/discover.ts';
import { PAGE_MODULES } from '../../src/routes/-lib/page-modules.gen.ts';
import { PAGES } from '../../domain/pages.ts';

/** A scratch tree with these files (path → text). */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'discover-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('scripts/discover.ts', () => {
  it('leaves the committed lists as their sources say', () => {
    expect(staleGenerated()).toEqual([]);
  });

  it("gathers every feature's registry, a machine file's own among them", () => {
    const files = registryParts().map((p) => p.file);
    expect(files).toContain('machines/commerce/registry.ts');
    expect(files).toContain('machines/my-prompts/my-prompts.ts');
    expect(REGISTRY.myPrompts).toBe('myPrompts');
    expect(REGISTRY.cart).toBe('member');
  });

  it('refuses a systemId registered twice, naming both files', () => {
    const root = tree({
      'machines/a/registry.ts': "export const registry = { cart: 'member' } as const;",
      'machines/b/b.ts': "export const registry = { cart: 'b' } as const;",
    });
    expect(() => registryFile(root)).toThrow(
      'machines/b/b.ts: systemId "cart" is already registered by machines/a/registry.ts',
    );
  });

  it('reads only plain data, and says where it is not', () => {
    const root = tree({ 'machines/a/a.ts': "const s = 'x';\nexport const registry = { a: s } as const;" });
    expect(() => registryParts(root)).toThrow('machines/a/a.ts: not plain data: s');
  });

  it("reads a route's page from its export, by full path", () => {
    const root = tree({
      'src/routes/_member/shelf/route.tsx':
        "export const page = { title: 'Shelf', private: true } as const;\nexport const Route = createFileRoute('/_member/shelf')({ component: Shelf });",
      'src/routes/_member/shelf/-helper.tsx': "export const page = { title: 'No' };",
      'src/routes/about.tsx': "export const Route = createFileRoute('/about')({ component: About });",
    });
    expect(declaredPages(root)).toEqual([
      { file: 'src/routes/_member/shelf/route.tsx', path: '/shelf', page: { title: 'Shelf', private: true } },
    ]);
    expect(PAGES['/my-prompts']).toMatchObject({ title: 'My Prompts', private: true });
  });

  it.each([
    ['/_member/coupons', '/coupons'],
    ['/category/', '/category/'],
    ['/_member/my-prompts', '/my-prompts'],
    ['/', '/'],
  ])('takes %s for the full path %s', (id, path) => {
    expect(fullPathOf(id)).toBe(path);
  });
});

describe('the page modules', () => {
  it('are found by their file names, beside a route too', () => {
    const found = Object.fromEntries(pageModules().map(({ name, file }) => [name, file]));
    expect(found.history).toBe('src/commerce/history-logic.ts');
    expect(found.signInLink).toBe('src/auth/sign-in-link-logic.ts');
    expect(found.myPrompts).toBe('src/routes/_member/my-prompts/-my-prompts-logic.ts');
  });

  it('say which page module has no file', () => {
    const root = tree({ 'machines/a/a.ts': "export const registry = { shelf: 'shelf' } as const;" });
    expect(() => pageModules(root)).toThrow(
      'The page module "shelf" needs exactly one file src/**/shelf-logic.ts',
    );
  });

  it('provide every page module the registry names, and nothing else', () => {
    const named = [...new Set(idsIn('page').map((id) => REGISTRY[id]))].sort();
    expect(Object.keys(PAGE_MODULES).sort()).toEqual(named);
  });
});
