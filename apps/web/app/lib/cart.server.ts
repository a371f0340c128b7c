// The /cart route's calls to the basket API in-process. The API keeps the basket by its cookies, so
// the cookies it sets are passed on to the browser, and to the next call of the same action (a new
// guest's basket_id is set by the first call and needed by the second).
import type { Basket, BasketCallName } from '@store/api-client';
import { parseCookies } from './cookies.ts';

type BasketApi = {
  basket: {
    call: (
      name: BasketCallName,
      body?: Record<string, number | undefined>,
      cookie?: string,
    ) => Promise<{ data: Basket; headers: Headers }>;
  };
};

export class BasketSession {
  private readonly cookies: Record<string, string>;
  readonly setCookies: string[] = [];

  constructor(
    private readonly api: BasketApi,
    cookieHeader: string | null,
  ) {
    this.cookies = parseCookies(cookieHeader);
  }

  async call(name: BasketCallName, body: Record<string, number | undefined> = {}): Promise<Basket> {
    const cookie = Object.entries(this.cookies)
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join('; ');
    const { data, headers } = await this.api.basket.call(name, body, cookie);
    for (const raw of headers.getSetCookie()) {
      this.setCookies.push(raw);
      const [pair = ''] = raw.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies[pair.slice(0, at)] = decodeURIComponent(pair.slice(at + 1));
    }
    return data;
  }

  /** Response headers carrying the cookies the calls set (the last value of each cookie wins in browsers). */
  headers(extra: Record<string, string> = {}): Headers {
    const headers = new Headers(extra);
    for (const raw of this.setCookies) headers.append('set-cookie', raw);
    return headers;
  }
}

/** A positive integer form field, or undefined. */
export function formInt(form: FormData, name: string): number | undefined {
  const raw = form.get(name);
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 0 ? n : undefined;
}

export function formInts(form: FormData, name: string): number[] {
  return form
    .getAll(name)
    .filter((v): v is string => typeof v === 'string' && /^\d{1,9}$/.test(v))
    .map(Number)
    .filter((n) => n > 0);
}
