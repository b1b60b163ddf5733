// @vitest-environment jsdom
// domain/card-image.ts: the srcset/sizes of card images and the preload link of a page's first card. The
// `sizes` are checked against a model of the card layouts written here from the CSS (src/styles/layout.css,
// catalog.css, commerce.css), at every viewport width from 280 to 1600 px, and against the widths measured
// in Chromium at 1280 and 390 px (grid 280 / shelf 238, grid 171 / shelf 153.5).
import { describe, expect, it } from 'vitest';
import {
  CARD_IMAGE_WIDTHS,
  cardImage,
  cardImageUrl,
  preloadLinkFor,
  shelfLayout,
  type CardLayout,
} from '../../domain/card-image.ts';
import { detailImage } from '../../domain/detail-image.ts';

const card = { url: '/api/images/prompts/12/0.webp', width: 480, height: 360, alt: 'A lake' };

// --- a model of the layouts, from the CSS -----------------------------------------------------------

/** The content box of `.page--wide`: 1200 px at most, 24 px padding (16 px at 640 px and below). */
const content = (vw: number): number => Math.min(1200, vw - (vw <= 640 ? 32 : 48));

/** `.prompt-grid`: 4 columns from 1100 px, auto-fill minmax(250px, 1fr) / gap 24, 2 columns <= 640, 1 <= 339. */
const gridCard = (vw: number): number => {
  const c = content(vw);
  if (vw <= 339) return c;
  if (vw <= 640) return (c - 12) / 2;
  const columns = vw >= 1100 ? 4 : Math.max(1, Math.floor((c + 24) / (250 + 24)));
  return (c - 24 * (columns - 1)) / columns;
};

/** `.shelf__row` of 5+ cards: 240 px columns (the row overflows), 46% of the row (less 12 px) <= 640. */
const shelfCard = (vw: number): number => (vw <= 640 ? (content(vw) - 8 - 12) * 0.46 : 240);

/** The image inside the card's 1 px border. */
const layoutWidth: Record<CardLayout, (vw: number) => number> = {
  grid: (vw) => gridCard(vw) - 2,
  shelf: (vw) => shelfCard(vw) - 2,
  thumb: (vw) => (vw <= 480 ? 56 : 72),
};

// --- what a browser does with `sizes` ---------------------------------------------------------------

/** The slot width of a `sizes` value at a viewport width (the forms card-image.ts writes). */
const slotWidth = (sizes: string, vw: number): number => {
  for (const entry of sizes.split(/,\s*(?![^(]*\))/)) {
    const m = /^(?:\(max-width:\s*(\d+)px\)\s+)?(.+)$/.exec(entry.trim());
    if (m === null) throw new Error(`unreadable sizes entry: ${entry}`);
    if (m[1] !== undefined && vw > Number(m[1])) continue;
    const length = m[2]!;
    const px = /^(\d+(?:\.\d+)?)px$/.exec(length);
    if (px) return Number(px[1]);
    const calc = /^calc\((\d+(?:\.\d+)?)vw\s*([-+])\s*(\d+(?:\.\d+)?)px\)$/.exec(length);
    if (calc === null) throw new Error(`unreadable length: ${length}`);
    const vwPart = (Number(calc[1]) / 100) * vw;
    return calc[2] === '-' ? vwPart - Number(calc[3]) : vwPart + Number(calc[3]);
  }
  throw new Error(`no entry of "${sizes}" applies at ${vw} px`);
};

/** The candidate a browser takes: the narrowest that covers the slot at this pixel density. */
const pick = (srcSet: string, slot: number, dpr: number): string => {
  const candidates = srcSet.split(', ').map((c) => {
    const [url, w] = c.split(' ');
    return { url: url!, w: Number(w!.replace(/w$/, '')) };
  });
  const fit = candidates.find((c) => c.w >= slot * dpr) ?? candidates[candidates.length - 1]!;
  return fit.url;
};

