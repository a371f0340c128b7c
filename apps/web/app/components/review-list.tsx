// The list of a product's reviews with «Показать ещё» and the votes (routes/product-reviews.tsx): below the
// fold of the product page, so it comes as a chunk of its own and hydrates after the rest; the server's
// HTML has it from the start («Показать ещё» opens ?page=N without JavaScript).
import { useState, type FormEvent } from 'react';
import { PAGE_SIZES } from '@store/domain';
import { ReviewItem, VoteFailed } from './comment-list.tsx';
import { fetchCommentsPage, useVotedComments, type CommentPage } from '../lib/comments.ts';

export function ReviewList({ productId, initial }: { productId: number; initial: CommentPage }) {
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
