// Accessories of the product page (SPEC §4 Accessories, §8, §9 Accessories): the bundle, the
// accessory list by group with warranties mixed in, one warranty at a time, a running total of the
// selection, and the accessory promotions in a modal with the instalment limit, the starting-price
// progress and the branded-warranty rule. Streamed: a failure hides the block, never the page.
import { Suspense, lazy, useId, useRef, useState, type MouseEvent } from 'react';
import { Await } from 'react-router';
import type { ProductCard, ProductDetail } from '@store/api-client';
import {
  accessoryActionErrorFlags,
  bundleWording,
  formatNumber,
  formatPrice,
  insertWarranties,
  PLURAL,
  pluralize,
  type AccessoryActionErrors,
} from '@store/domain';
import {
  ACCESSORIES_ANCHOR,
  ACCESSORIES_PER_PAGE,
  accessoryGroupHref,
  bundleSaving,
  fetchAccessoryPage,
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
import { ClientButton } from './client-button.tsx';
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
                <span className="chip-count">{formatNumber(g.accessory_count)}</span>
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
            Показано {shown} из {formatNumber(list.totalCount)}
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

export function AccessoryItem({
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

export function WarrantyItem({
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

// The modal is code the page needs only after a click: its own chunk, fetched when a promotion button is
// pointed at or focused (and at the latest on the click).
const loadPromotionDialog = () => import('./accessory-promotion-dialog.tsx');
const PromotionDialog = lazy(loadPromotionDialog);

const KIND_LABEL = { instalment: 'Рассрочка', bankInstalment: 'Банковская рассрочка' } as const;
export const ERROR_TEXT = {
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
            {/* Disabled until its block hydrates (decision 0067 hydrates it after the first screen): a click
                on the server's button would open nothing. */}
            <ClientButton
              className="pp-acc-promo"
              aria-haspopup="dialog"
              ref={(node) => {
                if (node) triggers.current.set(p.id, node);
                else triggers.current.delete(p.id);
              }}
              onPointerEnter={() => void loadPromotionDialog()}
              onFocus={() => void loadPromotionDialog()}
              onClick={() => setOpenId(p.id)}
            >
              <span className="pp-acc-promo-kind">
                {p.kind ? KIND_LABEL[p.kind] : p.actionType === 'present' ? 'Подарок' : 'Скидка'}
              </span>
              <span className="pp-acc-promo-name">{p.name}</span>
              <span className="pp-acc-promo-teaser">{promotionTeaser(p)}</span>
            </ClientButton>
          </li>
        ))}
      </ul>
      {open ? (
        <Suspense fallback={null}>
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
        </Suspense>
      ) : null}
    </div>
  );
}