describe('cardImage', () => {
  it('offers every card width, the plain URL standing for the 480 px file', () => {
    const { src, srcSet } = cardImage(card);
    expect(src).toBe('/api/images/prompts/12/0.webp');
    expect(srcSet).toBe(
      '/api/images/prompts/12/0.webp?w=240 240w, /api/images/prompts/12/0.webp?w=288 288w, ' +
        '/api/images/prompts/12/0.webp?w=360 360w, /api/images/prompts/12/0.webp 480w, ' +
        '/api/images/prompts/12/0.webp?w=576 576w, /api/images/prompts/12/0.webp?w=720 720w',
    );
    expect(CARD_IMAGE_WIDTHS).toEqual([240, 288, 360, 480, 576, 720]);
  });

  it.each(['grid', 'shelf', 'thumb'] as const)(
    'gives %s sizes that match the layout at every viewport width',
    (layout) => {
      const { sizes } = cardImage(card, layout);
      expect(sizes).toBeDefined();
      for (let vw = 280; vw <= 1600; vw++) {
        const expected = layoutWidth[layout](vw);
        expect(Math.abs(slotWidth(sizes!, vw) - expected), `${layout} at ${vw} px`).toBeLessThan(0.5);
      }
    },
  );

  it('matches the widths measured in Chromium at 1280 and 390 px', () => {
    expect(slotWidth(cardImage(card, 'grid').sizes!, 1280)).toBe(280);
    expect(slotWidth(cardImage(card, 'shelf').sizes!, 1280)).toBe(238);
    expect(slotWidth(cardImage(card, 'grid').sizes!, 390)).toBe(171);
    expect(slotWidth(cardImage(card, 'shelf').sizes!, 390)).toBeCloseTo(153.5, 0);
  });

  it('lets a browser pick a file close to the shown size, not the 480 px one', () => {
    const grid = cardImage(card, 'grid');
    const shelf = cardImage(card, 'shelf');
    const at = (c: ReturnType<typeof cardImage>, vw: number, dpr: number) =>
      pick(c.srcSet!, slotWidth(c.sizes!, vw), dpr);
    expect(at(grid, 1280, 1)).toBe(cardImageUrl(card.url, 288));
    expect(at(shelf, 1280, 1)).toBe(cardImageUrl(card.url, 240));
    expect(at(grid, 1280, 2)).toBe(cardImageUrl(card.url, 576));
    expect(at(shelf, 1280, 2)).toBe(card.url);
    expect(at(grid, 390, 2)).toBe(cardImageUrl(card.url, 360));
    expect(at(shelf, 390, 2)).toBe(cardImageUrl(card.url, 360));
    expect(at(grid, 390, 3)).toBe(cardImageUrl(card.url, 576));
    expect(at(cardImage(card, 'thumb'), 1280, 3)).toBe(cardImageUrl(card.url, 240));
  });

  it('defaults to the grid layout', () => {
    expect(cardImage(card)).toEqual(cardImage(card, 'grid'));
  });

  it('leaves an image that is not a generated card image as it is', () => {
    for (const url of [
      '/api/images/prompts/12/0.webp?size=full',
      '/api/images/prompts/12/0.webp?w=288',
      'https://cdn.example.com/a.webp',
      '/images/lake.png',
      '',
    ]) {
      expect(cardImage({ ...card, url }), url).toEqual({ src: url, srcSet: undefined, sizes: undefined });
    }
  });

  it('takes the plain URL for the width the image says it has', () => {
    const small = cardImage({ ...card, width: 288, height: 216 });
    expect(small.srcSet).toContain('/api/images/prompts/12/0.webp 288w');
    expect(small.srcSet).toContain('/api/images/prompts/12/0.webp?w=480 480w');
  });

  it('keeps an absolute card URL absolute', () => {
    const url = 'https://shop.example/api/images/prompts/3/1.webp';
    expect(cardImage({ ...card, url }).srcSet).toContain(`${url}?w=240 240w`);
  });
});

describe('shelfLayout', () => {
  it('is the shelf layout once a row overflows (5 cards), the grid layout for shorter rows', () => {
    expect([0, 1, 4, 5, 8, 20].map(shelfLayout)).toEqual(['grid', 'grid', 'grid', 'shelf', 'shelf', 'shelf']);
  });
});

