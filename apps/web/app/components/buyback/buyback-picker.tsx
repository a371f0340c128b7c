// /likenew's choice: brand → model → memory → condition, each a link that puts the choice into the address
// (so the page works before hydration and every step can be shared). Prices are what the store pays now.
import { TRADE_IN_CONDITIONS, TRADE_IN_CONDITION_HINTS, TRADE_IN_CONDITION_LABELS, formatPrice } from '@store/domain';
import { AppLink } from '../app-link.tsx';
import type { BuybackPageData } from '../../lib/buyback.server.ts';

/** The page's address with these choices (later steps dropped). */
export function buybackHref(choice: { brand?: number; model?: number; memory?: number; condition?: string }): string {
  const q = new URLSearchParams();
  if (choice.brand !== undefined) q.set('brand', String(choice.brand));
  if (choice.model !== undefined) q.set('model', String(choice.model));
  if (choice.memory !== undefined) q.set('memory', String(choice.memory));
  if (choice.condition !== undefined) q.set('condition', choice.condition);
  const query = q.toString();
  return `/likenew${query ? `?${query}` : ''}#buyback`;
}

function Step({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="ti-step bb-step" aria-labelledby={id}>
      <h2 id={id} className="ti-step-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function BuybackPicker({ data }: { data: BuybackPageData }) {
  const { brandId, models, prices, memory, condition } = data;
  const model = prices?.model ?? null;
  const brand = data.brands.find((b) => b.id === brandId) ?? null;
  return (
    <>
      <Step id="bb-brand" title="1. Бренд">
        <ul className="bb-chips">
          {data.brands.map((b) => (
            <li key={b.id}>
              <AppLink
                to={buybackHref({ brand: b.id })}
                className={b.id === brandId ? 'bb-chip is-selected' : 'bb-chip'}
                aria-current={b.id === brandId ? 'true' : undefined}
              >
                {b.name}
              </AppLink>
            </li>
          ))}
        </ul>
      </Step>
      {brand && models ? (
        <Step id="bb-model" title={`2. Модель ${brand.name}`}>
          {model ? (
            // Chosen: the list folds to the model, so memory and condition follow right under it.
            <p className="bb-chosen">
              <span className="ti-model is-selected" aria-current="true">
                <span>{model.display_name}</span>
                <span className="muted">{model.year}</span>
              </span>
              <AppLink to={buybackHref({ brand: brand.id })}>Выбрать другую модель</AppLink>
            </p>
          ) : models.length === 0 ? (
            <p className="muted">Устройства этого бренда мы сейчас не выкупаем.</p>
          ) : (
            <ul className="ti-models">
              {models.map((m) => (
                <li key={m.id}>
                  <AppLink to={buybackHref({ brand: brand.id, model: m.id })} className="ti-model">
                    <span>{m.display_name}</span>
                    <span className="muted">{m.year}</span>
                  </AppLink>
                </li>
              ))}
            </ul>
          )}
        </Step>
      ) : null}
      {model && prices ? (
        prices.prices.length === 0 ? (
          <p role="alert" className="ti-error">
            Не удалось рассчитать стоимость: эту модель мы сейчас не выкупаем.
          </p>
        ) : prices.prices.length === 1 && prices.prices[0]!.memory_gb === 0 ? null : (
          <Step id="bb-memory" title="3. Объём памяти">
            <ul className="ti-options">
              {prices.prices.map((p) => (
                <li key={p.memory_gb}>
                  <AppLink
                    to={buybackHref({ brand: model.brand.id, model: model.id, memory: p.memory_gb })}
                    className={p.memory_gb === memory?.memory_gb ? 'ti-option is-selected' : 'ti-option'}
                    aria-current={p.memory_gb === memory?.memory_gb ? 'true' : undefined}
                  >
                    <strong>{p.memory}</strong>
                    <span className="muted">до {formatPrice(p.perfect)}</span>
                  </AppLink>
                </li>
              ))}
            </ul>
          </Step>
        )
      ) : null}
      {model && memory ? (
        <Step id="bb-condition" title="4. Состояние">
          <ul className="ti-options ti-conditions">
            {TRADE_IN_CONDITIONS.map((c) => (
              <li key={c}>
                {memory[c] > 0 ? (
                  <AppLink
                    to={buybackHref({
                      brand: model.brand.id,
                      model: model.id,
                      memory: memory.memory_gb,
                      condition: c,
                    })}
                    className={c === condition ? 'ti-option is-selected' : 'ti-option'}
                    aria-current={c === condition ? 'true' : undefined}
                  >
                    <strong>{TRADE_IN_CONDITION_LABELS[c]}</strong>
                    <span className="ti-option-hint">{TRADE_IN_CONDITION_HINTS[c]}</span>
                    <span className="ti-option-price">{formatPrice(memory[c])}</span>
                  </AppLink>
                ) : (
                  <span className="ti-option is-unavailable">
                    <strong>{TRADE_IN_CONDITION_LABELS[c]}</strong>
                    <span className="ti-option-hint">В этом состоянии не выкупаем</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </Step>
      ) : null}
    </>
  );
}
