// The basket's operations (SPEC §3 Basket line, §4 Checkout, §7 Basket) on top of data/basket.ts:
// caps every quantity by max_quantity and the stock in the city, keeps one warranty per product
// line, nests warranties and accessories under their product line, and answers the whole basket.
import {
  NOT_IN_CITY_MESSAGE,
  basketTotals,
  capQuantity,
  purchasability,
  warrantiesReplacedBy,
  warrantyOffers,
  type Purchase,
  type PurchaseFacts,
} from '@store/domain';
import {
  deleteBasketLines,
  insertBasketLine,
  listBasketLines,
  listBasketProducts,
  setBasketLineQty,
  setBasketLinesRemoved,
  type BasketLineKind,
  type BasketLineRow,
  type BasketProductRow,
  type Queryable,
} from '../data/basket.ts';
import { retrieveCityPoint, toPurchaseFacts } from '../data/purchase.ts';
import { ApiError } from '../http/errors.ts';

export interface BasketItem {
  id: number;
  product_id: number;
  kind: BasketLineKind;
  parent_id: number | null;
  name: string;
  url: string;
  image: string | null;
  /** Unit price before discount, kopecks. */
  price: number;
  /** Unit price to pay, kopecks. */
  final_price: number;
  /** Unit price when the line was added, kopecks. */
  price_at_add: number;
  qty: number;
  /** The most units this line may hold (max_quantity and stock in the city). */
  max_qty: number;
  warranty_id: number | null;
  supplier_id: number | null;
  is_preorder: boolean;
  removed: boolean;
  children: BasketItem[];
}

export interface Basket {
  /** Active product lines with their warranties and accessories nested. */
  items: BasketItem[];
  /** Removed lines that «Вернуть» brings back: removed product lines, and removed children of active lines. */
  removed: BasketItem[];
  /** Lines whose product is neither available nor offered by a supplier (§4 Checkout): not counted. */
  unavailable: BasketItem[];
  totals: { sum: number; discount: number; count: number };
  /** What the last call changed on its own (a quantity lowered to the cap). */
  messages: string[];
}

export const emptyBasket = (messages: string[] = []): Basket => ({
  items: [],
  removed: [],
  unavailable: [],
  totals: { sum: 0, discount: 0, count: 0 },
  messages,
});

/** A basket product with the facts of the purchase rule (domain purchasability, decision 0010). */
type BasketProduct = BasketProductRow & { purchase: PurchaseFacts | null };

async function listProducts(handle: Queryable, ids: readonly number[], cityId: number): Promise<BasketProduct[]> {
  const rows = await listBasketProducts(handle, ids, cityId);
  const origin = rows.length > 0 ? await retrieveCityPoint(handle, cityId) : null;
  return rows.map(({ facts, ...r }) => ({ ...r, purchase: toPurchaseFacts(facts, origin) }));
}

/** How a line of this product (from this seller, or the store) is bought in the city. */
function purchaseOf(p: BasketProduct, supplierId: number | null): Purchase {
  if (!p.purchase) return purchasability({ ...NO_FACTS, status: 0 });
  return purchasability(p.purchase, { supplierId });
}

const NO_FACTS: PurchaseFacts = {
  status: 0,
  available: false,
  preorder: false,
  maxQuantity: 0,
  cityQuantity: 0,
  cityStores: 0,
  elsewhere: [],
  marketplace: [],
  carried: false,
};

function unitPrices(p: BasketProduct, supplierId: number | null) {
  const offer = supplierId === null ? null : p.supplier_offers.find((o) => o.supplier_id === supplierId);
  const finalPrice = offer?.price ?? p.price;
  const oldPrice = offer ? null : p.price_old;
  return { price: Math.max(finalPrice, oldPrice ?? 0), finalPrice };
}

/** The basket as the shopper sees it now, in the given city. */
export async function buildBasket(
  handle: Queryable,
  basketId: string | null,
  cityId: number,
  messages: string[] = [],
): Promise<Basket> {
  if (basketId === null) return emptyBasket(messages);
  return basketOfLines(handle, await listBasketLines(handle, basketId), cityId, messages);
}

/**
 * A one-click order's basket (decision 0008): one unit of the product as a line of its own (id 0),
 * bought from the city's stock or else the cheapest seller, exactly as a basket line would be; the
 * shopper's basket is not touched. An unknown or hidden product is 404.
 */
