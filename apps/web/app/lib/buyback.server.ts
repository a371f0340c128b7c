// /likenew's loader and action («Выкуп», docs/decisions/0043). The choice of brand → model → memory →
// condition lives in the address (?brand=&model=&memory=&condition=), each step a link, so the page works before
// hydration; the booking form posts to the action, which books through the API and answers the booking (or
// the field errors) to the page.
import { data } from 'react-router';
import {
  isApiError,
  type ApiClient,
  type BuybackBooking,
  type BuybackModel,
  type BuybackPrices,
} from '@store/api-client';
import {
  buybackDates,
  localClock,
  parseTradeInCondition,
  storeGroupOf,
  type BuybackMemoryPrices,
  type TradeInCondition,
} from '@store/domain';
import { NO_STORE, apiFormErrors, formText, hasAuthCookie } from './auth.server.ts';
import { visitorCityId } from './city.server.ts';
import { readForm } from './form.server.ts';
import { listCityStores } from './stores.server.ts';

export interface BuybackStore {
  id: number;
  name: string;
  address: string;
  hours: string;
}

export interface BuybackPageData {
  brands: { id: number; name: string; popular: boolean }[];
  brandId: number | null;
  models: BuybackModel[] | null;
  prices: BuybackPrices | null;
  /** The chosen size (the only one of a model without sizes). */
  memory: BuybackMemoryPrices | null;
  condition: TradeInCondition | null;
  /** Kopecks the store pays for the chosen device; null until it is chosen. */
  price: number | null;
  cityId: number | null;
  cityName: string;
  stores: BuybackStore[];
  /** Dates any multicenter of the city takes hand-ins on, from tomorrow. */
  dates: string[];
  contacts: { name: string; phone: string; email: string };
}

export type BuybackActionData =
  | { booked: BuybackBooking; errors?: undefined; message?: undefined }
  | { booked?: undefined; message: string; errors: Record<string, string> };

const positive = (raw: string | null) => (raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/** A page call whose 404 means the address names something the list does not have: the page's 404. */
async function orPageNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (isApiError(error, 404)) throw data('Not found', { status: 404, headers: NO_STORE });
    throw error;
  }
}

export async function buybackLoader(request: Request, api: ApiClient): Promise<BuybackPageData> {
  const url = new URL(request.url);
  const modelId = positive(url.searchParams.get('model'));
  const prices = modelId === null ? null : await orPageNotFound(api.buyback.prices(modelId));
  const brandId = prices?.model.brand.id ?? positive(url.searchParams.get('brand'));
  const [brands, models, cityId, stores, profile] = await Promise.all([
    api.buyback.brands(),
    brandId === null ? null : orPageNotFound(api.buyback.models(brandId, { per_page: 100 })).then((p) => p.items),
    visitorCityId(request, api),
    listCityStores(request, api, ['address', 'type', 'work_time_line']),
    hasAuthCookie(request) ? api.account.profile().catch(signedOut) : null,
  ]);
  const memoryParam = url.searchParams.get('memory');
  const memory =
    prices?.prices.length === 1 && prices.prices[0]!.memory_gb === 0
      ? prices.prices[0]!
      : (prices?.prices.find((p) => String(p.memory_gb) === memoryParam) ?? null);
  const condition = memory ? parseTradeInCondition(url.searchParams.get('condition')) : null;
  const price = memory && condition ? memory[condition] : null;
  const multicenters = stores.filter((s) => storeGroupOf(s.type) === 'multicenter');
  const dates = new Set<string>();
  for (const s of multicenters)
    for (const d of buybackDates(localClock(new Date(), s.city.time_zone).date, s.work_time, s.holidays)) dates.add(d);
  return {
    brands,
    brandId,
    models,
    prices,
    memory,
    condition,
    price: price && price > 0 ? price : null,
    cityId,
    cityName: stores[0]?.city.name ?? '',
    stores: multicenters.map((s) => ({
      id: s.id,
      name: s.name,
      address: s.address ?? '',
      hours: s.work_time_line ?? '',
    })),
    dates: [...dates].sort(),
    contacts: {
      name: profile?.first_name ?? '',
      phone: profile?.phone ?? '',
      email: profile?.email ?? '',
    },
  };
}

/** A session the API no longer takes only loses the prefilled contacts here. */
function signedOut(error: unknown): null {
  if (isApiError(error, 401)) return null;
  throw error;
}

export async function buybackAction(request: Request, api: ApiClient) {
  const form = await readForm(request);
  const cityId = await visitorCityId(request, api);
  const number = (name: string) => {
    const raw = formText(form, name);
    return /^\d{1,9}$/.test(raw) ? Number(raw) : -1;
  };
  try {
    const booked = await api.buyback.book({
      model_id: number('model_id'),
      memory: number('memory'),
      condition: formText(form, 'condition'),
      city_id: cityId ?? -1,
      store_id: number('store_id'),
      date: formText(form, 'date'),
      name: formText(form, 'name'),
      phone: formText(form, 'phone'),
      ...(formText(form, 'email').trim() ? { email: formText(form, 'email') } : {}),
    });
    return data<BuybackActionData>({ booked }, { headers: NO_STORE });
  } catch (error) {
    const problem = apiFormErrors(error);
    if (!problem) throw error;
    return data<BuybackActionData>(problem, { status: 422, headers: NO_STORE });
  }
}
