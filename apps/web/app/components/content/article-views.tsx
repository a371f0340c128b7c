// Counts this browser's view of an article once (the article_views_ids cookie the API sets) and
// shows the count; the page itself comes from the page cache.
import { useEffect, useState } from 'react';
import { formatCount } from '@store/domain';
import { browserApi } from '../../lib/browser-api.ts';

export const VIEW_FORMS: [string, string, string] = ['просмотр', 'просмотра', 'просмотров'];

export function ArticleViews({ articleId, initial }: { articleId: number; initial: number }) {
  const [views, setViews] = useState(initial);
  useEffect(() => {
    browserApi.content
      .view(articleId)
      .then((r) => setViews(r.views_count))
      .catch((error: unknown) => console.warn('view count failed', error));
  }, [articleId]);
  return <span className="article-views">{formatCount(views, VIEW_FORMS)}</span>;
}
