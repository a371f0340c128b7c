// Accessories of the product page (SPEC §4 Accessories, §8, §9 Accessories): the bundle, the
// accessory list by group with warranties mixed in, one warranty at a time, a running total of the
// selection, and the accessory promotions in a modal with the instalment limit, the starting-price
// progress and the branded-warranty rule. Streamed: a failure hides the block, never the page.
import { Suspense, useEffect, useEffectEvent, useId, useRef, useState, type MouseEvent } from 'react';
import { Await } from 'react-router';
import type { ProductCard, ProductDetail } from '@store/api-client';
import {
  accessoryActionErrorFlags,
  accessoryPricePercent,
  brandedWarrantyCreditAllowed,
  bundleWording,
  exceedsInstallmentLimit,
  formatPrice,
  insertWarranties,
  PLURAL,
  pluralize,
  type AccessoryActionErrors,
} from '@store/domain';
import {
  ACCESSORIES_ANCHOR,
  ACCESSORIES_PER_PAGE,
  PROMOTION_ACCESSORIES_PER_PAGE,
  accessoryGroupHref,
  bundleSaving,
  fetchAccessoryPage,
  fetchAccessoryPromotion,
  useAccessorySelection,
  warrantyKey,
  type AccessoryBlock,
  type AccessoryPage,
  type AccessoryPromotion,
  type AccessorySelection,
} from '../lib/accessories.ts';
import type { Warranty } from '../lib/product.ts';
import { productsText } from '../lib/product-card.ts';
import { useShell } from '../lib/shell.ts';
import { AppLink } from './app-link.tsx';
import { AddSetButton } from './basket-button.tsx';
import { Icon } from './icons.tsx';
import { Price } from './product-card.tsx';

export function ProductAccessories({
  product,
  block,
}: {
  product: ProductDetail;
  block: Promise<AccessoryBlock | null>;
}) {
  return (
    <Suspense fallback={null}>
      <Await resolve={block} errorElement={null}>
        {(loaded) => (loaded ? <AccessoriesBlock key={loaded.productId} product={product} block={loaded} /> : null)}
      </Await>
    </Suspense>
  );
}

function AccessoriesBlock({ product, block }: { product: ProductDetail; block: AccessoryBlock }) {
  const shell = useShell();
  const feature = (key: string) => shell?.features.some((f) => f.key === key && f.is_active) ?? false;
  // SPEC §4 Other: feature flags for the accessory list and for promotions before accessories.
  const listInRow = feature('accessory_list_v2');
  const promotionsFirst = feature('actions_before_accessories');
  const selection = useAccessorySelection(block.warranties);
  const hasList = block.groups.length > 0;

  const promotions = (
    <AccessoryPromotions product={product} block={block} selection={selection} warranties={block.warranties} />
  );
  return (
    <>
      {block.bundle ? <Bundle bundle={block.bundle} /> : null}
      <section className="pp-section pp-acc" id={ACCESSORIES_ANCHOR} aria-labelledby="pp-acc-title">
        <h2 id="pp-acc-title">Аксессуары</h2>
        {promotionsFirst ? promotions : null}
        {hasList ? <AccessoryList product={product} block={block} selection={selection} inRow={listInRow} /> : null}
        {hasList ? <SelectionSummary product={product} selection={selection} /> : null}
        {promotionsFirst ? null : promotions}
      </section>
    </>
  );
}

// ---------------------------------------------------------------- Bundle

