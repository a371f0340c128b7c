// «Отзывы», the product page's default tab (SPEC §2 Product page tabs, §4 reviews sort -date, §9 3 per
// page): streamed with the page, «Показать ещё» adds the next page in place (without JavaScript it
// opens ?page=N), likes and dislikes per review, «Написать отзыв» asks to sign in.
import { Suspense } from 'react';
import { Await, data, useOutletContext } from 'react-router';
import { listingPageOf } from '@store/domain';
import type { Route } from './+types/product-reviews';
import { CommentPost } from '../components/comment-post.tsx';
import { TabErrorBoundary } from '../components/route-error.tsx';
import { skipRevalidationOnSameUrl } from '../lib/listing-meta.ts';
import { requirePage } from '../lib/not-found.server.ts';
import { loadComments, settled } from '../lib/product.server.ts';
import type { ProductOutletContext } from './product-or-listing.tsx';
import { apiContext } from '../context.ts';
import { splitComponent } from '../lib/split-component.tsx';

// The list is below the fold: a chunk of its own (components/review-list.tsx), in the server's HTML from the start.
const ReviewList = splitComponent(() => import('../components/review-list.tsx').then((m) => m.ReviewList));

const PAGE_QUERY = /^[1-9][0-9]{0,4}$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { match } = requirePage(request);
  // Page N of a category, brand or tag listing shares this address shape; the parent renders the listing.
  if (listingPageOf(match)) return { reviews: null };
  if (match.kind !== 'product' || match.tab !== 'reviews') throw data('This page could not be found', { status: 404 });
  const raw = new URL(request.url).searchParams.get('page');
  if (raw !== null && !PAGE_QUERY.test(raw)) throw data('Страница не найдена', { status: 404 });
  const page = raw === null ? 1 : Number(raw);
  // SPEC §8: a failed comment load is swallowed (the API has logged it): the list is left out.
  return { reviews: settled(loadComments(context.get(apiContext), match.productId, 'review', page), null) };
}

export const shouldRevalidate = skipRevalidationOnSameUrl;

export default function ProductReviews({ loaderData }: Route.ComponentProps) {
  const { product } = useOutletContext<ProductOutletContext>();
  if (!loaderData.reviews) return null;
  return (
    <div className="pp-tab-content">
      <div className="pp-tab-head">
        <h2>Отзывы покупателей</h2>
        <CommentPost label="Написать отзыв" text="Войдите, чтобы оставить отзыв" productId={product.id} type="review" />
      </div>
      <Suspense fallback={<p className="muted">Загружаем отзывы…</p>}>
        <Await resolve={loaderData.reviews} errorElement={null}>
          {(page) =>
            page ? <ReviewList key={`${product.id}-${page.page}`} productId={product.id} initial={page} /> : null
          }
        </Await>
      </Suspense>
    </div>
  );
}

export const ErrorBoundary = TabErrorBoundary;
