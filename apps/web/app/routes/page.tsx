// A page of the §2 route table whose content a later issue builds: its real title (from SEO)
// and breadcrumbs, with its parameters checked.
import type { Route } from './+types/page';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { CategoryTiles } from '../components/category-tiles.tsx';
import { POLICY_DATE, POLICY_SECTIONS } from '../content/personal-data-policy.ts';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { seoMeta } from '../lib/meta.ts';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import { useShell } from '../lib/shell.ts';
import { apiContext } from '../context.ts';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, loaderData?.title ?? 'Мультицентр');

export async function loader({ request, context }: Route.LoaderArgs) {
  const { match, pathname } = requirePage(request);
  const q = new URL(request.url).searchParams.get('q') ?? undefined;
  const breadcrumbs = await orNotFound(context.get(apiContext).seo.breadcrumbs(pathname, q));
  // A category listing already shows its subcategories; products come with the listing issue.
  const subcategories =
    match.kind === 'category'
      ? (await orNotFound(context.get(apiContext).categories.get(match.categoryId))).children
      : [];
  // The personal-data policy is the one promo page with a text of its own (SPEC §2 /prm/{slug}).
  const policy = match.kind === 'static-promo' && match.slug === 'personal-data';
  return { kind: match.kind, breadcrumbs, subcategories, policy, title: breadcrumbs.at(-1)?.text ?? 'Мультицентр' };
}

export default function SectionPage({ loaderData }: Route.ComponentProps) {
  const shell = useShell();
  const h1 = shell?.seo?.h1 ?? loaderData.title;
  return (
    <main className="container page" id="main">
      <Breadcrumbs items={loaderData.breadcrumbs} />
      <h1>{h1}</h1>
      {shell?.seo?.description ? <p className="lead">{shell.seo.description}</p> : null}
      {loaderData.policy ? <PersonalDataPolicy /> : null}
      {loaderData.subcategories.length > 0 ? <CategoryTiles categories={loaderData.subcategories} /> : null}
    </main>
  );
}

function PersonalDataPolicy() {
  return (
    <article className="policy">
      <p className="muted">Редакция от {POLICY_DATE}</p>
      {POLICY_SECTIONS.map((section) => (
        <section key={section.heading} aria-labelledby={`policy-${section.heading.split('.')[0]}`}>
          <h2 id={`policy-${section.heading.split('.')[0]}`}>{section.heading}</h2>
          {section.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {section.items ? (
            <ul>
              {section.items.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