export async function oneClickBasket(handle: Queryable, productId: number, cityId: number): Promise<Basket> {
  const product = await productFor(handle, productId, cityId);
  const line: BasketLineRow = {
    id: 0,
    product_id: product.id,
    qty: 1,
    parent_id: null,
    kind: 'product',
    warranty_id: null,
    supplier_id: chooseSupplier(product, undefined),
    price_snapshot: product.price,
    removed: false,
  };
  return basketOfLines(handle, [line], cityId, []);
}

/** The basket of these lines as the shopper sees it now, in the given city. */
async function basketOfLines(
  handle: Queryable,
  lines: readonly BasketLineRow[],
  cityId: number,
  messages: string[],
): Promise<Basket> {
  if (lines.length === 0) return emptyBasket(messages);
  const products = new Map(
    (await listProducts(handle, [...new Set(lines.map((l) => l.product_id))], cityId)).map((p) => [p.id, p]),
  );
  const byId = new Map(lines.map((l) => [l.id, l]));

  const toItem = (line: BasketLineRow, parent: BasketItem | null): BasketItem | null => {
    const product = products.get(line.product_id);
    if (!product) return null;
    const base = {
      id: line.id,
      product_id: line.product_id,
      kind: line.kind,
      parent_id: line.parent_id,
      url: product.url,
      image: product.image,
      price_at_add: line.price_snapshot,
      warranty_id: line.warranty_id,
      supplier_id: line.supplier_id,
      is_preorder: product.preorder,
      removed: line.removed,
      children: [],
    };
    if (line.kind === 'warranty') {
      // A warranty covers every unit of its product: it follows the product line's quantity.
      const plan = warrantyOffers(parent?.final_price ?? product.price, true).find((w) => w.id === line.warranty_id);
      const price = plan?.price ?? line.price_snapshot;
      return {
        ...base,
        name: plan?.name ?? 'Дополнительная гарантия',
        price,
        final_price: price,
        qty: parent?.qty ?? line.qty,
        max_qty: parent?.max_qty ?? line.qty,
      };
    }
    const max = purchaseOf(product, line.supplier_id).maxQty;
    const { price, finalPrice } = unitPrices(product, line.supplier_id);
    return {
      ...base,
      name: product.name,
      price,
      final_price: finalPrice,
      // The shopper's quantity as asked, even when the stock dropped below it since: the basket shows
      // the shortage (qty > max_qty) and the shopper decides; create-order refuses it with 409.
      qty: Math.max(1, line.qty),
      max_qty: max,
    };
  };

  const basket = emptyBasket(messages);
  const top = new Map<number, BasketItem>();
  for (const line of lines) {
    if (line.parent_id !== null) continue;
    const item = toItem(line, null);
    if (!item) continue;
    const product = products.get(line.product_id)!;
    top.set(line.id, item);
    if (line.removed) basket.removed.push(item);
    else if (purchaseOf(product, line.supplier_id).way === 'unavailable' || item.max_qty < 1) {
      basket.unavailable.push(item);
    } else basket.items.push(item);
  }
  for (const line of lines) {
    if (line.parent_id === null) continue;
    const parent = top.get(line.parent_id);
    const parentLine = byId.get(line.parent_id);
    if (!parent || !parentLine) continue;
    const item = toItem(line, parent);
    if (!item) continue;
    if (line.kind === 'accessory' && !line.removed) {
      const product = products.get(line.product_id)!;
      if (purchaseOf(product, line.supplier_id).way === 'unavailable' || item.max_qty < 1) {
        basket.unavailable.push(item);
        continue;
      }
    }
    // Children removed with their product come back with it; a child removed alone is restorable by itself.
    if (line.removed && !parentLine.removed) basket.removed.push(item);
    else if (line.removed === parentLine.removed) parent.children.push(item);
  }
  const totalLine = (i: BasketItem): Parameters<typeof basketTotals>[0][number] => ({
    kind: i.kind,
    qty: i.qty,
    price: i.price,
    finalPrice: i.final_price,
    children: i.children.map(totalLine),
  });
  basket.totals = basketTotals(basket.items.map(totalLine));
  return basket;
}

/* ---------- operations: each returns the messages to show with the basket ---------- */

async function productFor(handle: Queryable, productId: number, cityId: number) {
  const [product] = await listProducts(handle, [productId], cityId);
  if (!product || product.status !== 1) throw new ApiError(404, 'Товар не найден');
  return product;
}

