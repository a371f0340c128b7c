// Catalogue icons (drawn by the shell's Icon) and the rating stars.
import type { SVGProps } from 'react';
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

const STAR = 'M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z';

function StarRow({ size }: { size: number }) {
  return (
    <>
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} width={size} height={size} viewBox="0 0 24 24" focusable="false">
          <path d={STAR} />
        </svg>
      ))}
    </>
  );
}

/** Five stars filled to `rating` (0..5), for sighted users; the text beside them says the number. */
export function Stars({ rating, size = 14 }: { rating: number; size?: number }) {
  const pct = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <span className="stars" aria-hidden="true">
      <span className="stars-base">
        <StarRow size={size} />
      </span>
      <span className="stars-fill" style={{ width: `${pct}%` }}>
        <StarRow size={size} />
      </span>
    </span>
  );
}