function Bundle({ bundle }: { bundle: NonNullable<AccessoryBlock['bundle']> }) {
  const saving = bundleSaving(bundle.products);
  return (
    <section className="pp-section pp-bundle" aria-labelledby="pp-bundle-title">
      <h2 id="pp-bundle-title">Комплект</h2>
      <div className="pp-bundle-body">
        <ol className="pp-bundle-items">
          {bundle.products.map((p, i) => (
            <li key={p.id}>
              {i > 0 ? (
                <span className="pp-bundle-plus" aria-hidden="true">
                  +
                </span>
              ) : null}
              <AccessoryPicture product={p} />
              <div className="pp-bundle-item-text">
                <AppLink to={p.url} className="pp-acc-name">
                  {p.name}
                </AppLink>
                <Price price={p.offer.price} old={p.offer.price_old} />
              </div>
            </li>
          ))}
        </ol>
        <div className="pp-bundle-total">
          <p className="pp-bundle-title">{bundleWording(bundle.products.length)}</p>
          <p className="pp-bundle-sum">
            <span className="visually-hidden">Итого: </span>
            {formatPrice(bundle.total)}
          </p>
          {saving > 0 ? <p className="pp-bundle-saving">Выгода {formatPrice(saving)}</p> : null}
          <AddSetButton
            productId={bundle.products[0]!.id}
            accessoryIds={bundle.products.slice(1).map((p) => p.id)}
            label="Купить комплект"
          />
        </div>
      </div>
    </section>
  );
}

// ---------------------------------------------------------------- Accessory list

function AccessoryPicture({ product }: { product: ProductCard }) {
  return (
    <img
      className="pp-acc-picture"
      src={product.image ?? '/favicon.svg'}
      alt=""
      width={96}
      height={96}
      loading="lazy"
      decoding="async"
    />
  );
}

interface ListState {
  groupId: number | null;
  items: ProductCard[];
  page: number;
  pageCount: number;
  totalCount: number;
}

const stateOf = (groupId: number | null, page: AccessoryPage | null): ListState => ({
  groupId,
  items: page?.items ?? [],
  page: page?.page ?? 1,
  pageCount: page?.pageCount ?? 0,
  totalCount: page?.totalCount ?? 0,
});

