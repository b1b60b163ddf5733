// Responsive card images (issue 18): which widths of a card image the server renders, the srcset and sizes
// an <img> of a card offers the browser, and the preload link of a page's first card. Pure: the server
// checks `?w=` against CARD_IMAGE_WIDTHS, the SPA renders cardImage(), the page renderer writes
// preloadLinkFor() into the <head>, so the three never disagree.
import type { PromptImage } from './catalog.ts';

/**
 * The widths (px) of the card rendition (4:3) the server renders on `?w=`; no other width is rendered.
 * 480 is the plain card URL. They cover the shown widths at 1x-3x: 238-280 px on desktops (shelf, grid),
 * about 150-175 px on phones, and up to 384 px in the two-column grid of tablets.
 */
export const CARD_IMAGE_WIDTHS = [240, 288, 360, 480, 576, 720] as const;
/** The width of the plain card URL (no `?w=`). */
export const PLAIN_CARD_WIDTH = 480;
export type CardImageWidth = (typeof CARD_IMAGE_WIDTHS)[number];

export const isCardImageWidth = (w: number): w is CardImageWidth =>
  (CARD_IMAGE_WIDTHS as readonly number[]).includes(w);

/** Where a card image is shown, which sets its `sizes`. */
export type CardLayout = 'grid' | 'shelf' | 'thumb';

/**
 * The width of a card's image in each layout, from the CSS. `vw` counts a classic scrollbar too, so
 * desktops with one get a slot a few pixels wider than the image: never a smaller file than needed.
 */
export const CARD_SIZES: Record<CardLayout, string> = {
  // .prompt-grid in .page--wide (1200 px content, 24 px padding; 16 px at 640 px and below), less the
  // card's 1 px borders: one column <= 339 px (100vw - 32 - 2); two <= 640 px with a 12 px gap
  // ((100vw - 44) / 2 - 2); auto-fill minmax(250px, 1fr) with 24 px gaps up to 1099 px, which gives two
  // columns up to 845 px ((100vw - 72) / 2 - 2) and three above ((100vw - 96) / 3 - 2); four from 1100 px
  // ((100vw - 120) / 4 - 2), 282 px cards once the content is 1200 px wide.
  grid:
    '(max-width: 339px) calc(100vw - 34px), (max-width: 640px) calc(50vw - 24px), ' +
    '(max-width: 845px) calc(50vw - 38px), (max-width: 1099px) calc(33.33vw - 34px), ' +
    '(max-width: 1247px) calc(25vw - 32px), 280px',
  // .shelf__row (4 px inline padding): 240 px columns when the row overflows, as a row of 5 or more cards
  // always does above 640 px; at 640 px and below 46% of the row less its 12 px gap ((100vw - 52) * 0.46 - 2).
  shelf: '(max-width: 640px) calc(46vw - 26px), 238px',
  // .order-line__thumb: 72 px, 56 px at 480 px and below
  thumb: '(max-width: 480px) 56px, 72px',
};

/**
 * The layout of a shelf row's cards: a row of 5 or more always overflows (240 px cards); a shorter one
 * stretches its cards (1fr) about as wide as the grid's, 4 cards exactly so.
 */
export const shelfLayout = (cards: number): CardLayout => (cards >= 5 ? 'shelf' : 'grid');

/** The generated card images of the server (server/catalog/rows.ts imageUrl), without a query. */
const CARD_URL = /^(?:https?:\/\/[^/?#]+)?\/api\/images\/prompts\/\d+\/\d+\.webp$/;

/** The URL of one width of a card image. */
export const cardImageUrl = (url: string, width: CardImageWidth): string => `${url}?w=${width}`;

export interface CardImageAttributes {
  src: string;
  /** Undefined for an image that is not one of the server's card images (shown as it is). */
  srcSet: string | undefined;
  sizes: string | undefined;
}

/**
 * The src, srcSet and sizes of a card image shown in `layout`. The plain URL stands for the width the
 * image says it has (480); keep the image's width and height on the <img> so its box is known before it loads.
 */
export function cardImage(
  image: Pick<PromptImage, 'url' | 'width' | 'height'>,
  layout: CardLayout = 'grid',
): CardImageAttributes {
  if (!CARD_URL.test(image.url)) return { src: image.url, srcSet: undefined, sizes: undefined };
  const widths = [...new Set<number>([...CARD_IMAGE_WIDTHS, image.width])].sort((a, b) => a - b);
  const srcSet = widths
    .map((w) =>
      w === image.width ? `${image.url} ${w}w` : `${cardImageUrl(image.url, w as CardImageWidth)} ${w}w`,
    )
    .join(', ');
  return { src: image.url, srcSet, sizes: CARD_SIZES[layout] };
}

const escapeAttribute = (text: string): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');

/**
 * `<link rel="preload" as="image" ... fetchpriority="high">` for a page's first card image (its likely
 * LCP element), with the same srcset and sizes as the card's <img> so the browser fetches the file the
 * <img> will use. No href with a srcset: a browser without imagesrcset then preloads nothing rather
 * than a file the <img> may not take. Attribute values are HTML-escaped.
 */
export function preloadLinkFor(
  image: Pick<PromptImage, 'url' | 'width' | 'height'>,
  layout: CardLayout = 'grid',
): string {
  const { src, srcSet, sizes } = cardImage(image, layout);
  const source =
    srcSet === undefined || sizes === undefined
      ? `href="${escapeAttribute(src)}"`
      : `imagesrcset="${escapeAttribute(srcSet)}" imagesizes="${escapeAttribute(sizes)}"`;
  return `<link rel="preload" as="image" ${source} fetchpriority="high">`;
}