/** The seller a new line is bought from: the asked one, or the one the purchase rule chooses. */
function chooseSupplier(product: BasketProduct, asked: number | undefined): number | null {
  if (asked !== undefined) {
    if (!product.supplier_offers.some((o) => o.supplier_id === asked)) {
      throw new ApiError(422, 'Проверьте параметры запроса', {
        supplier_id: ['У этого продавца нет предложения на товар'],
      });
    }
    return asked;
  }
  // The rule picks the store's own way (stock, transfer, supplier, preorder) or the cheapest seller.
  return product.purchase ? purchasability(product.purchase).supplierId : null;
}

function requireKept(product: BasketProduct, supplierId: number | null, field = 'product_id') {
  if (purchaseOf(product, supplierId).maxQty < 1) {
    throw new ApiError(422, 'Товар нельзя добавить в корзину', { [field]: [NOT_IN_CITY_MESSAGE] });
  }
}

async function activeLine(handle: Queryable, basketId: string | null, lineId: number) {
  const lines = basketId === null ? [] : await listBasketLines(handle, basketId);
  const line = lines.find((l) => l.id === lineId);
  if (!line) throw new ApiError(404, 'Позиция корзины не найдена');
  return { line, lines };
}

/** Adds units to a line of this product (restoring it if it was removed) or a new line; capped. */
async function addUnits(
  handle: Queryable,
  basketId: string,
  product: BasketProduct,
  input: { qty: number; supplierId: number | null; parentId: number | null; kind: 'product' | 'accessory' },
  lines: readonly BasketLineRow[],
): Promise<{ lineId: number; messages: string[] }> {
  const max = purchaseOf(product, input.supplierId).maxQty;
  const existing = lines.find(
    (l) =>
      l.product_id === product.id &&
      l.kind === input.kind &&
      l.parent_id === input.parentId &&
      l.supplier_id === input.supplierId,
  );
  const already = existing && !existing.removed ? Math.min(existing.qty, max) : 0;
  const { qty, message } = capQuantity(already + input.qty, max);
  const messages = message ? [`${product.name}: ${message}`] : [];
  if (existing) {
    await setBasketLineQty(handle, basketId, existing.id, qty);
    if (existing.removed) {
      const children = lines.filter((l) => l.parent_id === existing.id && l.removed).map((l) => l.id);
      await setBasketLinesRemoved(handle, basketId, children, false);
    }
    return { lineId: existing.id, messages };
  }
  const lineId = await insertBasketLine(handle, {
    basketId,
    productId: product.id,
    qty,
    parentId: input.parentId,
    kind: input.kind,
    warrantyId: null,
    supplierId: input.supplierId,
    price: unitPrices(product, input.supplierId).finalPrice,
  });
  return { lineId, messages };
}

async function putWarranty(
  handle: Queryable,
  basketId: string,
  parent: BasketLineRow,
  product: BasketProduct,
  warrantyId: number,
  lines: readonly BasketLineRow[],
) {
  const plan = warrantyOffers(unitPrices(product, parent.supplier_id).finalPrice, product.is_warranty).find(
    (w) => w.id === warrantyId,
  );
  if (!plan) {
    throw new ApiError(422, 'Проверьте параметры запроса', {
      warranty_id: [product.is_warranty ? 'Такой гарантии нет' : 'Для этого товара нет дополнительной гарантии'],
    });
  }
  // One warranty per product line: the new one replaces the old.
  const children = lines
    .filter((l) => l.parent_id === parent.id && (l.kind === 'warranty' || l.kind === 'accessory'))
    .map((l) => ({ id: l.id, kind: l.kind as 'warranty' | 'accessory', warrantyId: l.warranty_id }));
  await deleteBasketLines(handle, basketId, warrantiesReplacedBy(children));
  await insertBasketLine(handle, {
    basketId,
    productId: parent.product_id,
    qty: parent.qty,
    parentId: parent.id,
    kind: 'warranty',
    warrantyId: plan.id,
    supplierId: null,
    price: plan.price,
  });
}

