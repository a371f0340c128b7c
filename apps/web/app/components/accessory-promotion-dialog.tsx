// The accessory promotion modal of the product page (SPEC §4 Accessories): the promotion's accessories
// with the instalment limit, the starting-price progress and the branded-warranty rule. Loaded only when a
// shopper opens a promotion (React.lazy in product-accessories.tsx), so the product page does not ship it.
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import type { ProductDetail } from '@store/api-client';
import {
  accessoryPricePercent,
  brandedWarrantyCreditAllowed,
  exceedsInstallmentLimit,
  formatPrice,
} from '@store/domain';
import {
  PROMOTION_ACCESSORIES_PER_PAGE,
  fetchAccessoryPage,
  fetchAccessoryPromotion,
  warrantyKey,
  type AccessoryPage,
  type AccessoryPromotion,
  type AccessorySelection,
} from '../lib/accessories.ts';
import type { Warranty } from '../lib/product.ts';
import { productsText } from '../lib/product-card.ts';
import { AppLink } from './app-link.tsx';
import { Icon } from './icons.tsx';
import { AccessoryItem, ERROR_TEXT, WarrantyItem } from './product-accessories.tsx';

type DialogState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; promotion: AccessoryPromotion; page: AccessoryPage; groupId: number | null };

export default function PromotionDialog({
  product,
  summary,
  selection,
  warranties,
  onClose,
  onGone,
  onLoaded,
}: {
  product: ProductDetail;
  summary: AccessoryPromotion;
  selection: AccessorySelection;
  warranties: Warranty[];
  onClose: () => void;
  onGone: () => void;
  onLoaded: (failed: boolean) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [state, setState] = useState<DialogState>({ status: 'loading' });
  const [listLoading, setListLoading] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const dialog = ref.current;
    // showModal makes the rest of the page inert (focus stays inside) and Esc closes it. No close() on
    // cleanup: it queues a `close` event, and React's development double effect (StrictMode) would run the
    // cleanup right after opening, so that event closed the modal at once. Unmounting removes the element,
    // which takes it out of the top layer without an event.
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // onGone and onLoaded change with every render of the parent; the load depends on the action only.
  const loaded = useEffectEvent(onLoaded);
  const gone = useEffectEvent(onGone);

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    Promise.all([
      fetchAccessoryPromotion(product.id, summary.id),
      fetchAccessoryPage(product.id, {
        groupId: null,
        page: 1,
        perPage: PROMOTION_ACCESSORIES_PER_PAGE,
        actionId: summary.id,
      }),
    ]).then(
      ([promotion, page]) => {
        if (cancelled) return;
        loaded(false);
        // SPEC §4: if no action is found, the modal closes.
        if (!promotion) gone();
        else setState({ status: 'ready', promotion, page, groupId: null });
      },
      (error: unknown) => {
        if (cancelled) return;
        console.warn('accessory promotion', error);
        loaded(true);
        setState({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [product.id, summary.id, attempt]);

  const loadList = async (groupId: number | null, pageNumber: number) => {
    if (state.status !== 'ready') return;
    setListLoading(true);
    try {
      const next = await fetchAccessoryPage(product.id, {
        groupId,
        page: pageNumber,
        perPage: PROMOTION_ACCESSORIES_PER_PAGE,
        actionId: summary.id,
      });
      setState((current) =>
        current.status !== 'ready'
          ? current
          : {
              ...current,
              groupId,
              page:
                pageNumber > 1 && current.groupId === groupId
                  ? { ...next, items: [...current.page.items, ...next.items] }
                  : next,
            },
      );
    } catch (error) {
      console.warn('accessory promotion page', error);
    } finally {
      setListLoading(false);
    }
  };

  return (
    <dialog
      ref={ref}
      className="modal pp-promo-dialog"
      aria-labelledby={titleId}
      aria-busy={state.status === 'loading'}
      onClose={onClose}
    >
      <div className="modal-head">
        <h2 id={titleId}>{summary.name}</h2>
        <button type="button" className="icon-button" aria-label="Закрыть" onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      <div className="pp-promo-body">
        {state.status === 'loading' ? (
          <p role="status" className="pp-promo-loading">
            Загружаем условия акции…
          </p>
        ) : null}
        {state.status === 'failed' ? (
          <div role="alert" className="pp-acc-error">
            <p>
              {summary.kind
                ? ERROR_TEXT[summary.kind]
                : 'Не удалось загрузить условия акции. Обновите страницу или попробуйте позже.'}
            </p>
            <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
              Повторить
            </button>
          </div>
        ) : null}
        {state.status === 'ready' ? (
          <PromotionContent
            product={product}
            promotion={state.promotion}
            page={state.page}
            groupId={state.groupId}
            listLoading={listLoading}
            selection={selection}
            warranties={warranties}
            onGroup={(groupId) => void loadList(groupId, 1)}
            onMore={() => void loadList(state.groupId, state.page.page + 1)}
          />
        ) : null}
      </div>
    </dialog>
  );
}

function PromotionContent({
  product,
  promotion,
  page,
  groupId,
  listLoading,
  selection,
  warranties,
  onGroup,
  onMore,
}: {
  product: ProductDetail;
  promotion: AccessoryPromotion;
  page: AccessoryPage;
  groupId: number | null;
  listLoading: boolean;
  selection: AccessorySelection;
  warranties: Warranty[];
  onGroup: (groupId: number | null) => void;
  onMore: () => void;
}) {
  const currentTotal = promotion.priceOfAccessories + selection.total;
  const limit = promotion.isCredit ? promotion.installmentLimit : null;
  const percent = accessoryPricePercent(promotion.priceOfAccessories + selection.accessoriesTotal, promotion.priceFrom);
  const special = promotion.specialWarranty;
  const brandMatches = special ? product.brand.id === special.brandId : true;
  const categoryMatches = special ? product.category.id === special.categoryId : true;
  const instalmentAllowed = brandedWarrantyCreditAllowed({
    isCreditAction: promotion.isCredit,
    hasSpecialWarranty: special !== null,
    brandMatches,
    categoryMatches,
    warrantySelected: selection.warrantySelected,
  });
  const groups = [
    { id: null, name: 'Все', accessory_count: promotion.categories.reduce((s, c) => s + c.accessory_count, 0) },
    ...promotion.categories,
  ];

  return (
    <>
      {promotion.description ? <p className="pp-promo-description">{promotion.description}</p> : null}

      {limit !== null ? (
        <p className="pp-promo-limit">
          Лимит рассрочки {formatPrice(limit)}, осталось{' '}
          <strong>{formatPrice(Math.max(0, limit - currentTotal))}</strong>
        </p>
      ) : null}

      {promotion.priceFrom !== null && promotion.priceFrom > 0 ? (
        <div className="pp-promo-progress">
          <p>
            Аксессуары на {formatPrice(promotion.priceOfAccessories + selection.accessoriesTotal)} из{' '}
            {formatPrice(promotion.priceFrom)}
            {percent >= 100 ? ' — условие акции выполнено' : ''}
          </p>
          <div
            className="pp-promo-bar"
            role="progressbar"
            aria-label="Выполнение условия акции"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(percent)}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
        </div>
      ) : null}

      {special ? (
        <p className={instalmentAllowed ? 'pp-promo-rule is-ok' : 'pp-promo-rule'} role="status">
          {instalmentAllowed
            ? 'Рассрочка доступна: выбрана дополнительная гарантия.'
            : !brandMatches || !categoryMatches
              ? `Рассрочка по этой акции доступна только для товаров ${special.brandName} из категории «${special.categoryName}».`
              : 'Рассрочка доступна только с дополнительной гарантией: выберите её ниже.'}
        </p>
      ) : null}

      {promotion.shouldAddWarranties && warranties.length > 0 ? (
        <fieldset className="pp-promo-warranties">
          <legend>Дополнительная гарантия</legend>
          <ul className="pp-promo-warranty-list">
            {warranties.map((w) => (
              <WarrantyItem
                compact
                key={w.id}
                warranty={w}
                selected={selection.selected.has(warrantyKey(w))}
                onToggle={() => selection.toggleWarranty(w)}
              />
            ))}
          </ul>
        </fieldset>
      ) : null}

      <nav className="chips pp-acc-groups" aria-label="Группы аксессуаров акции">
        <ul>
          {groups.map((g) => (
            <li key={g.id ?? 'all'}>
              <button
                type="button"
                className={g.id === groupId ? 'chip is-current' : 'chip'}
                aria-pressed={g.id === groupId}
                onClick={() => onGroup(g.id)}
              >
                {g.name}
                <span className="chip-count">{g.accessory_count.toLocaleString('ru-RU')}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <ul className="pp-acc-list pp-acc-list--compact" aria-busy={listLoading} aria-label="Аксессуары акции">
        {page.items.map((item) => {
          const selected = selection.selected.has(item.id);
          const overLimit =
            !selected && exceedsInstallmentLimit({ accessoryPrice: item.offer.price, limit, currentTotal });
          return (
            <AccessoryItem
              key={item.id}
              product={item}
              selected={selected}
              overLimit={overLimit}
              onToggle={() => selection.toggleAccessory(item)}
            />
          );
        })}
      </ul>
      {page.page < page.pageCount ? (
        <button type="button" className="button pp-promo-more" disabled={listLoading} onClick={onMore}>
          {listLoading ? 'Загружаем…' : 'Показать ещё'}
        </button>
      ) : null}

      <div className="pp-promo-foot">
        <p role="status">
          {selection.items.length > 0
            ? `Выбрано ${productsText(selection.items.length)} на ${formatPrice(selection.total)}`
            : 'Ничего не выбрано'}
        </p>
        {promotion.isCredit && !instalmentAllowed ? (
          <button type="button" className="button button-primary" disabled title="Условия рассрочки не выполнены">
            Оформить в рассрочку
          </button>
        ) : (
          <AppLink to="/cart" className="button button-primary">
            {promotion.isCredit ? 'Оформить в рассрочку' : 'Перейти в корзину'}
          </AppLink>
        )}
      </div>
    </>
  );
}
