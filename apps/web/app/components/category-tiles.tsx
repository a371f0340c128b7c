import type { Category } from '@store/api-client';
import { PLURAL, formatCount } from '@store/domain';
import { tilePictures } from '../lib/category-tile-pictures.ts';
import { AppLink } from './app-link.tsx';

export function CategoryTiles({ categories }: { categories: Category[] }) {
  const pictures = tilePictures(categories);
  return (
    <ul className="category-tiles">
      {categories.map((c, i) => (
        <li key={c.id}>
          <AppLink to={c.url}>
            {pictures[i] ? <img src={pictures[i]} alt="" width={96} height={96} loading="lazy" /> : null}
            <span className="category-tile-name">{c.name}</span>
            <span className="muted">{formatCount(c.product_count, PLURAL.product)}</span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
