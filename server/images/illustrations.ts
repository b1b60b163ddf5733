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

/**
 * Drawings of our own, in the illustrations' 32×32 box and flat style, for subjects the set lacks: a
 * lighthouse standing on its rock, its lamp lit; a waterfall falling between two cliffs into its pool.
 */
const DRAWINGS: Record<string, string> = {
  '@lighthouse':
    '<path fill="#6b7280" d="M4 31c1-4 4-6 8-6h8c4 0 7 2 8 6z"/>' +
    '<path fill="#f3f4f6" d="M12.5 26 13.6 10h4.8l1.1 16z"/>' +
    '<path fill="#ef4444" d="M12.9 21.2h6.2l.3 4.8h-6.8zM13.3 14.8h5.4l.3 3.2h-6z"/>' +
    '<path fill="#374151" d="M12.6 10h6.8v1.4h-6.8z"/>' +
    '<path fill="#fde68a" d="M13.8 6.2h4.4V10h-4.4z"/>' +
    '<path fill="#ef4444" d="M12.8 6.4 16 3l3.2 3.4z"/>' +
    '<path fill="#fde68a" opacity=".55" d="M18.2 7.2 31 4.4v5.8zM13.8 7.2 1 4.4v5.8z"/>',
  '@waterfall':
    '<path fill="#4b5563" d="M1 31V9l4-3 4 2 2 3v20zM31 31V8l-5-3-3 3-2 3v20z"/>' +
    '<path fill="#6b7280" d="M3 31V12l3-2 3 2v19zM29 31V11l-3-2-3 3v19z"/>' +
    '<path fill="#65a30d" d="M1 9l4-3 4 2 2 3H8L5 8zM31 8l-5-3-3 3-2 3h3l2-3z"/>' +
    '<path fill="#93c5fd" d="M11 11h10v16H11z"/>' +
    '<path fill="#eff6ff" d="M12.5 11h1.6v16h-1.6zM16 11h1.2v16H16zM18.8 11h1.4v16h-1.4z"/>' +
    '<path fill="#60a5fa" d="M4 31c1-3 5-4 12-4s11 1 12 4z"/>' +
    '<path fill="#ffffff" d="M9 27.5c2-1.6 4-1 5-2 1 1 3 .4 4 0 1 1 3 .6 5 2-4 1-10 1-14 0z"/>',
};

/**
 * The icon's SVG body in a 32×32 box (an alias resolves to its parent, mirrored where it says so; a name
 * starting with `@` is one of our own drawings).
 */
export function iconBody(name: string): string {
  const drawn = DRAWINGS[name];
  if (drawn !== undefined) return drawn;
  const icons = iconSet();
  const own = icons.icons[name];
  if (own !== undefined) return own.body;
  const alias = icons.aliases?.[name];
  const parent = alias === undefined ? undefined : icons.icons[alias.parent];
  if (alias === undefined || parent === undefined) throw new Error(`no illustration named ${name}`);
  return alias.hFlip === true ? `<g transform="matrix(-1 0 0 1 32 0)">${parent.body}</g>` : parent.body;
}

export const hasIcon = (name: string): boolean => {
  if (Object.hasOwn(DRAWINGS, name)) return true;
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
