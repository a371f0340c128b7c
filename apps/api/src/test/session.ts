// A browser-like session for API tests: keeps the cookies the API sets and sends them back.
import type { Harness } from './api-harness.ts';

export class TestSession {
  constructor(
    private readonly h: Pick<Harness, 'call' | 'handle'>,
    private readonly ip = '10.0.0.1',
    readonly cookies = new Map<string, string>(),
  ) {}

  /** The same visitor (one cookie jar) calling another instance of the store. */
  through(other: Pick<Harness, 'call' | 'handle'>): TestSession {
    return new TestSession(other, this.ip, this.cookies);
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const init: RequestInit = {
      method,
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}),
        ...headers,
      },
    };
    if (body !== undefined) init.body = JSON.stringify(body);
    const response = await this.h.call(path, init, this.ip);
    for (const raw of response.headers.getSetCookie()) {
      const [pair = ''] = raw.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0/i.test(raw)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: response.status, body: (await response.json()) as T, headers: response.headers };
  }

  /** The newest code the local notifier wrote for this recipient. */
  async lastCode(recipient: string): Promise<string> {
    const rows = await this.h.handle.query<{ body: string }>(
      'select body from notification_outbox where recipient = $1 order by id desc limit 1',
      [recipient],
    );
    const code = /(\d{6})/.exec(rows[0]?.body ?? '')?.[1];
    if (!code) throw new Error(`no code for ${recipient}`);
    return code;
  }

  /** Registers a customer with an SMS code and stays signed in. */
  async register(phone: string, extra: Record<string, unknown> = {}) {
    const sent = await this.call('POST', '/api/auth/v2/users/register/send-code', { phone });
    if (sent.status !== 200) throw new Error(`send-code ${sent.status}`);
    const code = await this.lastCode(phone.replace(/\D/g, '').replace(/^8/, '7'));
    const answer = await this.call<{ user: { id: number } }>('POST', '/api/user/register-site', {
      phone,
      code,
      first_name: 'Анна',
      password: 'Secret123',
      password_repeat: 'Secret123',
      consent: true,
      ...extra,
    });
    if (answer.status !== 200) throw new Error(`register ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.user;
  }
}
