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
 * The stars are one CSS background (styles: .stars), not markup: a listing shows dozens of ratings
 * and ten inline SVGs each made up a quarter of a product page's HTML.
 */
export function Stars({ rating, size = 14 }: { rating: number; size?: number }) {
  const pct = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <span
      className="stars"
      aria-hidden="true"
      style={size === 14 ? undefined : ({ '--star-size': `${size}px` } as CSSProperties)}
    >
      <span className="stars-fill" style={{ width: `${pct}%` }} />
    </span>
  );
}
