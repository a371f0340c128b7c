// Reviews and questions of the product page (SPEC §3 Comment / FAQ item, §4 Other: likes): author,
// date, stars, text, pros and cons, nested answers, like / dislike with counts. Posting is in
// comment-post.tsx.
import { useId } from 'react';
import type { Vote } from '@store/domain';
import type { CommentItem } from '../lib/comments.ts';
import { formatRuDate } from '../lib/product.ts';
import { Stars } from './catalog-icons.tsx';
import { ClientButton } from './client-button.tsx';

const THUMB_UP =
  'M7 11v10H4a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1h3zm0 0 4-8a2.5 2.5 0 0 1 2.5 2.5V9h5.3a2 2 0 0 1 2 2.3l-1.2 7.6a2 2 0 0 1-2 1.7H7';
const THUMB_DOWN =
  'M17 13V3h3a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1h-3zm0 0-4 8a2.5 2.5 0 0 1-2.5-2.5V15H5.2a2 2 0 0 1-2-2.3l1.2-7.6a2 2 0 0 1 2-1.7H17';

function Thumb({ down = false }: { down?: boolean }) {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={down ? THUMB_DOWN : THUMB_UP} />
    </svg>
  );
}

export function VoteButtons({
  item,
  vote,
  onVote,
}: {
  item: Pick<CommentItem, 'id' | 'like' | 'not_like'>;
  vote: Vote | null;
  onVote: (id: number, vote: Vote) => void;
}) {
  return (
    <div className="pp-votes">
      <ClientButton className="pp-vote" aria-pressed={vote === 'like'} onClick={() => onVote(item.id, 'like')}>
        <Thumb />
        <span className="visually-hidden">Нравится</span> <span className="pp-vote-count">{item.like}</span>
      </ClientButton>
      <ClientButton className="pp-vote" aria-pressed={vote === 'dislike'} onClick={() => onVote(item.id, 'dislike')}>
        <Thumb down />
        <span className="visually-hidden">Не нравится</span> <span className="pp-vote-count">{item.not_like}</span>
      </ClientButton>
    </div>
  );
}

function Byline({ item }: { item: CommentItem }) {
  const date = formatRuDate(item.created_at);
  return (
    <p className="pp-comment-byline">
      <span className="pp-comment-author">{item.author_name}</span>
      {date ? <time dateTime={item.created_at.slice(0, 10)}>{date}</time> : null}
    </p>
  );
}

export function ReviewItem({
  review,
  votes,
  onVote,
}: {
  review: CommentItem;
  votes: Record<number, Vote | null>;
  onVote: (id: number, vote: Vote) => void;
}) {
  const titleId = useId();
  return (
    <article className="pp-comment" aria-labelledby={titleId}>
      <header className="pp-comment-head">
        <h3 id={titleId} className="visually-hidden">
          Отзыв: {review.author_name}
        </h3>
        <Byline item={review} />
        {review.rate !== null ? (
          <p className="pp-comment-rate">
            <Stars rating={review.rate} size={16} />
            <span className="visually-hidden">Оценка {review.rate} из 5</span>
          </p>
        ) : null}
      </header>
      {review.pros ? (
        <div className="pp-comment-part">
          <h4>Достоинства</h4>
          <p>{review.pros}</p>
        </div>
      ) : null}
      {review.cons ? (
        <div className="pp-comment-part">
          <h4>Недостатки</h4>
          <p>{review.cons}</p>
        </div>
      ) : null}
      <div className="pp-comment-part">
        {review.pros || review.cons ? <h4>Комментарий</h4> : null}
        <p>{review.text}</p>
      </div>
      <footer className="pp-comment-foot">
        <span className="muted">Отзыв полезен?</span>
        <VoteButtons item={review} vote={votes[review.id] ?? null} onVote={onVote} />
      </footer>
      {review.answers && review.answers.length > 0 ? (
        <Answers answers={review.answers} votes={votes} onVote={onVote} />
      ) : null}
    </article>
  );
}

function Answers({
  answers,
  votes,
  onVote,
}: {
  answers: CommentItem[];
  votes: Record<number, Vote | null>;
  onVote: (id: number, vote: Vote) => void;
}) {
  return (
    <ul className="pp-answers" aria-label="Ответы">
      {answers.map((a) => (
        <li key={a.id}>
          <article className="pp-answer" aria-label={`Ответ: ${a.author_name}`}>
            <Byline item={a} />
            <p>{a.text}</p>
            <VoteButtons item={a} vote={votes[a.id] ?? null} onVote={onVote} />
          </article>
        </li>
      ))}
    </ul>
  );
}

export function QuestionItem({
  question,
  votes,
  onVote,
}: {
  question: CommentItem;
  votes: Record<number, Vote | null>;
  onVote: (id: number, vote: Vote) => void;
}) {
  const titleId = useId();
  return (
    <article className="pp-comment" aria-labelledby={titleId}>
      <header className="pp-comment-head">
        <Byline item={question} />
      </header>
      <h3 id={titleId} className="pp-question-text">
        {question.text}
      </h3>
      <footer className="pp-comment-foot">
        <VoteButtons item={question} vote={votes[question.id] ?? null} onVote={onVote} />
      </footer>
      {question.answers && question.answers.length > 0 ? (
        <Answers answers={question.answers} votes={votes} onVote={onVote} />
      ) : (
        <p className="muted pp-no-answer">Ответа пока нет</p>
      )}
    </article>
  );
}

export function VoteFailed({ failed }: { failed: boolean }) {
  return (
    <p className="pp-vote-failed" role="status">
      {failed ? 'Не удалось учесть голос, попробуйте ещё раз.' : ''}
    </p>
  );
}
