import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type ClientAuth } from './index.ts';

/** A fake API: the profile needs the bearer 'fresh'; the refresh call hands it out when allowed. */
function fakeApi(refreshWorks: boolean) {
  const calls: { path: string; authorization: string | null }[] = [];
  const fetch = async (request: Request) => {
    const path = new URL(request.url).pathname;
    calls.push({ path, authorization: request.headers.get('authorization') });
    if (path === '/api/internal/user/refresh-token') {
      return refreshWorks
        ? Response.json({ access_token: 'fresh', token_type: 'Bearer', expires_in: 900 })
        : Response.json({ status: 401, message: 'Сессия истекла. Войдите снова.', errors: {} }, { status: 401 });
    }
    if (request.headers.get('authorization') === 'Bearer fresh') return Response.json({ id: 1 });
    return Response.json({ status: 401, message: 'Войдите в личный кабинет.', errors: {} }, { status: 401 });
  };
  return { fetch, calls };
}

function clientWith(refreshWorks: boolean) {
  const api = fakeApi(refreshWorks);
  let token: string | null = 'stale';
  const auth: ClientAuth = {
    token: () => token,
    refresh: async () => {
      try {
        token = (await client.auth.refresh()).data.access_token;
        return true;
      } catch {
        return false;
      }
    },
    signedOut: vi.fn(),
  };
  const client = createApiClient({ baseUrl: 'http://store.test', fetch: api.fetch, auth });
  return { client, auth, calls: api.calls };
}

describe('the client on a 401 (SPEC §8)', () => {
  it('adds the bearer token, refreshes once and retries once', async () => {
    const { client, calls, auth } = clientWith(true);
    expect(await client.account.profile()).toEqual({ id: 1 });
    expect(calls.map((c) => [c.path, c.authorization])).toEqual([
      ['/api/v2/users/me/profile', 'Bearer stale'],
      ['/api/internal/user/refresh-token', null],
      ['/api/v2/users/me/profile', 'Bearer fresh'],
    ]);
    expect(auth.signedOut).not.toHaveBeenCalled();
  });

  it('parallel calls share one refresh', async () => {
    const { client, calls } = clientWith(true);
    await Promise.all([client.account.profile(), client.account.addresses().catch(() => null)]);
    expect(calls.filter((c) => c.path === '/api/internal/user/refresh-token')).toHaveLength(1);
  });

  it('a failed refresh signs the user out and rejects', async () => {
    const { client, auth, calls } = clientWith(false);
    await expect(client.account.profile()).rejects.toMatchObject({ status: 401 });
    expect(auth.signedOut).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
  });

  it('a call can go without the bearer token', async () => {
    const { client, calls } = clientWith(true);
    await expect(
      client.request('GET', '/v2/users/me/profile', {}, undefined, undefined, undefined, { auth: false }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(calls).toEqual([{ path: '/api/v2/users/me/profile', authorization: null }]);
  });
});
