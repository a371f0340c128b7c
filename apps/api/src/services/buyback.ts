// Buyback («Выкуп», docs/decisions/0043): the prices the store pays now, derived from the trade-in price list
// by the shares of packages/domain/buyback.ts, and a seller's booking of the hand-in, checked field by field
// (device and price, a multicenter of the city, one of its opening days, name and phone) and stored with its
// SMS and e-mail confirmations in one transaction, or not at all.
import type { Context } from 'hono';
import {
  BUYBACK_MESSAGES,
  FORM_MESSAGES,
  TRADE_IN_CONDITION_LABELS,
  buybackDisplayName,
  buybackPriceTable,
  formatMemoryGb,
  formatPrice,
  formatRuDate,
  isEmail,
  localClock,
  normalizePhone,
  parseTradeInCondition,
  storeGroupOf,
  validateBuybackContacts,
  validateBuybackDate,
  type BuybackMemoryPrices,
} from '@store/domain';
import { insertBuybackBooking, type BuybackBookingRow } from '../data/buyback.ts';
import { listAllStores } from '../data/stores.ts';
import { findTradeInModel, listTradeInPrices, type TradeInModelRow } from '../data/trade-in.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { customerIdOf } from '../http/requester.ts';

type Handle = ApiEnv['Variables']['deps']['handle'];

/** A model of the price list with its buyback prices per storage size; null when it is not on the list. */
export async function buybackPricesOf(
  handle: Handle,
  modelId: number,
): Promise<{ model: TradeInModelRow; prices: BuybackMemoryPrices[] } | null> {
  const model = await findTradeInModel(handle, modelId);
  if (!model) return null;
  return { model, prices: buybackPriceTable(await listTradeInPrices(handle, model.id)) };
}

export interface BuybackBookingInput {
  model_id: number;
  memory: number;
  condition: string | number;
  city_id: number;
  store_id: number;
  date: string;
  name: string;
  phone: string;
  email?: string | undefined;
}

const invalid = (errors: Record<string, string>) =>
  new ApiError(422, 'Проверьте данные записи', Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])));

/** Checks a booking and stores it with its confirmations; a 422 with field errors when anything is wrong. */
export async function createBuybackBooking(c: Context<ApiEnv>, input: BuybackBookingInput): Promise<BuybackBookingRow> {
  const { handle, adapters } = c.get('deps');
  const errors: Record<string, string> = validateBuybackContacts(input);
  const email = input.email?.trim() ?? '';
  if (email && !isEmail(email)) errors.email = FORM_MESSAGES.email;

  const condition = parseTradeInCondition(input.condition);
  if (!condition) errors.condition = 'Выберите состояние устройства';
  const priced = await buybackPricesOf(handle, input.model_id);
  let price = 0;
  if (!priced) errors.model_id = 'Такой модели нет в прайс-листе';
  else {
    const row = priced.prices.find((p) => p.memory_gb === input.memory);
    if (!row) errors.memory = 'У этой модели нет такого объёма памяти';
    else if (condition) {
      price = row[condition];
      if (price <= 0) errors.condition = BUYBACK_MESSAGES.noPrice;
    }
  }

  const store = (await listAllStores(handle)).find((s) => s.id === input.store_id);
  if (!store || store.status !== 1 || storeGroupOf(store.type) !== 'multicenter' || store.city.id !== input.city_id)
    errors.store_id = BUYBACK_MESSAGES.storeNotInCity;
  else {
    const dateProblem = validateBuybackDate(input.date, localClock(new Date(), store.city.time_zone).date, store);
    if (dateProblem) errors.date = dateProblem;
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);

  const model = priced!.model;
  const phone = normalizePhone(input.phone)!;
  return handle.transaction(async (tx) => {
    const booking = await insertBuybackBooking(tx, {
      customer_id: customerIdOf(c),
      name: input.name.trim(),
      phone,
      email: email || null,
      model_id: model.id,
      brand: model.brand,
      model: model.name,
      memory_gb: input.memory,
      condition: condition!,
      price,
      city_id: input.city_id,
      store_id: store!.id,
      visit_date: input.date,
    });
    const device = [buybackDisplayName(model.brand, model.name), formatMemoryGb(input.memory)]
      .filter(Boolean)
      .join(' ');
    const text =
      `Запись на выкуп №${booking.id}: ${device}, ${TRADE_IN_CONDITION_LABELS[condition!].toLowerCase()} состояние, ` +
      `${formatPrice(price)}. Ждём вас ${formatRuDate(`${input.date}T12:00:00Z`)} в Мультицентре ${store!.name}, ` +
      `${store!.address}. Возьмите устройство и паспорт; цена уточняется после осмотра.`;
    const payload = { buyback_booking_id: booking.id };
    await adapters.notifier.send(
      { channel: 'sms', recipient: phone, template: 'buyback-booking', subject: null, body: text, payload },
      tx,
    );
    if (email)
      await adapters.notifier.send(
        {
          channel: 'email',
          recipient: email,
          template: 'buyback-booking',
          subject: `Запись на выкуп №${booking.id} принята`,
          body: text,
          payload,
        },
        tx,
      );
    return booking;
  });
}
