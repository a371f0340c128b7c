// /honor (SPEC §2; issue 14): the store's awards and the best employees of the month.
import type { Route } from './+types/honor';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { JsonLd, breadcrumbList } from '../components/content/json-ld.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { contentMeta } from '../lib/content-meta.ts';
import { publicOriginOf } from '../lib/meta.ts';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import contentStyles from '../styles/content.css?url';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  contentMeta(matches, {
    fallbackTitle: 'Доска почёта — Мультицентр',
    description: 'Награды Мультицентра и лучшие сотрудники месяца.',
    image: null,
  });

const MONTH = new Intl.DateTimeFormat('ru-RU', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function monthName(period: string): string {
  const [year, month] = period.split('-').map(Number);
  if (!year || !month) return period;
  const text = MONTH.format(new Date(Date.UTC(year, month - 1, 1))).replace(/\s*г\.$/, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = requirePage(request);
  const api = context.get(apiContext);
  const [breadcrumbs, honor] = await Promise.all([orNotFound(api.seo.breadcrumbs(pathname)), api.content.honor()]);
  return { breadcrumbs, honor, origin: new URL(request.url).origin };
}

export default function Honor({ loaderData, matches }: Route.ComponentProps) {
  const { honor, breadcrumbs } = loaderData;
  const origin = publicOriginOf(matches) ?? loaderData.origin;
  const [best, ...others] = honor.employees;
  return (
    <main className="container page content-page honor-page" id="main">
      <JsonLd data={[breadcrumbList(origin, breadcrumbs)]} />
      <Breadcrumbs items={breadcrumbs} />
      <h1>Доска почёта</h1>
      <p className="lead">
        Мы гордимся людьми, которые каждый день помогают покупателям выбрать технику, и наградами, которые получили
        вместе.
      </p>
      {best ? (
        <section className="honor-best" aria-labelledby="honor-best">
          <img src={best.image} alt={`Фото: ${best.name}`} width={320} height={320} fetchPriority="high" />
          <div>
            <h2 id="honor-best">Сотрудник месяца — {monthName(best.month)}</h2>
            <p className="honor-name">{best.name}</p>
            <p className="muted">{best.role}</p>
            <p>{best.text}</p>
          </div>
        </section>
      ) : null}
      <section className="content-section" aria-labelledby="honor-employees">
        <h2 id="honor-employees">Лучшие сотрудники месяца</h2>
        <ul className="honor-grid">
          {others.map((e) => (
            <li key={e.id} className="honor-card">
              <img src={e.image} alt={`Фото: ${e.name}`} width={160} height={160} loading="lazy" />
              <p className="honor-month">{monthName(e.month)}</p>
              <h3>{e.name}</h3>
              <p className="muted">{e.role}</p>
              <p>{e.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="content-section" aria-labelledby="honor-awards">
        <h2 id="honor-awards">Награды</h2>
        <ul className="honor-grid honor-grid--awards">
          {honor.awards.map((a) => (
            <li key={a.id} className="honor-card">
              <img src={a.image} alt="" width={120} height={120} loading="lazy" />
              <p className="honor-month">{a.year}</p>
              <h3>{a.title}</h3>
              <p className="muted">{a.subtitle}</p>
              <p>{a.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
