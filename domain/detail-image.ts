// Responsive images of a prompt's detail page (issue 18): the cover (the page's LCP element) and the
// thumbnails under it offer the card renditions of the same picture beside the full-size file, so a phone
// does not take 960 px files. A module of its own: the list pages that load domain/card-image.ts first do
// not carry it.
import type { PromptImage } from './catalog.ts';
import { CARD_IMAGE_WIDTHS, cardImageUrl, PLAIN_CARD_WIDTH, type CardImageAttributes } from './card-image.ts';

/** The full-size rendition of a prompt's image (960 x 720), the one the detail page linked alone before. */
const FULL_URL = /^((?:https?:\/\/[^/?#]+)?\/api\/images\/prompts\/\d+\/\d+\.webp)\?size=full$/;
export const FULL_IMAGE_WIDTH = 960;

/** Where a detail page shows an example: the cover, or one of the thumbnails under it. */
export type DetailImageRole = 'cover' | 'thumb';

/**
 * The width of a detail page's images, from src/styles/detail.css and layout.css. The page's content is
 * min(100vw, 1248px) less its padding (24 px; 16 px at 640 px and below). Above 900 px the cover takes
 * 1.15 of 2.15 parts of it less the 40 px gap (620 px once the content is 1200 px wide); at 900 px and
 * below it takes the whole content. The thumbnails are a third of the cover less two 12 px gaps.
 */
export const DETAIL_SIZES: Record<DetailImageRole, string> = {
  cover:
    '(max-width: 640px) calc(100vw - 32px), (max-width: 900px) calc(100vw - 48px), ' +
    '(max-width: 1247px) calc(53.49vw - 47.07px), 620px',
  thumb:
    '(max-width: 640px) calc(33.33vw - 18.67px), (max-width: 900px) calc(33.33vw - 24px), ' +
    '(max-width: 1247px) calc(17.83vw - 23.69px), 199px',
};

/**
 * The src, srcSet and sizes of an example image on a detail page. The full-size file (960 px) stays the
 * src; the srcset adds the card renditions of the same picture (the same drawing, scaled), so a phone
 * takes a 720 px file for its cover and a 240 px one for a thumbnail instead of 960 px for both.
 */
export function detailImage(
  image: Pick<PromptImage, 'url' | 'width' | 'height'>,
  role: DetailImageRole,
): CardImageAttributes {
  const full = FULL_URL.exec(image.url);
  if (!full) return { src: image.url, srcSet: undefined, sizes: undefined };
  const card = full[1]!;
  const srcSet = [
    ...CARD_IMAGE_WIDTHS.map((w) =>
      w === PLAIN_CARD_WIDTH ? `${card} ${w}w` : `${cardImageUrl(card, w)} ${w}w`,
    ),
    `${image.url} ${FULL_IMAGE_WIDTH}w`,
  ].join(', ');
  return { src: image.url, srcSet, sizes: DETAIL_SIZES[role] };
}
