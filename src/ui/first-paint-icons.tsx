// The icons of the first page's shell and lists, drawn from one SVG file of symbols
// (first-paint-icons.svg: fetched once and cached, its drawings not in the start-up code, issue 18); the
// others are in icons.tsx, which loads with the views that use them (docs/decisions/006-lazy-page-machines.md).
import type { SVGProps } from 'react';
import sprite from './first-paint-icons.svg?no-inline';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** The icon of this symbol of the sprite, sized by `size`; its colour is the text's (currentColor). */
const symbol = (id: string) =>
  function SpriteIcon({ size = 20, ...rest }: IconProps) {
    return (
      <svg width={size} height={size} aria-hidden="true" focusable="false" {...rest}>
        <use href={`${sprite}#${id}`} />
      </svg>
    );
  };

export const SearchIcon = symbol('search');
export const ChevronDownIcon = symbol('chevron-down');
export const ChevronLeftIcon = symbol('chevron-left');
export const ChevronRightIcon = symbol('chevron-right');
export const CloseIcon = symbol('close');
export const LockIcon = symbol('lock');
export const SparkleIcon = symbol('sparkle');
export const AlertIcon = symbol('alert');
export const CheckCircleIcon = symbol('check-circle');
export const InfoIcon = symbol('info');
export const CartIcon = symbol('cart');
export const CoinIcon = symbol('coin');
export const ImageIcon = symbol('image');
export const GridIcon = symbol('grid');
export const ArrowRightIcon = symbol('arrow-right');