export async function addItem(
  handle: Queryable,
  basketId: string,
  cityId: number,
  input: { product_id: number; qty: number; supplier_id?: number | undefined; warranty_id?: number | undefined },
): Promise<string[]> {
  const product = await productFor(handle, input.product_id, cityId);
  const supplierId = chooseSupplier(product, input.supplier_id);
  requireKept(product, supplierId);
  if (input.warranty_id !== undefined && !product.is_warranty) {
    throw new ApiError(422, 'Проверьте параметры запроса', {
      warranty_id: ['Для этого товара нет дополнительной гарантии'],
    });
  }
  const lines = await listBasketLines(handle, basketId);
  const { lineId, messages } = await addUnits(
    handle,
    basketId,
    product,
    { qty: input.qty, supplierId, parentId: null, kind: 'product' },
    lines,
  );
  if (input.warranty_id !== undefined) {
    const fresh = await listBasketLines(handle, basketId);
    await putWarranty(
      handle,
      basketId,
      fresh.find((l) => l.id === lineId)!,
      product,
      input.warranty_id,
      fresh,
    );
  }
  return messages;
}

export async function addAccessory(
  handle: Queryable,
  basketId: string,
  cityId: number,
  input: { product_id: number; parent_id: number; qty: number },
): Promise<string[]> {
  const { line: parent, lines } = await activeLine(handle, basketId, input.parent_id);
  if (parent.kind !== 'product' || parent.removed) {
    throw new ApiError(422, 'Проверьте параметры запроса', { parent_id: ['Аксессуар добавляется к товару корзины'] });
  }
  const product = await productFor(handle, input.product_id, cityId);
  const supplierId = chooseSupplier(product, undefined);
  requireKept(product, supplierId);
  return (
    await addUnits(
      handle,
      basketId,
      product,
      { qty: input.qty, supplierId, parentId: parent.id, kind: 'accessory' },
      lines,
    )
  ).messages;
}

export async function addWarranty(
  handle: Queryable,
  basketId: string | null,
  cityId: number,
  input: { line_id: number; warranty_id: number },
): Promise<string[]> {
  const { line, lines } = await activeLine(handle, basketId, input.line_id);
  if (line.kind !== 'product' || line.removed) {
    throw new ApiError(422, 'Проверьте параметры запроса', { line_id: ['Гарантия добавляется к товару корзины'] });
  }
  const product = await productFor(handle, line.product_id, cityId);
  await putWarranty(handle, basketId!, line, product, input.warranty_id, lines);
  return [];
}

export async function updateItemQuantity(
  handle: Queryable,
  basketId: string | null,
  cityId: number,
  input: { line_id: number; qty: number },
): Promise<string[]> {
  const { line, lines } = await activeLine(handle, basketId, input.line_id);
  if (line.kind === 'warranty') {
    throw new ApiError(422, 'Проверьте параметры запроса', { line_id: ['Гарантия следует за количеством товара'] });
  }
  const product = await productFor(handle, line.product_id, cityId);
  const { qty, message } = capQuantity(input.qty, purchaseOf(product, line.supplier_id).maxQty);
  if (qty < 1) throw new ApiError(422, 'Товара нет в наличии', { qty: [NOT_IN_CITY_MESSAGE] });
  await setBasketLineQty(handle, basketId!, line.id, qty);
  // The warranty covers every unit of its product.
  for (const w of lines.filter((l) => l.parent_id === line.id && l.kind === 'warranty')) {
    await setBasketLineQty(handle, basketId!, w.id, qty);
  }
  return message ? [`${product.name}: ${message}`] : [];
}

export async function removeItem(handle: Queryable, basketId: string | null, input: { line_id: number }) {
  const { line, lines } = await activeLine(handle, basketId, input.line_id);
  // Removing a product line removes its warranty and accessories with it.
  const ids = [line.id, ...lines.filter((l) => l.parent_id === line.id && !l.removed).map((l) => l.id)];
  await setBasketLinesRemoved(handle, basketId!, line.removed ? [] : ids, true);
  return [];
}

export async function restoreItem(handle: Queryable, basketId: string | null, input: { line_id: number }) {
  const { line, lines } = await activeLine(handle, basketId, input.line_id);
  const ids = [line.id];
  if (line.parent_id === null) {
    // The children removed with it come back with it.
    ids.push(...lines.filter((l) => l.parent_id === line.id && l.removed).map((l) => l.id));
  } else if (lines.find((l) => l.id === line.parent_id)?.removed) {
    ids.push(line.parent_id);
  }
  await setBasketLinesRemoved(handle, basketId!, ids, false);
  return [];
}
