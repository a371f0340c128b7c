// Specifications of the product page, grouped by group_name: the first few beside the pictures with
// an anchor to the full table further down.
import type { ProductDetail } from '@store/api';
import { SHORT_SPECS_COUNT } from '../lib/product.ts';

type Groups = ProductDetail['specifications'];

export const SPECS_ANCHOR = 'specifications';

export function ShortSpecs({ groups }: { groups: Groups }) {
  const items = groups.flatMap((g) => g.items).slice(0, SHORT_SPECS_COUNT);
  if (items.length === 0) return null;
  return (
    <section className="pp-short-specs" aria-labelledby="pp-short-specs-title">
      <h2 id="pp-short-specs-title" className="pp-aside-title">
        Коротко о товаре
      </h2>
      <dl className="pp-spec-list">
        {items.map((s) => (
          <div key={s.id}>
            <dt>{s.name}</dt>
            <dd>{s.value}</dd>
          </div>
        ))}
      </dl>
      <a href={`#${SPECS_ANCHOR}`} className="pp-all-specs">
        Все характеристики
      </a>
    </section>
  );
}

export function FullSpecs({ groups }: { groups: Groups }) {
  if (groups.length === 0) return null;
  return (
    <section className="pp-section" id={SPECS_ANCHOR} aria-labelledby="pp-specs-title" tabIndex={-1}>
      <h2 id="pp-specs-title">Характеристики</h2>
      <div className="pp-spec-groups">
        {groups.map((g) => (
          <div key={g.group_name} className="pp-spec-group">
            <h3>{g.group_name}</h3>
            <dl className="pp-spec-table">
              {g.items.map((s) => (
                <div key={s.id}>
                  <dt>
                    <span>{s.name}</span>
                  </dt>
                  <dd>{s.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </div>
    </section>
  );
}
