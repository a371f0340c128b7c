// The streamed accessories block of the product page (SPEC §4 Accessories, §8): groups, the first
// page of the chosen group, warranties (per_page 15), the bundle and the accessory promotions, each
// loaded on its own so one failing call hides only its part. It never rejects: the API has already
// logged a failure (in-process, with the request's trace id).
import type { ApiClient, ProductDetail } from '@store/api-client';
import { NO_ACCESSORY_ACTION_ERRORS, bundleItems, showsBundle, type AccessoryActionErrors } from '@store/domain';
import {
  ACCESSORIES_PER_PAGE,
  ACCESSORY_GROUP_PARAM,
  ACCESSORY_PAGE_PARAM,
  loadAccessoryPage,
  loadAccessoryPromotions,
  type AccessoryBlock,
  type AccessoryPromotion,
} from './accessories.ts';
import type { Warranty } from './product.ts';

const POSITIVE = /^[1-9][0-9]{0,8}$/;
const positiveParam = (search: URLSearchParams, name: string) => {
  const raw = search.get(name);
  return raw !== null && POSITIVE.test(raw) ? Number(raw) : null;
};

/**
 * The block for a product. `warranties` is the page's own streamed warranty list (the buy box shows
 * it too), so the API is asked once per page.
 */
export async function loadAccessoryBlock(
  api: ApiClient,
  product: Pick<ProductDetail, 'id'>,
  search: URLSearchParams,
  warranties: Promise<Warranty[]>,
): Promise<AccessoryBlock | null> {
  const promotions = loadAccessoryPromotions(api, product.id).then(
    (list) => ({ list, errors: NO_ACCESSORY_ACTION_ERRORS }),
    // SPEC §8: an accessory instalment action failure sets the error flag of each kind it covers.
    (): { list: AccessoryPromotion[]; errors: AccessoryActionErrors } => ({
      list: [],
      errors: { instalment: true, bankInstalment: true },
    }),
  );
  const bundle = api.products.accessoryBundle(product.id).then(
    (b) => {
      const products = bundleItems(b.products[0]!, b.products.slice(1));
      return showsBundle({ loadFailed: false, accessoryCount: products.length - 1 })
        ? { ...b, products, total: products.reduce((sum, p) => sum + p.offer.price, 0) }
        : null;
    },
    // SPEC §8: a bundle load failure hides the bundle (a product without accessories answers 404).
    () => null,
  );

  const groups = await api.products.accessoryGroups(product.id).catch(() => null);
  const wanted = positiveParam(search, ACCESSORY_GROUP_PARAM);
  const groupId = groups?.find((g) => g.id === wanted)?.id ?? groups?.[0]?.id ?? null;
  const page = positiveParam(search, ACCESSORY_PAGE_PARAM) ?? 1;
  const firstPage =
    groups && groupId !== null
      ? await loadAccessoryPage(api, product.id, { groupId, page, perPage: ACCESSORIES_PER_PAGE }).catch(() => null)
      : null;

  const [promotionResult, warrantyList, bundleValue] = await Promise.all([promotions, warranties, bundle]);
  const block: AccessoryBlock = {
    productId: product.id,
    groups: groups ?? [],
    groupId,
    page: firstPage,
    warranties: warrantyList,
    bundle: bundleValue,
    promotions: promotionResult.list,
    promotionErrors: promotionResult.errors,
  };
  const empty =
    block.groups.length === 0 &&
    block.bundle === null &&
    block.promotions.length === 0 &&
    !block.promotionErrors.instalment &&
    !block.promotionErrors.bankInstalment;
  return empty ? null : block;
}
