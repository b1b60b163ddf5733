// The first page's icons are drawn from one SVG file of symbols (src/ui/first-paint-icons.svg, issue 18):
// each icon component points a <use> at its own symbol, which the file must hold with the line style,
// as the drawings themselves are no longer in the start-up code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as icons from '../../src/ui/first-paint-icons.tsx';
import { Icon } from '../../src/ui/icons.tsx';

const sprite = readFileSync(join(import.meta.dirname, '../../src/ui/first-paint-icons.svg'), 'utf8');
const symbols = new Map(
  [...sprite.matchAll(/<symbol id="([^"]+)"([^>]*)>([\s\S]*?)<\/symbol>/g)].map((m) => [
    m[1]!,
    { attributes: m[2]!, body: m[3]! },
  ]),
);
const components = Object.entries(icons).filter(([name]) => name.endsWith('Icon'));

describe('the first paint icons', () => {
  it('are fifteen, each a <use> of its symbol in the sprite, sized and hidden from assistive technology', () => {
    expect(components.map(([name]) => name)).toHaveLength(15);
    for (const [name, Component] of components) {
      const Drawn = Component as (props: icons.IconProps) => React.JSX.Element;
      const { container, unmount } = render(<Drawn size={18} className="x" />);
      const svg = container.querySelector('svg')!;
      expect(svg.getAttribute('width'), name).toBe('18');
      expect(svg.getAttribute('height'), name).toBe('18');
      expect(svg.getAttribute('class'), name).toBe('x');
      expect(svg.getAttribute('aria-hidden'), name).toBe('true');
      expect(svg.getAttribute('focusable'), name).toBe('false');
      // no drawing inline: a <use> of the sprite's symbol
      expect(svg.querySelectorAll('path, circle, rect'), name).toHaveLength(0);
      const href = svg.querySelector('use')?.getAttribute('href') ?? '';
      expect(href, name).toMatch(/first-paint-icons[^/#]*\.svg(\?[^#]*)?#[a-z-]+$/);
      const id = href.split('#')[1]!;
      expect(symbols.has(id), `${name}: the sprite has no symbol "${id}"`).toBe(true);
      unmount();
    }
  });

  it("draw as the other icons do: a 24-unit box, no fill, a 2-unit round stroke in the text's colour", () => {
    expect(symbols.size).toBe(components.length);
    for (const [id, { attributes, body }] of symbols) {
      expect(attributes, id).toContain('viewBox="0 0 24 24"');
      expect(attributes, id).toContain('fill="none"');
      expect(attributes, id).toContain('stroke="currentColor"');
      expect(attributes, id).toContain('stroke-width="2"');
      expect(attributes, id).toContain('stroke-linecap="round"');
      expect(attributes, id).toContain('stroke-linejoin="round"');
      expect(body.trim(), id).not.toBe('');
    }
    // the inline icons (icons.tsx, loaded with the views that use them) keep the same style
    const { container } = render(
      <Icon>
        <path d="M0 0" />
      </Icon>,
    );
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.getAttribute('stroke')).toBe('currentColor');
    expect(svg.getAttribute('stroke-width')).toBe('2');
  });
});
