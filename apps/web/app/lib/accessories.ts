// The accessories block of the product page (SPEC §3 Accessory promotion, §4 Accessories, §9):
// what the loader streams, the browser calls for group switching, «Показать ещё» and the promotion
// modal, and the selection with its single warranty.
import { useCallback, useMemo, useState } from 'react';
import {
  ACCESSORY_INSTALMENT_FLAGS,
  accessoryActionKind,
  selectWarranty,
  type AccessoryActionErrors,
  type AccessoryActionKind,
} from '@store/domain';
import {
  createApiClient,
  type AccessoryBundle,
  type AccessoryGroup,
  type Action,
  type ApiClient,
  type ProductCard,
} from '@store/api-client';
import type { Warranty } from './product.ts';

/** The API client of the browser: same-origin /api. */
const browserApi = createApiClient();

/** Accessories per page on the product page and in the promotion modal. */
export const ACCESSORIES_PER_PAGE = 8;
export const PROMOTION_ACCESSORIES_PER_PAGE = 12;
/** Query parameters of the block's links, so the first view works without JavaScript. */
export const ACCESSORY_GROUP_PARAM = 'accessory_group';
export const ACCESSORY_PAGE_PARAM = 'accessory_page';
export const ACCESSORIES_ANCHOR = 'pp-accessories';

export interface AccessoryPage {
  items: ProductCard[];
  totalCount: number;
  pageCount: number;
  page: number;
}

/** An accessory promotion (SPEC §3) in the words the page uses. */
export interface AccessoryPromotion {
  id: number;
  name: string;
  description: string;
  actionType: Action['action_type'];
  discount: number;
  /** Which error flag a failing load sets; null for promotions that are no instalment. */
  kind: AccessoryActionKind | null;
  isCredit: boolean;
  installmentLimit: number | null;
  priceFrom: number | null;
  priceOfAccessories: number;
  categories: AccessoryGroup[];
  shouldAddWarranties: boolean;
  isCompleted: boolean;
  hasConditions: boolean;
  specialWarranty: NonNullable<Action['specialWarranty']> | null;
}

export interface AccessoryBlock {
  productId: number;
  groups: AccessoryGroup[];
  groupId: number | null;
  /** The first page of the chosen group; null when it failed to load. */
  page: AccessoryPage | null;
  warranties: Warranty[];
  /** Null when the bundle failed to load or has no accessories (SPEC §8: the bundle is hidden). */
  bundle: AccessoryBundle | null;
  promotions: AccessoryPromotion[];
  /** SPEC §8: an accessory instalment action failure sets the flag of its kind. */
  promotionErrors: AccessoryActionErrors;
}

/** The accessory promotions among the actions of the product (those that offer accessories). */
export function toAccessoryPromotions(actions: readonly Action[]): AccessoryPromotion[] {
  return actions.flatMap((a) =>
    a.accessories && a.accessories.length > 0
      ? [
          {
            id: a.id,
            name: a.publicName ?? a.public_name,
            description: a.public_description,
            actionType: a.action_type,
            discount: a.discount,
            kind: accessoryActionKind({ isCredit: a.isCredit ?? false, hasBankFlags: Boolean(a.bank_flags) }),
            isCredit: a.isCredit ?? false,
            installmentLimit: a.installmentLimit ?? null,
            priceFrom: a.priceFrom ?? null,
            priceOfAccessories: a.priceOfAccessories ?? 0,
            categories: a.accessories,
            shouldAddWarranties: a.shouldAddWarranties ?? false,
            isCompleted: a.isCompleted ?? false,
            hasConditions: a.hasConditions ?? false,
            specialWarranty: a.specialWarranty ?? null,
          },
        ]
      : [],
  );
}

