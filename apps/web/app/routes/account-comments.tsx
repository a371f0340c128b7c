// Отзывы and Вопросы и ответы of the account (SPEC §2 Account menu, §9: the account variant shows
// 10 per page, sorted -rate): the customer's own posts with the product they are about, whether they
// are published yet, and the answers to the questions. One module under two route ids.
import { data } from 'react-router';
import type { MyComment } from '@store/api-client';
import type { Route } from './+types/account-comments';
import { AppLink } from '../components/app-link.tsx';
import { Stars } from '../components/catalog-icons.tsx';
import { Pagination } from '../components/pagination.tsx';
import { NO_STORE, orSignIn } from '../lib/auth.server.ts';
import { formatPlacedAt } from '../lib/account-orders.ts';
import { apiContext } from '../context.ts';

const KINDS = {
  reviews: { type: 'review', title: 'Отзывы', empty: 'Вы ещё не писали отзывов.', path: '/account/reviews' },
  faq: { type: 'question', title: 'Вопросы и ответы', empty: 'Вы ещё не задавали вопросов.', path: '/account/faq' },
} as const;

function kindOf(request: Request): keyof typeof KINDS {
  const section = new URL(request.url).pathname.replace(/\/+$/, '').split('/').pop();
  return section === 'faq' ? 'faq' : 'reviews';
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded ? KINDS[loaded.kind].title : 'Отзывы'} — Мультицентр` },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const kind = kindOf(request);
  const raw = new URL(request.url).searchParams.get('page');
  const page = raw === null ? 1 : Number(raw);
  if (!Number.isInteger(page) || page < 1) throw data('Страница не найдена', { status: 404 });
  const list = await orSignIn(request, context.get(apiContext).account.comments({ type: KINDS[kind].type, page }));
  if (page > 1 && list.items.length === 0) throw data('Страница не найдена', { status: 404 });
  return data({ kind, list, page }, { headers: NO_STORE });
}

function Status({ item }: { item: MyComment }) {
  return item.status === 1 ? (
    <span className="ac-state ac-state-on">Опубликован</span>
  ) : (
    <span className="ac-state">На модерации</span>
  );
}

function Post({ item }: { item: MyComment }) {
  const isReview = item.type === 'review';
  return (
    <article className="ac-item" aria-label={`${isReview ? 'Отзыв' : 'Вопрос'} о товаре ${item.product.name}`}>
      <header className="ac-head">
        <AppLink to={item.product.url} className="ac-product">
          <img src={item.product.image ?? '/favicon.svg'} alt="" width={48} height={48} loading="lazy" />
          <span>{item.product.name}</span>
        </AppLink>
        <span className="muted">{formatPlacedAt(item.created_at)}</span>
        <Status item={item} />
      </header>
      {isReview && item.rate !== null ? (
        <p className="ac-rate">
          <Stars rating={item.rate} size={16} />
          <span className="visually-hidden">Оценка {item.rate} из 5</span>
        </p>
      ) : null}
      {item.pros ? (
        <p>
          <strong>Достоинства:</strong> {item.pros}
        </p>
      ) : null}
      {item.cons ? (
        <p>
          <strong>Недостатки:</strong> {item.cons}
        </p>
      ) : null}
      <p className={isReview ? undefined : 'ac-question'}>{item.text}</p>
      {isReview ? (
        <p className="muted ac-votes">
          Полезен: {item.like} · Не полезен: {item.not_like}
        </p>
      ) : item.answers.length > 0 ? (
        <ul className="ac-answers" aria-label="Ответы">
          {item.answers.map((a) => (
            <li key={a.id}>
              <strong>{a.author_name}</strong> <span className="muted">{formatPlacedAt(a.created_at)}</span>
              <p>{a.text}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Ответа пока нет</p>
      )}
    </article>
  );
}

export default function AccountComments({ loaderData }: Route.ComponentProps) {
  const { kind, list, page } = loaderData;
  const k = KINDS[kind];
  return (
    <>
      <h1>
        {k.title} {list.totalCount > 0 ? <span className="muted ao-count">{list.totalCount}</span> : null}
      </h1>
      {list.items.length === 0 ? (
        <>
          <p className="account-empty">{k.empty} Поделиться мнением или спросить можно на странице товара.</p>
          <AppLink to="/catalog" className="button">
            Перейти в каталог
          </AppLink>
        </>
      ) : (
        <>
          <ul className="ac-list">
            {list.items.map((item) => (
              <li key={item.id}>
                <Post item={item} />
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={list.pageCount}
            basePath={k.path}
            search=""
            hrefFor={(p) => (p > 1 ? `${k.path}?page=${p}` : k.path)}
          />
        </>
      )}
    </>
  );
}
