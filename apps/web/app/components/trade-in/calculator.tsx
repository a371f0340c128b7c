// The trade-in calculator of /service/trade-in (SPEC §4): the providers view, then for the current old
// device brand or model search → memory → condition, the valued devices with «Удалить», and the summary
// (total discount, the promotion's bonus, the new price). Every control is a form, so it works before
// hydration.
import { Form, useNavigation } from 'react-router';
import {
  formatPrice,
  TRADE_IN_CONDITION_HINTS,
  TRADE_IN_CONDITION_LABELS,
  TRADE_IN_CONDITIONS,
  TRADE_IN_MAX_DEVICES,
  TRADE_IN_MESSAGES,
  tradeInStep,
} from '@store/domain';
import type { TradeInPageData } from '../../lib/trade-in.server.ts';
import { AppLink } from '../app-link.tsx';

type Props = { data: TradeInPageData; error: string | null };

function Hidden({ productId, tId }: { productId: number | null; tId?: number | null }) {
  return (
    <>
      {productId !== null ? <input type="hidden" name="product_id" value={productId} /> : null}
      {tId != null ? <input type="hidden" name="tId" value={tId} /> : null}
    </>
  );
}

/**
 * «Удалить» for one valued device: a navigation form, disabled while another submission of the page
 * is on its way. A second navigation would cancel the first, and the first device would stay.
 * Fetchers would not help here: the first remove's redirect is dropped once the second's has loaded.
 */
function RemoveDevice({ productId, tId, name }: { productId: number | null; tId: number; name: string | null }) {
  const pending = useNavigation().state !== 'idle';
  return (
    <Form method="post" action="/service/trade-in">
      <Hidden productId={productId} tId={tId} />
      <button
        type="submit"
        name="intent"
        value="remove"
        className="button ti-remove"
        aria-label={`Удалить ${name}`}
        disabled={pending}
      >
        Удалить
      </button>
    </Form>
  );
}

const gb = (memory: number) => (memory >= 1024 && memory % 1024 === 0 ? `${memory / 1024} ТБ` : `${memory} ГБ`);

