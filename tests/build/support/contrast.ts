// WCAG 2.x contrast of the design tokens (src/styles/tokens.css): CSS colours parsed, custom properties
// resolved, relative luminance and contrast ratio as the WCAG defines them.
// https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio, https://www.w3.org/TR/WCAG21/#dfn-relative-luminance
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './bundle.ts';

export const STYLES = join(ROOT, 'src', 'styles');

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0..1 */
  a: number;
}

const NAMED: Record<string, Rgba> = {
  white: { r: 255, g: 255, b: 255, a: 1 },
  black: { r: 0, g: 0, b: 0, a: 1 },
  transparent: { r: 0, g: 0, b: 0, a: 0 },
};

const stripComments = (css: string): string => css.replace(/\/\*[\s\S]*?\*\//g, '');

/** The custom properties of the `:root` rules (outside media queries) of a stylesheet. */
export function customProperties(css: string): Map<string, string> {
  const props = new Map<string, string>();
  const text = stripComments(css);
  // Only top-level `:root { … }` blocks: the media-query overrides change sizes, not colours.
  const top = text.replace(/@media[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, '');
  for (const block of top.matchAll(/:root\s*\{([^{}]*)\}/g)) {
    for (const decl of block[1]!.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) props.set(decl[1]!, decl[2]!.trim());
  }
  return props;
}

export const readTokens = (): Map<string, string> =>
  customProperties(readFileSync(join(STYLES, 'tokens.css'), 'utf8'));

/** A custom property's value with every var() replaced, recursively. */
export function resolveVars(value: string, props: Map<string, string>, depth = 0): string {
  if (depth > 20) throw new Error(`var() cycle in ${value}`);
  return value.replace(/var\(\s*(--[\w-]+)\s*(?:,\s*([^()]*))?\)/g, (_, name: string, fallback?: string) => {
    const next = props.get(name) ?? fallback;
    if (next === undefined) throw new Error(`undefined custom property ${name}`);
    return resolveVars(next, props, depth + 1);
  });
}

/** A CSS colour: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba() (comma or space syntax), a few names. */
export function parseColor(text: string): Rgba | null {
  const value = text.trim().toLowerCase();
  if (value in NAMED) return NAMED[value]!;
  const hex = /^#([0-9a-f]{3,8})$/.exec(value)?.[1];
  if (hex !== undefined) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    if (full.length !== 6 && full.length !== 8) return null;
    const byte = (i: number) => parseInt(full.slice(i, i + 2), 16);
    return { r: byte(0), g: byte(2), b: byte(4), a: full.length === 8 ? byte(6) / 255 : 1 };
  }
  const fn = /^rgba?\(([^)]*)\)$/.exec(value)?.[1];
  if (fn !== undefined) {
    const parts = fn
      .replace(/\//g, ' ')
      .split(/[\s,]+/)
      .filter(Boolean);
    if (parts.length < 3) return null;
    const channel = (p: string) => (p.endsWith('%') ? (parseFloat(p) * 255) / 100 : parseFloat(p));
    const alpha =
      parts[3] === undefined ? 1 : parts[3].endsWith('%') ? parseFloat(parts[3]) / 100 : parseFloat(parts[3]);
    return { r: channel(parts[0]!), g: channel(parts[1]!), b: channel(parts[2]!), a: alpha };
  }
  return null;
}

/** A translucent colour over an opaque one. */
export const over = (top: Rgba, bottom: Rgba): Rgba => ({
  r: top.r * top.a + bottom.r * (1 - top.a),
  g: top.g * top.a + bottom.g * (1 - top.a),
  b: top.b * top.a + bottom.b * (1 - top.a),
  a: 1,
});

export function relativeLuminance({ r, g, b }: Rgba): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(a: Rgba, b: Rgba): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour stops of a linear/radial gradient (their colours only). */
export function gradientStops(value: string): Rgba[] | null {
  const inner = /^(?:linear|radial)-gradient\(([\s\S]*)\)$/.exec(value.trim())?.[1];
  if (inner === undefined) return null;
  const args: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of inner) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      args.push(current.trim());
      current = '';
    } else current += ch;
  }
  args.push(current.trim());
  const stops = args
    .map((arg) => /^(#[0-9a-f]+|rgba?\([^)]*\)|[a-z]+)/i.exec(arg)?.[1])
    .map((c) => (c === undefined ? null : parseColor(c)))
    .filter((c): c is Rgba => c !== null);
  return stops.length >= 2 ? stops : null;
}

export interface CssRule {
  file: string;
  selector: string;
  declarations: Map<string, string>;
}

/** The innermost rules of every stylesheet of src/styles (media-query contents included). */
export function cssRules(): CssRule[] {
  const rules: CssRule[] = [];
  for (const file of readdirSync(STYLES)
    .filter((f) => f.endsWith('.css'))
    .sort()) {
    const text = stripComments(readFileSync(join(STYLES, file), 'utf8'));
    for (const match of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      const declarations = new Map<string, string>();
      for (const decl of match[2]!.split(';')) {
        const at = decl.indexOf(':');
        if (at > 0) declarations.set(decl.slice(0, at).trim(), decl.slice(at + 1).trim());
      }
      rules.push({ file, selector: match[1]!.trim().replace(/\s+/g, ' '), declarations });
    }
  }
  return rules;
}

export const hexOf = ({ r, g, b }: Rgba): string =>
  '#' + [r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('');
