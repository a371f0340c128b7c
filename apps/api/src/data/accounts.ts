// All SQL of customer accounts: users, refresh tokens, one-time codes, addresses, employees.
import type { DatabaseHandle, TransactionHandle } from '@store/db';

type Q = Pick<TransactionHandle, 'query'>;

export interface UserRow {
  id: number;
  phone: string;
  email: string | null;
  new_email: string | null;
  is_confirmed_email: boolean;
  first_name: string | null;
  last_name: string | null;
  birthdate: string | null;
  sex: number | null;
  password_hash: string | null;
  subscribe_types: string[];
  subscribe_product_ids: number[];
  favorite_product_ids: number[];
  compare_product_ids: number[];
}

const USER_COLUMNS = `id, phone, email, new_email, is_confirmed_email, first_name, last_name, birthdate, sex,
  password_hash, subscribe_types, subscribe_product_ids, favorite_product_ids, compare_product_ids`;

export async function findUserById(q: Q, id: number): Promise<UserRow | null> {
  const rows = await q.query<UserRow>(`select ${USER_COLUMNS} from users where id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findUserByPhone(q: Q, phone: string): Promise<UserRow | null> {
  const rows = await q.query<UserRow>(`select ${USER_COLUMNS} from users where phone = $1`, [phone]);
  return rows[0] ?? null;
}

export async function findUserByEmail(q: Q, email: string): Promise<UserRow | null> {
  const rows = await q.query<UserRow>(`select ${USER_COLUMNS} from users where email = $1`, [email.toLowerCase()]);
  return rows[0] ?? null;
}

/** Whether another customer already holds this e-mail (confirmed). */
export async function emailTaken(q: Q, email: string, exceptUserId: number | null): Promise<boolean> {
  const rows = await q.query(`select 1 from users where email = $1 and ($2::int is null or id <> $2)`, [
    email.toLowerCase(),
    exceptUserId,
  ]);
  return rows.length > 0;
}

export async function insertUser(
  q: Q,
  user: { phone: string; email?: string | null; firstName?: string | null; lastName?: string | null; passwordHash?: string | null },
): Promise<UserRow> {
  const rows = await q.query<UserRow>(
    `insert into users (phone, new_email, first_name, last_name, password_hash)
     values ($1, $2, $3, $4, $5) returning ${USER_COLUMNS}`,
    [user.phone, user.email?.toLowerCase() ?? null, user.firstName ?? null, user.lastName ?? null, user.passwordHash ?? null],
  );
  return rows[0]!;
}

export interface ProfileChange {
  first_name?: string | null;
  last_name?: string | null;
  birthdate?: string | null;
  sex?: number | null;
  new_email?: string | null;
}

export async function updateProfile(q: Q, userId: number, change: ProfileChange): Promise<UserRow | null> {
  const sets: string[] = [];
  const params: unknown[] = [userId];
  for (const [column, value] of Object.entries(change)) {
    if (value === undefined) continue;
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  }
  if (sets.length === 0) return findUserById(q, userId);
  const rows = await q.query<UserRow>(
    `update users set ${sets.join(', ')}, updated_at = now() where id = $1 returning ${USER_COLUMNS}`,
    params,
  );
  return rows[0] ?? null;
}

export async function setPasswordHash(q: Q, userId: number, hash: string) {
  await q.query('update users set password_hash = $2, updated_at = now() where id = $1', [userId, hash]);
}

/** The pending e-mail becomes the confirmed one. */
export async function confirmNewEmail(q: Q, userId: number, email: string): Promise<boolean> {
  const rows = await q.query(
    `update users set email = new_email, new_email = null, is_confirmed_email = true, updated_at = now()
      where id = $1 and new_email = $2 returning id`,
    [userId, email.toLowerCase()],
  );
  return rows.length > 0;
}

export async function setSubscribeTypes(q: Q, userId: number, types: string[]) {
  await q.query('update users set subscribe_types = $2::jsonb, updated_at = now() where id = $1', [
    userId,
    JSON.stringify(types),
  ]);
}

/** Adds or removes one product subscription; returns the new list. */
export async function toggleProductSubscription(q: Q, userId: number, productId: number, on: boolean) {
  const rows = await q.query<{ ids: number[] }>(
    `update users set subscribe_product_ids = (
        select coalesce(jsonb_agg(distinct x order by x), '[]'::jsonb) from (
          select (value)::int as x from jsonb_array_elements_text(subscribe_product_ids)
           where (value)::int <> $2
          union all select $2 where $3
        ) s), updated_at = now()
      where id = $1 returning subscribe_product_ids as ids`,
    [userId, productId, on],
  );
  return rows[0]?.ids ?? [];
}

/**
 * Orders a guest placed with this basket before signing in become the customer's (Мои заказы shows
 * them). Orders of another account are left alone.
 */
export async function attachGuestOrders(q: Q, basketId: string, userId: number): Promise<number> {
  const rows = await q.query<{ id: number }>(
    'update orders set customer_id = $2 where basket_id = $1 and customer_id is null returning id',
    [basketId, userId],
  );
  return rows.length;
}

/** Stores the merged favourite and compare lists (§4 Start-up). */
export async function setProductLists(q: Q, userId: number, favorites: number[], compare: number[]) {
  await q.query(
    `update users set favorite_product_ids = $2::jsonb, compare_product_ids = $3::jsonb, updated_at = now() where id = $1`,
    [userId, JSON.stringify(favorites), JSON.stringify(compare)],
  );
}

/** Deletes the customer with their tokens and addresses; their orders and reviews stay, unlinked from the account. */
export async function deleteUser(handle: DatabaseHandle, userId: number) {
  await handle.transaction(async (tx) => {
    await tx.query('delete from refresh_tokens where user_id = $1', [userId]);
    await tx.query('delete from addresses where user_id = $1', [userId]);
    await tx.query('update baskets set customer_id = null where customer_id = $1', [userId]);
    await tx.query('delete from users where id = $1', [userId]);
  });
}

export async function userCounts(q: Q, userId: number) {
  const rows = await q.query<{ reviews: number; questions: number; addresses: number; orders: number }>(
    `select (select count(*)::int from comments where owner_id = $1 and type = 'review') as reviews,
            (select count(*)::int from comments where owner_id = $1 and type = 'question') as questions,
            (select count(*)::int from addresses where user_id = $1) as addresses,
            (select count(*)::int from orders where customer_id = $1) as orders`,
    [userId],
  );
  return rows[0]!;
}

/* ---------- refresh tokens ---------- */

export async function insertRefreshToken(
  q: Q,
  token: { userId: number; familyId: string; tokenHash: string; expiresAt: Date },
) {
  await q.query('insert into refresh_tokens (user_id, family_id, token_hash, expires_at) values ($1, $2, $3, $4)', [
    token.userId,
    token.familyId,
    token.tokenHash,
    token.expiresAt.toISOString(),
  ]);
}

export interface RefreshTokenRow {
  id: number;
  user_id: number;
  family_id: string;
  expired: boolean;
  used: boolean;
  /** Used in the last 30 seconds: a parallel request of the same browser, not a replay. */
  used_recently: boolean;
  revoked: boolean;
}

export async function findRefreshToken(q: Q, tokenHash: string): Promise<RefreshTokenRow | null> {
  const rows = await q.query<RefreshTokenRow>(
    `select id, user_id, family_id, expires_at <= now() as expired, used_at is not null as used,
            coalesce(used_at > now() - interval '30 seconds', false) as used_recently, revoked_at is not null as revoked
       from refresh_tokens where token_hash = $1 for update`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

/** Marks a token used; false when another request used it first. */
export async function markRefreshTokenUsed(q: Q, id: number): Promise<boolean> {
  const rows = await q.query('update refresh_tokens set used_at = now() where id = $1 and used_at is null returning id', [
    id,
  ]);
  return rows.length > 0;
}

export async function revokeRefreshFamily(q: Q, familyId: string) {
  await q.query('update refresh_tokens set revoked_at = now() where family_id = $1 and revoked_at is null', [familyId]);
}

export async function revokeUserRefreshTokens(q: Q, userId: number) {
  await q.query('update refresh_tokens set revoked_at = now() where user_id = $1 and revoked_at is null', [userId]);
}

/* ---------- one-time codes ---------- */

/** 'repair-phone': the repair wizard's phone confirmation (issue 18); 'loyalty': a «Мультионы» card's phone (issue 15). */
export type CodePurpose =
  | 'login'
  | 'register'
  | 'reset'
  | 'confirm-email'
  | 'repair-phone'
  | 'loyalty'
  /** The insurance and finance applications (issue 17 item 6). */
  | 'finance-phone';

export async function insertAuthCode(
  q: Q,
  code: { channel: 'sms' | 'email'; recipient: string; purpose: CodePurpose; codeHash: string; ip: string | null; ttlS: number },
) {
  // A new code replaces the older ones of the same purpose.
  await q.query(
    `update auth_codes set used_at = now() where recipient = $1 and purpose = $2 and used_at is null`,
    [code.recipient, code.purpose],
  );
  await q.query(
    `insert into auth_codes (channel, recipient, purpose, code_hash, ip, expires_at)
     values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [code.channel, code.recipient, code.purpose, code.codeHash, code.ip, code.ttlS],
  );
}

