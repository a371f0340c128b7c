// The home page's content blocks (SPEC §3 Home page state; issue 14): the special-offer previews
// (§9: 4) and, in December, the advent calendar. A failure hides a block and is logged (SPEC §8:
// main page load failure is swallowed).
import type { AdventCalendar, ApiClient, Article } from '@store/api-client';
import { OFFER_PREVIEWS } from '@store/domain';
import { AppLink } from '../app-link.tsx';
import { AdventGrid } from './advent-calendar.tsx';
import { OfferCard } from './article-card.tsx';

export interface HomeContent {
  offers: Article[];
  advent: AdventCalendar | null;
}

export async function loadHomeContent(api: ApiClient): Promise<HomeContent> {
  const [offers, advent] = await Promise.all([
    api.content.offers({ per_page: OFFER_PREVIEWS }).then(
      (r) => r.items,
      (error: unknown) => {
        console.error('home offers failed', error);
        return [];
      },
    ),
    api.content.adventCalendar().then(
      (c) => (c.season && c.items.length > 0 ? c : null),
      (error: unknown) => {
        console.error('home advent calendar failed', error);
        return null;
      },
    ),
  ]);
  return { offers, advent };
}

export function HomeContentBlocks({ content }: { content: HomeContent }) {
  return (
    <>
      {content.advent ? (
        <section className="home-section home-advent" aria-labelledby="home-advent">
          <div className="section-head">
            <h2 id="home-advent">Адвент-календарь</h2>
            <AppLink to="/promo/advent-calendar" className="section-link">
              Весь календарь
            </AppLink>
          </div>
          <AdventGrid calendar={content.advent} compact />
        </section>
      ) : null}
      {content.offers.length > 0 ? (
        <section className="home-section" aria-labelledby="home-offers">
          <div className="section-head">
            <h2 id="home-offers">Спецпредложения</h2>
            <AppLink to="/special-offers" className="section-link">
              Все акции
            </AppLink>
          </div>
          <ul className="content-grid home-offers">
            {content.offers.map((offer) => (
              <li key={offer.id}>
                <OfferCard offer={offer} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
