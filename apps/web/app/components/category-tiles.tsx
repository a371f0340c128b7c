import type { Category } from '@store/api-client';
import { AppLink } from './app-link.tsx';

export function CategoryTiles({ categories }: { categories: Category[] }) {
  return (
    <ul className="category-tiles">
      {categories.map((c) => (
        <li key={c.id}>
          <AppLink to={c.url}>
            {c.image ? <img src={c.image} alt="" width={96} height={96} loading="lazy" /> : null}
            <span className="category-tile-name">{c.name}</span>
            <span className="muted">{c.product_count.toLocaleString('ru-RU')} товаров</span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
