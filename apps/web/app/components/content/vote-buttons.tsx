// «Полезно» / «Не полезно» under a review article: one vote per visitor (the API keeps it by the
// httpOnly visitor_id cookie); the buttons need JavaScript, so they wait for hydration.
import { useState } from 'react';
import { browserApi } from '../../lib/browser-api.ts';
import { ClientButton } from '../client-button.tsx';

export function VoteButtons({ articleId, likes, dislikes }: { articleId: number; likes: number; dislikes: number }) {
  const [counts, setCounts] = useState({ likes, dislikes, vote: 0 });
  const [error, setError] = useState<string | null>(null);
  const vote = async (kind: 'like' | 'dislike') => {
    setError(null);
    try {
      setCounts(await browserApi.content.vote(articleId, kind));
    } catch (e) {
      console.warn('vote failed', e);
      setError('Не удалось учесть голос, попробуйте ещё раз');
    }
  };
  return (
    <div className="vote-buttons" role="group" aria-label="Оценка статьи">
      <span className="vote-question">Статья была полезной?</span>
      <ClientButton className="chip" aria-pressed={counts.vote === 1} onClick={() => void vote('like')}>
        Да <span className="vote-count">{counts.likes}</span>
      </ClientButton>
      <ClientButton className="chip" aria-pressed={counts.vote === -1} onClick={() => void vote('dislike')}>
        Нет <span className="vote-count">{counts.dislikes}</span>
      </ClientButton>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