function AccessoryList({
  product,
  block,
  selection,
  inRow,
}: {
  product: ProductDetail;
  block: AccessoryBlock;
  selection: AccessorySelection;
  inRow: boolean;
}) {
  const [list, setList] = useState<ListState>(() => stateOf(block.groupId, block.page));
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(block.page === null);
  const listId = useId();

  const load = async (groupId: number | null, page: number) => {
    setLoading(true);
    setFailed(false);
    try {
      const next = await fetchAccessoryPage(product.id, { groupId, page, perPage: ACCESSORIES_PER_PAGE });
      setList((current) =>
        page > 1 && current.groupId === groupId
          ? { ...stateOf(groupId, next), items: [...current.items, ...next.items] }
          : stateOf(groupId, next),
      );
    } catch (error) {
      console.warn('accessories page', error);
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  const chooseGroup = (event: MouseEvent<HTMLAnchorElement>, groupId: number) => {
    event.preventDefault();
    if (groupId !== list.groupId || failed) void load(groupId, 1);
  };
  const more = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    void load(list.groupId, list.page + 1);
  };

  const merged = insertWarranties<ProductCard, Warranty>(list.items, block.warranties);
  const shown = list.items.length;
  return (
    <div className="pp-acc-list-block">
      <nav className="chips pp-acc-groups" aria-label="Группы аксессуаров">
        <ul>
          {block.groups.map((g) => (
            <li key={g.id}>
              <a
                href={accessoryGroupHref(g.id)}
                className={g.id === list.groupId ? 'chip is-current' : 'chip'}
                aria-current={g.id === list.groupId ? 'true' : undefined}
                aria-controls={listId}
                onClick={(event) => chooseGroup(event, g.id)}
              >
                {g.name}
                <span className="chip-count">{g.accessory_count.toLocaleString('ru-RU')}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {failed ? (
        <p className="pp-acc-error" role="alert">
          Не удалось загрузить аксессуары. Попробуйте выбрать группу ещё раз.
        </p>
      ) : null}
      <ul
        id={listId}
        className={inRow ? 'pp-acc-list pp-acc-list--row' : 'pp-acc-list'}
        aria-busy={loading}
        aria-label="Аксессуары и дополнительная гарантия"
      >
        {merged.map((item) =>
          'offer' in item ? (
            <AccessoryItem
              key={item.id}
              product={item}
              selected={selection.selected.has(item.id)}
              onToggle={() => selection.toggleAccessory(item)}
            />
          ) : (
            <WarrantyItem
              key={`w${item.id}`}
              warranty={item}
              selected={selection.selected.has(warrantyKey(item))}
              onToggle={() => selection.toggleWarranty(item)}
            />
          ),
        )}
      </ul>
      {list.page < list.pageCount ? (
        <div className="pp-more">
          <p className="muted">
            Показано {shown} из {list.totalCount.toLocaleString('ru-RU')}
          </p>
          <a
            href={list.groupId === null ? `#${ACCESSORIES_ANCHOR}` : accessoryGroupHref(list.groupId, list.page + 1)}
            className="button"
            aria-disabled={loading}
            onClick={more}
          >
            {loading ? 'Загружаем…' : 'Показать ещё'}
          </a>
        </div>
      ) : null}
    </div>
  );
}

function SelectCheckbox({
  name,
  checked,
  disabled = false,
  describedBy,
  onToggle,
}: {
  name: string;
  checked: boolean;
  disabled?: boolean;
  describedBy?: string | undefined;
  onToggle: () => void;
}) {
  return (
    <label className={checked ? 'pp-acc-check is-checked' : 'pp-acc-check'}>
      <input type="checkbox" checked={checked} disabled={disabled} aria-describedby={describedBy} onChange={onToggle} />
      <span>
        {checked ? 'Выбрано' : 'Выбрать'}
        <span className="visually-hidden">: {name}</span>
      </span>
    </label>
  );
}

function AccessoryItem({
  product,
  selected,
  onToggle,
  overLimit = false,
}: {
  product: ProductCard;
  selected: boolean;
  onToggle: () => void;
  /** SPEC §4: over the instalment limit minus the current total: marked and cannot be added. */
  overLimit?: boolean;
}) {
  const noteId = useId();
  return (
    <li className={overLimit ? 'pp-acc-item is-over-limit' : 'pp-acc-item'}>
      <AccessoryPicture product={product} />
      <AppLink to={product.url} className="pp-acc-name">
        {product.name}
      </AppLink>
      <Price price={product.offer.price} old={product.offer.price_old} />
      {overLimit ? (
        <p className="pp-acc-limit" id={noteId}>
          Превышает лимит рассрочки
        </p>
      ) : null}
      <SelectCheckbox
        name={product.name}
        checked={selected}
        disabled={overLimit && !selected}
        describedBy={overLimit ? noteId : undefined}
        onToggle={onToggle}
      />
    </li>
  );
}

function WarrantyItem({
  warranty,
  selected,
  onToggle,
  compact = false,
}: {
  warranty: Warranty;
  selected: boolean;
  onToggle: () => void;
  compact?: boolean;
}) {
  return (
    <li
      className={
        compact ? 'pp-acc-item pp-acc-item--warranty pp-acc-item--compact' : 'pp-acc-item pp-acc-item--warranty'
      }
    >
      <span className="pp-acc-warranty-badge" aria-hidden="true">
        +{warranty.years}
      </span>
      <p className="pp-acc-name">
        {compact ? `На ${warranty.years} ${pluralize(warranty.years, PLURAL.year)}` : warranty.name}
      </p>
      {compact ? null : <p className="pp-acc-note muted">Ремонт или замена в сервисных центрах Мультицентра</p>}
      <div className="price price--md">
        <span className="price-now">{formatPrice(warranty.price)}</span>
      </div>
      <SelectCheckbox name={warranty.name} checked={selected} onToggle={onToggle} />
    </li>
  );
}

function SelectionSummary({ product, selection }: { product: ProductDetail; selection: AccessorySelection }) {
  const count = selection.items.length;
  return (
    <div className="pp-acc-summary">
      <p role="status" className="pp-acc-summary-text">
        {count === 0 ? (
          'Отметьте аксессуары и гарантию, чтобы посчитать покупку'
        ) : (
          <>
            Выбрано {productsText(count)} на <strong>{formatPrice(selection.total)}</strong>. Вместе с товаром:{' '}
            <strong className="pp-acc-summary-total">{formatPrice(product.offer.price + selection.total)}</strong>
          </>
        )}
      </p>
      {count > 0 ? (
        <div className="pp-acc-summary-actions">
          <button type="button" className="button" onClick={selection.clear}>
            Сбросить
          </button>
          <AddSetButton
            productId={product.id}
            accessoryIds={selection.items.filter((i) => i.kind === 'accessory').map((i) => i.key)}
            warrantyId={selection.items.find((i) => i.kind === 'warranty')?.key}
            label="Купить с аксессуарами"
          />
        </div>
      ) : null}
    </div>
  );
}

// ---------------------------------------------------------------- Promotions

const KIND_LABEL = { instalment: 'Рассрочка', bankInstalment: 'Банковская рассрочка' } as const;
const ERROR_TEXT = {
  instalment: 'Не удалось загрузить рассрочку на аксессуары. Обновите страницу или попробуйте позже.',
  bankInstalment: 'Не удалось загрузить банковскую рассрочку на аксессуары. Обновите страницу или попробуйте позже.',
} as const;

function promotionTeaser(p: AccessoryPromotion): string {
  if (p.isCredit && p.installmentLimit !== null) return `На сумму до ${formatPrice(p.installmentLimit)}`;
  if (p.actionType === 'percent_discount' && p.priceFrom !== null)
    return `−${p.discount}% от ${formatPrice(p.priceFrom)} за аксессуары`;
  return p.description;
}

function AccessoryPromotions({
  product,
  block,
  selection,
  warranties,
}: {
  product: ProductDetail;
  block: AccessoryBlock;
  selection: AccessorySelection;
  warranties: Warranty[];
}) {
  const [errors, setErrors] = useState<AccessoryActionErrors>(block.promotionErrors);
  const [openId, setOpenId] = useState<number | null>(null);
  const [gone, setGone] = useState<number[]>([]);
  const triggers = useRef(new Map<number, HTMLButtonElement>());
  const shown = block.promotions.filter((p) => !gone.includes(p.id));
  const open = shown.find((p) => p.id === openId) ?? null;
  const failedKinds = (Object.keys(KIND_LABEL) as (keyof typeof KIND_LABEL)[]).filter((kind) => errors[kind]);

  const close = (id: number) => {
    setOpenId(null);
    // Focus goes back to the button that opened the dialog.
    triggers.current.get(id)?.focus();
  };

  if (shown.length === 0 && failedKinds.length === 0 && gone.length === 0) return null;
  return (
    <div className="pp-acc-promos" aria-labelledby="pp-acc-promos-title" role="group">
      <h3 id="pp-acc-promos-title">Акции на аксессуары</h3>
      {failedKinds.map((kind) => (
        <p key={kind} className="pp-acc-error" role="alert">
          {ERROR_TEXT[kind]}
        </p>
      ))}
      {gone.length > 0 ? (
        <p className="muted" role="status">
          Акция больше не действует.
        </p>
      ) : null}
      <ul className="pp-acc-promo-list">
        {shown.map((p) => (
          <li key={p.id}>
            <button
              type="button"
              className="pp-acc-promo"
              aria-haspopup="dialog"
              ref={(node) => {
                if (node) triggers.current.set(p.id, node);
                else triggers.current.delete(p.id);
              }}
              onClick={() => setOpenId(p.id)}
            >
              <span className="pp-acc-promo-kind">
                {p.kind ? KIND_LABEL[p.kind] : p.actionType === 'present' ? 'Подарок' : 'Скидка'}
              </span>
              <span className="pp-acc-promo-name">{p.name}</span>
              <span className="pp-acc-promo-teaser">{promotionTeaser(p)}</span>
            </button>
          </li>
        ))}
      </ul>
      {open ? (
        <PromotionDialog
          key={open.id}
          product={product}
          summary={open}
          selection={selection}
          warranties={warranties}
          onClose={() => close(open.id)}
          onGone={() => {
            setGone((ids) => [...ids, open.id]);
            setOpenId(null);
          }}
          onLoaded={(failed) => {
            if (open.kind) setErrors((previous) => accessoryActionErrorFlags(previous, open.kind!, failed));
          }}
        />
      ) : null}
    </div>
  );
}

type DialogState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; promotion: AccessoryPromotion; page: AccessoryPage; groupId: number | null };

function PromotionDialog({
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
