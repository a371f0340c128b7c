// «Отзывы», the product page's default tab (SPEC §2 Product page tabs, §4 reviews sort -date, §9 3 per
// page): streamed with the page, «Показать ещё» adds the next page in place (without JavaScript it
// opens ?page=N), likes and dislikes per review, «Написать отзыв» asks to sign in.
import { Suspense, useState, type FormEvent } from 'react';
import { Await, data, useOutletContext } from 'react-router';
import { PAGE_SIZES, listingPageOf } from '@store/domain';
import type { Route } from './+types/product-reviews';
import { ReviewItem, VoteFailed } from '../components/comment-list.tsx';
import { CommentPost } from '../components/comment-post.tsx';
import { TabErrorBoundary } from '../components/route-error.tsx';
import { fetchCommentsPage, useVotedComments, type CommentPage } from '../lib/comments.ts';
import { skipRevalidationOnSameUrl } from '../lib/listing-meta.ts';
import { requirePage } from '../lib/not-found.server.ts';
import { loadComments, settled } from '../lib/product.server.ts';
import type { ProductOutletContext } from './product-or-listing.tsx';
import { apiContext } from '../context.ts';

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

function ReviewList({ productId, initial }: { productId: number; initial: CommentPage }) {
  const { items, votes, vote, append, failed } = useVotedComments(initial.items);
  const [page, setPage] = useState(initial.page);
  const [loading, setLoading] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const pageCount = initial.pageCount;
  const perPage = PAGE_SIZES.comments;

  if (initial.totalCount === 0) return <p className="pp-empty">Отзывов пока нет. Станьте первым, кто оценит товар.</p>;
  if (items.length === 0) {
    return (
      <p className="pp-empty">
        На этой странице отзывов нет. <a href="?">Показать первые отзывы</a>
      </p>
    );
  }

  const more = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setLoading(true);
    setLoadFailed(false);
    try {
      const next = await fetchCommentsPage(productId, 'review', page + 1);
      append(next.items);
      setPage(next.page);
    } catch (error) {
      console.warn('reviews page', error);
      setLoadFailed(true);
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <ul className="pp-comments" aria-label="Отзывы">
        {items.map((r) => (
          <li key={r.id}>
            <ReviewItem review={r} votes={votes} onVote={(id, v) => void vote(id, v)} />
          </li>
        ))}
      </ul>
      <VoteFailed failed={failed} />
      <div className="pp-more">
        <p className="muted" role="status">
          {initial.page > 1
            ? `Отзывы ${(initial.page - 1) * perPage + 1}–${(initial.page - 1) * perPage + items.length} из ${initial.totalCount}`
            : `Показано ${items.length} из ${initial.totalCount}`}
          {loadFailed ? '. Не удалось загрузить ещё, попробуйте снова.' : ''}
        </p>
        {page < pageCount ? (
          <form method="get" onSubmit={(e) => void more(e)}>
            <button type="submit" name="page" value={page + 1} className="button" disabled={loading}>
              {loading ? 'Загружаем…' : 'Показать ещё'}
            </button>
          </form>
        ) : null}
      </div>
    </>
  );
}

export const ErrorBoundary = TabErrorBoundary;
