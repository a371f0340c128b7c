// The questions of a product's FAQ tab with their votes and pages (routes/product-faq.tsx): as the reviews'
// list (review-list.tsx), a chunk of its own that hydrates after the rest; the server's HTML has it from the
// start. It keeps the FAQ tab within the product page's 150 KB budget of JavaScript (decision 0060).
import { QuestionItem, VoteFailed } from './comment-list.tsx';
import { Pagination } from './pagination.tsx';
import { useVotedComments, type CommentPage } from '../lib/comments.ts';

export function QuestionList({ page, basePath }: { page: CommentPage; basePath: string }) {
  const { items, votes, vote, failed } = useVotedComments(page.items);
  if (page.totalCount === 0) {
    return <p className="pp-empty">Вопросов пока нет. Спросите — ответят специалисты магазина и покупатели.</p>;
  }
  return (
    <>
      <ul className="pp-comments" aria-label="Вопросы">
        {items.map((q) => (
          <li key={q.id}>
            <QuestionItem question={q} votes={votes} onVote={(id, v) => void vote(id, v)} />
          </li>
        ))}
      </ul>
      <VoteFailed failed={failed} />
      <Pagination page={page.page} pageCount={page.pageCount} basePath={basePath} search="" />
    </>
  );
}
