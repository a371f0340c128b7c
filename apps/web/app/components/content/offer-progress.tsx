// The offer's mechanics against the visitor's basket («Добавьте ещё 1 товар»): personal, so it is
// asked by the browser after hydration (and again whenever the basket count changes) and never
// part of the cached page.
import { useEffect, useState } from 'react';
import type { OfferProgress } from '@store/api-client';
import { useBasketCount } from '../../lib/basket.ts';
import { browserApi } from '../../lib/browser-api.ts';

export function OfferProgressBlock({ offerId, conditions }: { offerId: number; conditions: number }) {
  const [progress, setProgress] = useState<OfferProgress | null>(null);
  const count = useBasketCount(0);
  useEffect(() => {
    if (conditions === 0) return;
    let live = true;
    browserApi.content
      .offerProgress(offerId)
      .then((p) => {
        if (live) setProgress(p);
      })
      .catch((error: unknown) => console.warn('offer progress failed', error));
    return () => {
      live = false;
    };
  }, [offerId, count, conditions]);
  if (conditions === 0) return null;
  return (
    <section className="offer-progress" aria-labelledby="offer-progress-title" aria-live="polite">
      <h2 id="offer-progress-title">Ваш прогресс по акции</h2>
      {progress === null ? (
        <p className="muted">Проверяем корзину…</p>
      ) : (
        <ol>
          {progress.steps.map((step) => (
            <li key={step.label} className={step.done ? 'offer-step offer-step--done' : 'offer-step'}>
              <span className="offer-step-label">
                {step.done ? '✓ ' : ''}
                {step.label}
              </span>
              <progress max={100} value={Math.round(step.ratio * 100)} aria-label={step.label} />
              {step.hint ? <span className="offer-step-hint">{step.hint}</span> : null}
            </li>
          ))}
          {progress.done ? (
            <li className="offer-step-done">Условия выполнены — акция применится при оформлении заказа</li>
          ) : null}
        </ol>
      )}
    </section>
  );
}
