// Catalogue icons (drawn by the shell's Icon) and the rating stars.
import type { CSSProperties, SVGProps } from 'react';
import { Icon, type IconName } from './icons.tsx';

export type CatalogIconName = Extract<
  IconName,
  | 'tile'
  | 'list'
  | 'filter'
  | 'sort'
  | 'check'
  | 'clock'
  | 'history'
  | 'chevronLeft'
  | 'chevronRight'
  | 'chevronDown'
  | 'trash'
>;

/** The shell's icon at the catalogue's default size. */
export function CatalogIcon({
  size = 20,
  ...rest
}: { name: CatalogIconName; size?: number } & SVGProps<SVGSVGElement>) {
  return <Icon size={size} {...rest} />;
}

/**
 * Five stars filled to `rating` (0..5), for sighted users; the text beside them says the number.
 * The stars are one element with CSS backgrounds (styles: .stars, its ::before is the filled part,
 * as wide as --rating), not markup: a listing shows dozens of ratings, and ten inline SVGs each made up
 * a quarter of a product page's HTML; a second span for the fill was one more element to hydrate per card.
 */
export function Stars({ rating, size = 14 }: { rating: number; size?: number }) {
  const pct = Math.max(0, Math.min(100, (rating / 5) * 100));
  const style: Record<string, string> = { '--rating': `${pct}%` };
  if (size !== 14) style['--star-size'] = `${size}px`;
  return <span className="stars" aria-hidden="true" style={style as CSSProperties} />;
}
