// The blocks of a constructor promo page (/promo/{slug}, decision 0025): banner, text, product
// carousel, countdown, offer list and FAQ, each drawn from its typed JSON.
import type { PromoBlock } from '@store/api-client';
import { AppLink } from '../app-link.tsx';
import { Countdown, ProductRow } from '../home-blocks.tsx';
import { OfferCard } from './article-card.tsx';
import { ContentHtml } from './content-html.tsx';

export function PromoBlocks({ blocks, serverNow }: { blocks: PromoBlock[]; serverNow: number }) {
  return (
    <>
      {blocks.map((block, i) => {
        const key = `${block.type}-${i}`;
        switch (block.type) {
          case 'banner': {
            const inner = (
              <>
                {block.image ? (
                  <img
                    src={block.image}
                    alt=""
                    width={1200}
                    height={400}
                    fetchPriority={i === 0 ? 'high' : undefined}
                  />
                ) : null}
                <span className="promo-banner-text">
                  <span className="promo-banner-title">{block.title}</span>
                  {block.text ? <span className="promo-banner-sub">{block.text}</span> : null}
                </span>
              </>
            );
            return (
              <section
                key={key}
                className="promo-banner"
                style={{ background: block.background }}
                aria-label={block.title}
              >
                {block.link ? <AppLink to={block.link}>{inner}</AppLink> : inner}
              </section>
            );
          }
          case 'text':
            return <ContentHtml key={key} html={block.html} className="content-html promo-text" />;
          case 'products':
            return (
              <ProductRow
                key={key}
                id={`promo-products-${i}`}
                title={block.title}
                products={block.products}
                link={block.url ? { to: block.url, text: 'Смотреть все' } : undefined}
              />
            );
          case 'countdown':
            return (
              <section key={key} className="promo-countdown" aria-labelledby={`promo-countdown-${i}`}>
                <h2 id={`promo-countdown-${i}`}>{block.title}</h2>
                <Countdown endsAt={block.ends_at} serverNow={serverNow} />
              </section>
            );
          case 'offers':
            return (
              <section key={key} className="content-section" aria-labelledby={`promo-offers-${i}`}>
                <h2 id={`promo-offers-${i}`}>{block.title}</h2>
                <ul className="content-grid content-grid--three">
                  {block.offers.map((o) => (
                    <li key={o.id}>
                      <OfferCard offer={o} />
                    </li>
                  ))}
                </ul>
              </section>
            );
          case 'faq':
            return (
              <section key={key} className="promo-faq" aria-labelledby={`promo-faq-${i}`}>
                <h2 id={`promo-faq-${i}`}>{block.title}</h2>
                {block.items.map((item) => (
                  <details key={item.question}>
                    <summary>{item.question}</summary>
                    <p>{item.answer}</p>
                  </details>
                ))}
              </section>
            );
        }
      })}
    </>
  );
}