function SearchStep({ data, productId }: { data: TradeInPageData; productId: number | null }) {
  const search = data.search!;
  const tId = data.current!.tId;
  return (
    <section className="ti-step" aria-labelledby="ti-step-title">
      <h2 id="ti-step-title" className="ti-step-title">
        Шаг 1. Какое устройство сдаёте?
      </h2>
      <Form method="get" action="/service/trade-in#calculator" className="ti-search">
        {productId !== null ? <input type="hidden" name="product" value={productId} /> : null}
        <input type="hidden" name="device" value={tId} />
        <label className="ti-field">
          <span>Бренд или модель</span>
          <input
            type="search"
            name="q"
            defaultValue={search.query}
            placeholder="Например, iPhone 13 или Galaxy S22"
            maxLength={100}
          />
        </label>
        <label className="ti-field">
          <span>Тип устройства</span>
          <select name="group" defaultValue={search.groupId ?? ''}>
            <option value="">Все</option>
            {data.groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button-primary">
          Найти
        </button>
      </Form>
      <p className="ti-popular">
        <span className="muted">Популярные бренды:</span>{' '}
        {data.popularBrands.map((b) => (
          <AppLink
            key={b.id}
            className="ti-chip"
            to={`/service/trade-in?${new URLSearchParams({
              ...(productId !== null ? { product: String(productId) } : {}),
              device: String(tId),
              q: b.name,
            }).toString()}#calculator`}
          >
            {b.name}
          </AppLink>
        ))}
      </p>
      {search.query !== '' || search.groupId !== null ? (
        search.results.length === 0 ? (
          <p role="status">Ничего не нашли. Проверьте название или выберите тип устройства.</p>
        ) : (
          <>
            <p className="muted" role="status">
              Найдено моделей: {search.total}
              {search.total > search.results.length ? `, показаны первые ${search.results.length}` : ''}
            </p>
            <ul className="ti-models">
              {search.results.map((m) => (
                <li key={m.id}>
                  <Form method="post" action="/service/trade-in">
                    <Hidden productId={productId} tId={tId} />
                    <input type="hidden" name="id" value={m.id} />
                    <button type="submit" name="intent" value="model" className="ti-model">
                      <strong>
                        {m.brand} {m.name}
                      </strong>
                      <span className="muted">{m.year}</span>
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          </>
        )
      ) : null}
    </section>
  );
}

function BackButton({ productId, tId }: { productId: number | null; tId: number }) {
  return (
    <Form method="post" action="/service/trade-in" className="ti-back">
      <Hidden productId={productId} tId={tId} />
      <button type="submit" name="intent" value="back" className="button">
        ← Назад
      </button>
    </Form>
  );
}

function MemoryStep({ data, productId }: { data: TradeInPageData; productId: number | null }) {
  const device = data.current!;
  const memories = Object.keys(data.prices?.memories ?? {})
    .map(Number)
    .sort((a, b) => a - b);
  return (
    <section className="ti-step" aria-labelledby="ti-step-title">
      <h2 id="ti-step-title" className="ti-step-title">
        Шаг 2. Объём памяти {device.brand} {device.model}
      </h2>
      {data.prices?.memory_error ? (
        <p role="alert" className="ti-error">
          {TRADE_IN_MESSAGES.noMemory}
        </p>
      ) : (
        <Form method="post" action="/service/trade-in" className="ti-options">
          <Hidden productId={productId} tId={device.tId} />
          <input type="hidden" name="intent" value="memory" />
          {memories.map((m) => (
            <button key={m} type="submit" name="memory" value={m} className="ti-option">
              <strong>{gb(m)}</strong>
              <span className="muted">до {formatPrice(data.prices!.memories[String(m)]!.perfect)}</span>
            </button>
          ))}
        </Form>
      )}
      <BackButton productId={productId} tId={device.tId} />
    </section>
  );
}

function ConditionStep({ data, productId }: { data: TradeInPageData; productId: number | null }) {
  const device = data.current!;
  const row = data.prices?.memories[String(device.memory ?? 0)];
  return (
    <section className="ti-step" aria-labelledby="ti-step-title">
      <h2 id="ti-step-title" className="ti-step-title">
        Шаг 3. Состояние {device.brand} {device.model}
        {device.memory ? `, ${gb(device.memory)}` : ''}
      </h2>
      <Form method="post" action="/service/trade-in" className="ti-options ti-conditions">
        <Hidden productId={productId} tId={device.tId} />
        <input type="hidden" name="intent" value="status" />
        {TRADE_IN_CONDITIONS.map((c) => (
          <button key={c} type="submit" name="status" value={c} className="ti-option">
            <strong>{TRADE_IN_CONDITION_LABELS[c]}</strong>
            <span className="ti-option-hint">{TRADE_IN_CONDITION_HINTS[c]}</span>
            {row ? <span className="ti-option-price">{formatPrice(row[c])}</span> : null}
          </button>
        ))}
      </Form>
      <BackButton productId={productId} tId={device.tId} />
    </section>
  );
}

export function TradeInCalculator({ data, error }: Props) {
  const { state, product, step } = data;
  const productId = product?.product_id ?? null;
  const devices = state?.devices ?? [];
  const valued = devices.filter((d) => tradeInStep(d) === 'done');
  const discounts = valued.reduce((sum, d) => sum + (d.price ?? 0), 0);
  const bonus = state?.derivable ? state.derivable.discountTradein : 0;
  const total = discounts > 0 ? discounts + bonus : 0;
  return (
    <div className="ti-calculator" id="calculator">
      <div className="ti-main">
        {error ? (
          <p role="alert" className="ti-error">
            {error}
          </p>
        ) : null}
        {devices.length === 0 ? (
          <section className="ti-providers" aria-labelledby="ti-providers-title">
            <h2 id="ti-providers-title">Оцените старое устройство</h2>
            <ol className="ti-how">
              <li>Выберите модель, память и состояние — цена появится сразу.</li>
              <li>Добавьте новый товар в корзину с Trade-in и заберите его в Мультицентре.</li>
              <li>Принесите старое устройство: продавец проверит его и сразу вычтет оценку из цены.</li>
            </ol>
            <Form method="post" action="/service/trade-in">
              <Hidden productId={productId} />
              <button type="submit" name="intent" value="add" className="button button-primary">
                Оценить устройство
              </button>
            </Form>
          </section>
        ) : (
          <>
            {step === 'search' ? <SearchStep data={data} productId={productId} /> : null}
            {step === 'memory' ? <MemoryStep data={data} productId={productId} /> : null}
            {step === 'condition' ? <ConditionStep data={data} productId={productId} /> : null}
            {valued.length > 0 ? (
              <section aria-labelledby="ti-devices-title" className="ti-devices">
                <h2 id="ti-devices-title" className="ti-step-title">
                  Ваши устройства
                </h2>
                <ul>
                  {valued.map((d) => (
                    <li key={d.tId} className="ti-device">
                      <div>
                        <strong>{d.name}</strong>
                        <span className="muted">
                          {d.info} · № {d.tId}
                        </span>
                      </div>
                      <span className="ti-device-price">{formatPrice(d.price ?? 0)}</span>
                      <RemoveDevice productId={productId} tId={d.tId} name={d.name} />
                    </li>
                  ))}
                </ul>
                {step === null && devices.length < TRADE_IN_MAX_DEVICES ? (
                  <Form method="post" action="/service/trade-in">
                    <Hidden productId={productId} />
                    <button type="submit" name="intent" value="add" className="button">
                      + Добавить ещё устройство
                    </button>
                  </Form>
                ) : null}
              </section>
            ) : null}
          </>
        )}
      </div>
      <aside className="ti-summary" aria-labelledby="ti-summary-title">
        <h2 id="ti-summary-title">Ваша выгода</h2>
        {product ? (
          <div className="ti-product">
            {product.image ? <img src={product.image} alt="" width={72} height={72} loading="lazy" /> : null}
            <AppLink to={product.url}>{product.name}</AppLink>
          </div>
        ) : (
          <p className="muted">
            Выберите новый смартфон, планшет или ноутбук в <AppLink to="/catalog">каталоге</AppLink> — на его странице
            есть кнопка Trade-in.
          </p>
        )}
        <dl className="ti-totals">
          <div>
            <dt>Оценка устройств</dt>
            <dd>{formatPrice(discounts)}</dd>
          </div>
          {state?.action && discounts > 0 ? (
            <div>
              <dt>Бонус по акции</dt>
              <dd>+ {formatPrice(bonus)}</dd>
            </div>
          ) : null}
          <div className="ti-total">
            <dt>Скидка по Trade-in</dt>
            <dd>{formatPrice(total)}</dd>
          </div>
          {product ? (
            <>
              <div>
                <dt>Цена товара</dt>
                <dd>{formatPrice(product.price)}</dd>
              </div>
              <div className="ti-new-price">
                <dt>Цена с Trade-in</dt>
                <dd>{formatPrice(Math.max(0, product.price - total))}</dd>
              </div>
            </>
          ) : null}
        </dl>
        {state?.action ? <p className="ti-action">{state.action.name}</p> : null}
        {product && valued.length > 0 && step === null ? (
          <Form method="post" action="/service/trade-in" className="ti-summary-actions">
            <Hidden productId={productId} />
            <button type="submit" name="intent" value="buy" className="button button-primary">
              Оформить с Trade-in
            </button>
            <p className="muted">Получение — в Мультицентре: возьмите с собой старые устройства и паспорт.</p>
          </Form>
        ) : null}
      </aside>
    </div>
  );
}
