import { Link } from 'react-router';
import type { Breadcrumb } from '@store/api-client';

/** The last item is the current page: shown as text with aria-current. */
export function Breadcrumbs({ items }: { items: Breadcrumb[] }) {
  if (items.length === 0) return null;
  return (
    <nav aria-label="Хлебные крошки" className="breadcrumbs">
      <ol>
        {items.map((item, i) => (
          <li key={`${item.href}-${i}`}>
            {i < items.length - 1 ? (
              <Link to={item.href}>{item.text}</Link>
            ) : (
              <span aria-current="page">{item.text}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