/** The product's accessory promotions, with the flags of SPEC §7 (show_hidden, group_deferred, group_credit). */
export async function loadAccessoryPromotions(
  api: ApiClient,
  productId: number,
  actionIds?: number[],
): Promise<AccessoryPromotion[]> {
  const actions = await api.actions.list({
    basket: [{ product_id: productId, qty: 1 }],
    show_hidden: ACCESSORY_INSTALMENT_FLAGS.showHidden ? 1 : 0,
    group_deferred: ACCESSORY_INSTALMENT_FLAGS.groupDeferred ? 1 : 0,
    group_credit: ACCESSORY_INSTALMENT_FLAGS.groupCredit ? 1 : 0,
    expand: ['bank_flags'],
    ...(actionIds ? { action_ids: actionIds } : {}),
  });
  return toAccessoryPromotions(actions);
}

export async function loadAccessoryPage(
  api: ApiClient,
  productId: number,
  q: { groupId: number | null; page: number; perPage: number; actionId?: number },
): Promise<AccessoryPage> {
  const list = await api.products.accessories(productId, {
    page: q.page,
    per_page: q.perPage,
    ...(q.groupId === null ? {} : { accessory_group_ids: [q.groupId] }),
    ...(q.actionId === undefined ? {} : { action_id: q.actionId }),
  });
  return { items: list.items, totalCount: list.totalCount, pageCount: list.pageCount, page: q.page };
}

/** Browser calls of the block. */
export const fetchAccessoryPage = (productId: number, q: Parameters<typeof loadAccessoryPage>[2]) =>
  loadAccessoryPage(browserApi, productId, q);
export const fetchAccessoryPromotion = async (productId: number, actionId: number) =>
  (await loadAccessoryPromotions(browserApi, productId, [actionId]))[0] ?? null;

export const accessoryGroupHref = (groupId: number, page = 1) =>
  `?${ACCESSORY_GROUP_PARAM}=${groupId}${page > 1 ? `&${ACCESSORY_PAGE_PARAM}=${page}` : ''}#${ACCESSORIES_ANCHOR}`;

// ---------------------------------------------------------------- Selection

/** One selected item: an accessory (key = product id) or a warranty (key = −warranty id). */
export interface SelectedItem {
  key: number;
  kind: 'accessory' | 'warranty';
  name: string;
  price: number;
}

export const warrantyKey = (warranty: Warranty) => -warranty.id;

/**
 * The accessories and the one warranty chosen on the page (SPEC §4: selecting another warranty
 * replaces the selected one). Shared by the list and the promotion modal.
 */
export function useAccessorySelection(warranties: readonly Warranty[]) {
  const [items, setItems] = useState<SelectedItem[]>([]);
  const warrantyKeys = useMemo(() => warranties.map(warrantyKey), [warranties]);

  const toggleAccessory = useCallback((card: ProductCard) => {
    setItems((current) =>
      current.some((i) => i.key === card.id)
        ? current.filter((i) => i.key !== card.id)
        : [...current, { key: card.id, kind: 'accessory', name: card.name, price: card.offer.price }],
    );
  }, []);

  const toggleWarranty = useCallback(
    (warranty: Warranty) => {
      setItems((current) => {
        const known = new Map(current.map((i) => [i.key, i]));
        known.set(warrantyKey(warranty), {
          key: warrantyKey(warranty),
          kind: 'warranty',
          name: warranty.name,
          price: warranty.price,
        });
        const keys = selectWarranty(
          current.map((i) => i.key),
          warrantyKey(warranty),
          warrantyKeys,
        );
        return keys.map((key) => known.get(key)!);
      });
    },
    [warrantyKeys],
  );

  const selected = useMemo(() => new Set(items.map((i) => i.key)), [items]);
  const accessoriesTotal = items.filter((i) => i.kind === 'accessory').reduce((sum, i) => sum + i.price, 0);
  const total = items.reduce((sum, i) => sum + i.price, 0);
  return {
    items,
    selected,
    total,
    accessoriesTotal,
    warrantySelected: items.some((i) => i.kind === 'warranty'),
    toggleAccessory,
    toggleWarranty,
    clear: () => setItems([]),
  };
}
export type AccessorySelection = ReturnType<typeof useAccessorySelection>;

/** Bundle saving: what the old prices of its products exceed the current ones by. */
export function bundleSaving(products: readonly ProductCard[]): number {
  return products.reduce((sum, p) => sum + Math.max(0, (p.offer.price_old ?? p.offer.price) - p.offer.price), 0);
}
