// «Вы недавно смотрели» on the product page. It is the visitor's own list, so the browser keeps it
// (the productYouWatched cookie) and draws it after the page loads: the server's HTML stays the same
// for every visitor and can come from the page cache.
import { Suspense, lazy, useEffect, useState } from 'react';
import type { ProductCard } from '@store/api-client';
import { COOKIE } from '@store/domain';
import { browserApi } from '../lib/browser-api.ts';
import { parseCookies, setBrowserCookie } from '../lib/cookies.ts';
import { WATCHED_COOKIE_MAX_AGE_S, watchedAfterView, watchedToShow } from '../lib/product.ts';

// The row's cards come as a chunk of their own, fetched only when there is something to show.
const ProductRow = lazy(() => import('./home-blocks.tsx').then((m) => ({ default: m.ProductRow })));

export function WatchedRow({ productId }: { productId: number }) {
  const [cards, setCards] = useState<ProductCard[]>([]);
  useEffect(() => {
    const before = parseCookies(document.cookie)[COOKIE.productYouWatched];
    const ids = watchedToShow(before, productId);
    setBrowserCookie(COOKIE.productYouWatched, watchedAfterView(before, productId), WATCHED_COOKIE_MAX_AGE_S);
    setCards([]);
    if (ids.length === 0) return;
    let current = true;
    browserApi.products.byIds(ids).then(
      (found) => {
        // Newest first, as the cookie orders them; a product that is gone is left out.
        const byId = new Map(found.map((p) => [p.id, p]));
        if (current) setCards(ids.flatMap((id) => byId.get(id) ?? []));
      },
      () => {
        // The row is a convenience: when the call fails the page simply goes without it.
      },
    );
    return () => {
      current = false;
    };
  }, [productId]);
  if (cards.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ProductRow id="pp-watched" title="Вы недавно смотрели" products={cards} />
    </Suspense>
  );
}