export interface AuthCodeRow {
  id: number;
  code_hash: string;
  attempts: number;
  expired: boolean;
}

/** The latest unused code of a recipient and purpose, locked for the check. */
export async function latestAuthCode(q: Q, recipient: string, purpose: CodePurpose): Promise<AuthCodeRow | null> {
  const rows = await q.query<AuthCodeRow>(
    `select id, code_hash, attempts, expires_at <= now() as expired
       from auth_codes where recipient = $1 and purpose = $2 and used_at is null
      order by id desc limit 1 for update`,
    [recipient, purpose],
  );
  return rows[0] ?? null;
}

export async function countAuthCodeAttempt(q: Q, id: number) {
  await q.query('update auth_codes set attempts = attempts + 1 where id = $1', [id]);
}

export async function useAuthCode(q: Q, id: number) {
  await q.query('update auth_codes set used_at = now() where id = $1', [id]);
}

/* ---------- addresses ---------- */

export interface AddressRow {
  id: number;
  city_id: number | null;
  city_name: string;
  street: string;
  house_number: string;
  housing: string | null;
  building: string | null;
  floor: string | null;
  flat_number: string | null;
}

export interface AddressInput {
  city_id: number | null;
  city_name: string;
  street: string;
  house_number: string;
  housing: string | null;
  building: string | null;
  floor: string | null;
  flat_number: string | null;
}

