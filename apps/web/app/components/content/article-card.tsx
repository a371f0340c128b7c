// Cards of the content lists: a special offer, a news item or a review article.
import { formatCount, formatRuDate, formatRuPeriod } from '@store/domain';
import type { Article } from '@store/api-client';
import { AppLink } from '../app-link.tsx';

const CHANNEL_NAMES: Record<string, string> = { online: 'Онлайн', stores: 'В магазинах' };

/** What an offer card shows: a whole article, or the summary a promo page's offer block carries. */
export type OfferSummary = Pick<Article, 'id' | 'title' | 'url' | 'preview_text' | 'listing_image' | 'active_to'> &
  Partial<Pick<Article, 'active_from' | 'mechanics' | 'channels'>>;

/** The card title's level: h2 right under the page's h1, h3 inside a titled section. */
type Level = 2 | 3;

export function OfferCard({
  offer,
  priority = false,
  level = 3,
}: {
  offer: OfferSummary;
  priority?: boolean;
  level?: Level;
}) {
  const Heading = `h${level}` as const;
  return (
    <article className="content-card offer-card">
      <AppLink to={offer.url} className="content-card-picture" tabIndex={-1} aria-hidden="true">
        <img
          src={offer.listing_image ?? '/favicon.svg'}
          alt=""
          width={600}
          height={400}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
        />
      </AppLink>
      <div className="content-card-body">
        <ul className="content-badges" aria-label="Условия">
          {offer.mechanics ? <li className="content-badge content-badge--accent">{offer.mechanics.name}</li> : null}
          {(offer.channels ?? []).map((c) => (
            <li key={c} className="content-badge">
              {CHANNEL_NAMES[c]}
            </li>
          ))}
        </ul>
        <Heading className="content-card-title">
          <AppLink to={offer.url}>{offer.title}</AppLink>
        </Heading>
        <p className="content-card-text">{offer.preview_text}</p>
        <p className="content-card-meta">
          {offer.active_from
            ? formatRuPeriod(offer.active_from, offer.active_to)
            : offer.active_to
              ? `до ${formatRuDate(offer.active_to)}`
              : 'Бессрочно'}
        </p>
      </div>
    </article>
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
  const Heading = `h${level}` as const;
  return (
    <article className="content-card">
      <AppLink to={article.url} className="content-card-picture" tabIndex={-1} aria-hidden="true">
        <img
          src={article.listing_image ?? '/favicon.svg'}
          alt=""
          width={600}
          height={400}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
        />
      </AppLink>
      <div className="content-card-body">
        {article.tags.length > 0 || article.type === 'press' ? (
          <ul className="content-badges" aria-label="Рубрики">
            {article.type === 'press' ? <li className="content-badge">Пресс-релиз</li> : null}
            {article.tags.map((t) => (
              <li key={t.id} className="content-badge">
                {t.name}
              </li>
            ))}
            {article.badges.includes('video') ? <li className="content-badge content-badge--accent">Видео</li> : null}
          </ul>
        ) : null}
        <Heading className="content-card-title">
          <AppLink to={article.url}>{article.title}</AppLink>
        </Heading>
        <p className="content-card-text">{article.preview_text}</p>
        <p className="content-card-meta">
          <time dateTime={article.date_published}>{formatRuDate(article.date_published)}</time>
          {article.type === 'review' ? (
            <span> · {formatCount(article.views_count, ['просмотр', 'просмотра', 'просмотров'])}</span>
          ) : null}
        </p>
      </div>
    </article>
  );
}
