// Cards of the content lists: a special offer, a news item or a review article.
import type { ReactNode } from 'react';
import { formatCount, formatRuDate, formatRuPeriod } from '@store/domain';
import type { Article } from '@store/api-client';
import { AppLink } from '../app-link.tsx';

const CHANNEL_NAMES: Record<string, string> = { online: 'Онлайн', stores: 'В магазинах' };

/** What an offer card shows: a whole article, or the summary a promo page's offer block carries. */
export type OfferSummary = Pick<Article, 'id' | 'title' | 'url' | 'preview_text' | 'listing_image' | 'active_to'> &
  Partial<Pick<Article, 'active_from' | 'mechanics' | 'channels'>>;

/** The card title's level: h2 right under the page's h1, h3 inside a titled section. */
type Level = 2 | 3;

/** The frame every content card shares: the picture link, the linked title, the preview text and a meta line. */
function ContentCard({
  item,
  priority,
  level,
  className,
  badges,
  meta,
}: {
  item: Pick<Article, 'title' | 'url' | 'preview_text' | 'listing_image'>;
  priority: boolean;
  level: Level;
  className: string;
  badges: ReactNode;
  meta: ReactNode;
}) {
  const Heading = `h${level}` as const;
  return (
    <article className={className}>
      <AppLink to={item.url} className="content-card-picture" tabIndex={-1} aria-hidden="true">
        <img
          src={item.listing_image ?? '/favicon.svg'}
          alt=""
          width={600}
          height={400}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
        />
      </AppLink>
      <div className="content-card-body">
        {badges}
        <Heading className="content-card-title">
          <AppLink to={item.url}>{item.title}</AppLink>
        </Heading>
        <p className="content-card-text">{item.preview_text}</p>
        <p className="content-card-meta">{meta}</p>
      </div>
    </article>
  );
}

export function OfferCard({
  offer,
  priority = false,
  level = 3,
}: {
  offer: OfferSummary;
  priority?: boolean;
  level?: Level;
}) {
  return (
    <ContentCard
      item={offer}
      priority={priority}
      level={level}
      className="content-card offer-card"
      badges={
        <ul className="content-badges" aria-label="Условия">
          {offer.mechanics ? <li className="content-badge content-badge--accent">{offer.mechanics.name}</li> : null}
          {(offer.channels ?? []).map((c) => (
            <li key={c} className="content-badge">
              {CHANNEL_NAMES[c]}
            </li>
          ))}
        </ul>
      }
      meta={
        offer.active_from
          ? formatRuPeriod(offer.active_from, offer.active_to)
          : offer.active_to
            ? `до ${formatRuDate(offer.active_to)}`
            : 'Бессрочно'
      }
    />
  );
}

export function ArticleCard({
  article,
  priority = false,
  level = 3,
}: {
  article: Article;
  priority?: boolean;
  level?: Level;
}) {
  return (
    <ContentCard
      item={article}
      priority={priority}
      level={level}
      className="content-card"
      badges={
        article.tags.length > 0 || article.type === 'press' ? (
          <ul className="content-badges" aria-label="Рубрики">
            {article.type === 'press' ? <li className="content-badge">Пресс-релиз</li> : null}
            {article.tags.map((t) => (
              <li key={t.id} className="content-badge">
                {t.name}
              </li>
            ))}
            {article.badges.includes('video') ? <li className="content-badge content-badge--accent">Видео</li> : null}
          </ul>
        ) : null
      }
      meta={
        <>
          <time dateTime={article.date_published}>{formatRuDate(article.date_published)}</time>
          {article.type === 'review' ? (
            <span> · {formatCount(article.views_count, ['просмотр', 'просмотра', 'просмотров'])}</span>
          ) : null}
        </>
      }
    />
  );
}