const ADDRESS_COLUMNS = 'id, city_id, city_name, street, house_number, housing, building, floor, flat_number';
const ADDRESS_FIELDS = ['city_id', 'city_name', 'street', 'house_number', 'housing', 'building', 'floor', 'flat_number'] as const;

export function listAddresses(q: Q, userId: number) {
  return q.query<AddressRow>(`select ${ADDRESS_COLUMNS} from addresses where user_id = $1 order by id`, [userId]);
}

export async function insertAddress(q: Q, userId: number, a: AddressInput): Promise<AddressRow> {
  const rows = await q.query<AddressRow>(
    `insert into addresses (user_id, ${ADDRESS_FIELDS.join(', ')}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     returning ${ADDRESS_COLUMNS}`,
    [userId, ...ADDRESS_FIELDS.map((f) => a[f])],
  );
  return rows[0]!;
}

/** Changes an address of this customer only; null when it is not theirs (or does not exist). */
export async function updateAddress(q: Q, userId: number, id: number, a: AddressInput): Promise<AddressRow | null> {
  const rows = await q.query<AddressRow>(
    `update addresses set ${ADDRESS_FIELDS.map((f, i) => `${f} = $${i + 3}`).join(', ')}, updated_at = now()
      where id = $1 and user_id = $2 returning ${ADDRESS_COLUMNS}`,
    [id, userId, ...ADDRESS_FIELDS.map((f) => a[f])],
  );
  return rows[0] ?? null;
}

export async function deleteAddress(q: Q, userId: number, id: number): Promise<boolean> {
  const rows = await q.query('delete from addresses where id = $1 and user_id = $2 returning id', [id, userId]);
  return rows.length > 0;
}

export async function countAddresses(q: Q, userId: number): Promise<number> {
  const rows = await q.query<{ n: number }>('select count(*)::int as n from addresses where user_id = $1', [userId]);
  return rows[0]!.n;
}

/* ---------- employees ---------- */

export async function findTradePoint(q: Q, number: string, codeHash: string) {
  const rows = await q.query<{ number: string; name: string }>(
    'select number, name from trade_points where number = $1 and code_hash = $2 and active',
    [number, codeHash],
  );
  return rows[0] ?? null;
}

export async function findEmployeeByToken(q: Q, tokenHash: string) {
  const rows = await q.query<{ personnel_number: string; name: string }>(
    'select personnel_number, name from employees where token_hash = $1 and active',
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function insertEmployee(
  q: Q,
  e: { personnelNumber: string; name: string; tokenHash: string; tradePointNumber: string | null },
) {
  await q.query(
    'insert into employees (personnel_number, name, token_hash, trade_point_number) values ($1, $2, $3, $4)',
    [e.personnelNumber, e.name, e.tokenHash, e.tradePointNumber],
  );
}

export async function insertTradePoint(q: Q, t: { number: string; name: string; storeId: number | null; codeHash: string }) {
  await q.query('insert into trade_points (number, name, store_id, code_hash) values ($1, $2, $3, $4)', [
    t.number,
    t.name,
    t.storeId,
    t.codeHash,
  ]);
}

/** An active employee's roles by personnel number (the operator guard), or null. */
export async function retrieveEmployeeRoles(q: Q, personnelNumber: string) {
  const rows = await q.query<{ personnel_number: string; name: string; roles: string[] }>(
    'select personnel_number, name, roles from employees where personnel_number = $1 and active',
    [personnelNumber],
  );
  return rows[0] ?? null;
}
