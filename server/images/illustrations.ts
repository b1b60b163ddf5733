// The illustrations the example images are composed from: Microsoft's Fluent Emoji in their flat style
// (MIT licence), as the Iconify JSON package @iconify-json/fluent-emoji-flat ships them. Read once, on the
// first image drawn; each icon is a 32×32 SVG body that compose.ts places, scales and restyles.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

interface IconSet {
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string; hFlip?: boolean }>;
  width?: number;
  height?: number;
}

let set: IconSet | null = null;

const iconSet = (): IconSet => {
  if (set === null) {
    const path = createRequire(import.meta.url).resolve('@iconify-json/fluent-emoji-flat/icons.json');
    set = JSON.parse(readFileSync(path, 'utf8')) as IconSet;
  }
  return set;
};

/** The icon's SVG body in a 32×32 box (an alias resolves to its parent, mirrored where it says so). */
export function iconBody(name: string): string {
  const icons = iconSet();
  const own = icons.icons[name];
  if (own !== undefined) return own.body;
  const alias = icons.aliases?.[name];
  const parent = alias === undefined ? undefined : icons.icons[alias.parent];
  if (alias === undefined || parent === undefined) throw new Error(`no illustration named ${name}`);
  return alias.hFlip === true ? `<g transform="matrix(-1 0 0 1 32 0)">${parent.body}</g>` : parent.body;
}

export const hasIcon = (name: string): boolean => {
  const icons = iconSet();
  return icons.icons[name] !== undefined || icons.aliases?.[name] !== undefined;
};

/** Where the illustrations come from, for the legal pages and the README. */
export const ILLUSTRATION_CREDIT = {
  name: 'Fluent Emoji (flat)',
  author: 'Microsoft',
  licence: 'MIT',
  url: 'https://github.com/microsoft/fluentui-emoji',
} as const;