describe('preloadLinkFor', () => {
  it('writes a high-priority responsive preload that matches the card image', () => {
    const { srcSet, sizes } = cardImage(card, 'grid');
    const link = preloadLinkFor(card);
    expect(link).toBe(
      `<link rel="preload" as="image" imagesrcset="${srcSet!}" imagesizes="${sizes!}" fetchpriority="high">`,
    );
    expect(preloadLinkFor(card, 'shelf')).toContain(`imagesizes="${cardImage(card, 'shelf').sizes!}"`);
  });

  it('parses back to the same srcset and sizes as the card', () => {
    const doc = new DOMParser().parseFromString(`<head>${preloadLinkFor(card, 'shelf')}</head>`, 'text/html');
    const link = doc.head.querySelector('link')!;
    const { srcSet, sizes } = cardImage(card, 'shelf');
    expect(link.getAttribute('imagesrcset')).toBe(srcSet);
    expect(link.getAttribute('imagesizes')).toBe(sizes);
    expect(link.getAttribute('fetchpriority')).toBe('high');
    expect(link.getAttribute('href')).toBeNull();
  });

  it('escapes what would break out of an attribute', () => {
    const url = "/images/a.png?x=\"><script>alert(1)</script>&y='1'";
    const link = preloadLinkFor({ ...card, url });
    expect(link).toBe(
      '<link rel="preload" as="image" href="/images/a.png?x=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;' +
        '&amp;y=&#39;1&#39;" fetchpriority="high">',
    );
    expect(link).not.toContain('<script');
  });
});

describe('detailImage', () => {
  const full = { url: '/api/images/prompts/12/0.webp?size=full', width: 960, height: 720 };
  const base = '/api/images/prompts/12/0.webp';

  /** The detail page's content (1200 px at most, padding 24 px, 16 px <= 640 px). */
  const detailContent = (vw: number): number => Math.min(1200, vw - (vw <= 640 ? 32 : 48));
  /** `.detail__layout`: 1.15fr / 1fr with a 40 px gap above 900 px, one column at and below. */
  const coverWidth = (vw: number): number =>
    vw <= 900 ? detailContent(vw) : ((detailContent(vw) - 40) * 1.15) / 2.15;
  /** `.detail__thumbs`: three columns, 12 px gaps, under the cover. */
  const thumbWidth = (vw: number): number => (coverWidth(vw) - 24) / 3;

  it('keeps the full-size file as src and offers the card renditions of the same picture', () => {
    const { src, srcSet } = detailImage(full, 'cover');
    expect(src).toBe(full.url);
    expect(srcSet).toBe(
      `${base}?w=240 240w, ${base}?w=288 288w, ${base}?w=360 360w, ${base} 480w, ` +
        `${base}?w=576 576w, ${base}?w=720 720w, ${full.url} 960w`,
    );
  });

  it.each([
    ['cover', coverWidth],
    ['thumb', thumbWidth],
  ] as const)('gives the %s sizes that match the layout at every viewport width', (role, width) => {
    const { sizes } = detailImage(full, role);
    for (let vw = 280; vw <= 1600; vw++) {
      expect(Math.abs(slotWidth(sizes!, vw) - width(vw)), `${role} at ${vw} px`).toBeLessThan(0.5);
    }
  });

  it('gives a phone a 720 px cover and small thumbnails, a desktop the full-size cover at 2x', () => {
    const at = (role: 'cover' | 'thumb', vw: number, dpr: number) => {
      const image = detailImage(full, role);
      return pick(image.srcSet!, slotWidth(image.sizes!, vw), dpr);
    };
    // Lighthouse's phone: 412 px at 1.75x
    expect(at('cover', 412, 1.75)).toBe(cardImageUrl(base, 720));
    expect(at('thumb', 412, 1.75)).toBe(cardImageUrl(base, 240));
    expect(at('cover', 390, 1)).toBe(cardImageUrl(base, 360));
    expect(at('cover', 1280, 1)).toBe(cardImageUrl(base, 720));
    expect(at('cover', 1280, 2)).toBe(full.url);
    expect(at('thumb', 1280, 1)).toBe(cardImageUrl(base, 240));
  });

  it('leaves an image that is not a generated full-size image as it is', () => {
    for (const url of [base, `${base}?w=288`, 'https://cdn.example.com/a.webp?size=full', '']) {
      expect(detailImage({ ...full, url }, 'cover'), url).toEqual({
        src: url,
        srcSet: undefined,
        sizes: undefined,
      });
    }
  });
});
