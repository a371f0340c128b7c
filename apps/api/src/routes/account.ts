// The signed-in customer's own data (SPEC §7 /v2/users/me/*): profile, addresses, subscriptions.
// Every query is scoped by the customer id of the verified token: another customer's id is a 404.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  confirmNewEmail,
  countAddresses,
  deleteAddress,
  deleteUser,
  emailTaken,
  findUserById,
  insertAddress,
  listAddresses,
  setSubscribeTypes,
  toggleProductSubscription,
  updateAddress,
  updateProfile,
  userCounts,
  type AddressInput,
} from '../data/accounts.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { positiveInt } from '../http/params.ts';
import { customerIdOf } from '../http/requester.ts';
import {
  AddressInputSchema,
  AddressSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  authErrors,
  smsCodeField,
  toAddress,
  toProfile,
} from '../schemas/accounts.ts';
import { checkCode, clearSessionCookies, issueCode } from '../services/auth.ts';

const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } });
const tags = ['Account'];
const idParam = z.object({ id: positiveInt });

/** Subscription kinds of Настройка рассылок. */
export const SUBSCRIBE_TYPES = ['email-news', 'email-promo', 'sms-promo', 'order-status'] as const;
/** At most this many saved addresses per customer. */
export const ADDRESS_LIMIT = 20;

const SIGN_IN_NEEDED = 'Войдите в личный кабинет.';

/** The signed-in customer's id, or 401. */
export function requireCustomer(c: Context<ApiEnv>): number {
  const id = customerIdOf(c);
  if (id === null) throw new ApiError(401, SIGN_IN_NEEDED);
  return id;
}

const route = <R extends Parameters<typeof createRoute>[0]>(r: R) => createRoute({ tags, ...r });

const routes = {
  profile: route({
    method: 'get',
    path: '/v2/users/me/profile',
    summary: "The customer's profile with the counts of the account menu",
    responses: { 200: { description: 'Profile', ...json(ProfileSchema) }, ...authErrors },
  }),
  updateProfile: route({
    method: 'put',
    path: '/v2/users/me/profile',
    summary: 'Change the profile; a new e-mail waits for confirmation by a code sent to it',
    request: { body: { ...json(ProfileUpdateSchema), required: true } },
    responses: { 200: { description: 'Profile', ...json(ProfileSchema) }, ...authErrors },
  }),
  deleteProfile: route({
    method: 'delete',
    path: '/v2/users/me/profile',
    summary: 'Delete the account and sign out',
    responses: { 200: { description: 'Deleted', ...json(z.object({ redirect: z.string() })) }, ...authErrors },
  }),
  confirmEmail: route({
    method: 'post',
    path: '/v2/users/me/profile/confirm-email',
    summary: 'Confirm the new e-mail with the code sent to it',
    request: { body: { ...json(z.object({ code: smsCodeField })), required: true } },
    responses: { 200: { description: 'Profile', ...json(ProfileSchema) }, ...authErrors },
  }),
  subscriptions: route({
    method: 'put',
    path: '/v2/users/me/profile/subscriptions',
    summary: 'Set the newsletters the customer receives',
    request: {
      body: {
        ...json(z.object({ subscribe_types: z.array(z.enum(SUBSCRIBE_TYPES)).max(SUBSCRIBE_TYPES.length) })),
        required: true,
      },
    },
    responses: { 200: { description: 'Profile', ...json(ProfileSchema) }, ...authErrors },
  }),
  productSubscribe: route({
    method: 'put',
    path: '/v2/users/me/profile/product-subscription/{id}',
    summary: 'Subscribe to a product (price and availability news)',
    request: { params: idParam },
    responses: {
      200: {
        description: 'Subscribed product ids',
        ...json(z.object({ subscribe_product_ids: z.array(z.number().int()) })),
      },
      ...authErrors,
    },
  }),
  productUnsubscribe: route({
    method: 'delete',
    path: '/v2/users/me/profile/product-subscription/{id}',
    summary: 'Unsubscribe from a product',
    request: { params: idParam },
    responses: {
      200: {
        description: 'Subscribed product ids',
        ...json(z.object({ subscribe_product_ids: z.array(z.number().int()) })),
      },
      ...authErrors,
    },
  }),
  addresses: route({
    method: 'get',
    path: '/v2/users/me/addresses',
    summary: "The customer's delivery addresses",
    responses: { 200: { description: 'Addresses', ...json(z.array(AddressSchema)) }, ...authErrors },
  }),
  addAddress: route({
    method: 'post',
    path: '/v2/users/me/addresses',
    summary: 'Add a delivery address',
    request: { body: { ...json(AddressInputSchema), required: true } },
    responses: { 201: { description: 'Added', ...json(AddressSchema) }, ...authErrors },
  }),
  changeAddress: route({
    method: 'put',
    path: '/v2/users/me/addresses/{id}',
    summary: 'Change one of the addresses',
    request: { params: idParam, body: { ...json(AddressInputSchema), required: true } },
    responses: { 200: { description: 'Changed', ...json(AddressSchema) }, ...authErrors },
  }),
  removeAddress: route({
    method: 'delete',
    path: '/v2/users/me/addresses/{id}',
    summary: 'Remove one of the addresses',
    request: { params: idParam },
    responses: { 200: { description: 'Removed', ...json(z.object({ id: z.number().int() })) }, ...authErrors },
  }),
};

const ADDRESS_NOT_FOUND = 'Адрес не найден';

const addressInput = (a: z.infer<typeof AddressInputSchema>): AddressInput => ({
  city_id: a.city_id ?? null,
  city_name: a.city_name!,
  street: a.street!,
  house_number: a.house_number!,
  housing: a.housing ?? null,
  building: a.building ?? null,
  floor: a.floor ?? null,
  flat_number: a.flat_number ?? null,
});

export function registerAccountRoutes(app: OpenAPIHono<ApiEnv>) {
  async function profileOf(c: Context<ApiEnv>, userId: number) {
    const { handle } = c.get('deps');
    const user = await findUserById(handle, userId);
    // A token of a deleted account: the customer must sign in again.
    if (!user) {
      clearSessionCookies(c, false);
      throw new ApiError(401, SIGN_IN_NEEDED);
    }
    return toProfile(user, await userCounts(handle, userId));
  }

  // Also the header's personal call on cached pages (decision 0019): one customer's data, never stored.
  app.openapi(routes.profile, async (c) => {
    const profile = await profileOf(c, requireCustomer(c));
    c.header('cache-control', 'no-store');
    return c.json(profile, 200);
  });

  app.openapi(routes.updateProfile, async (c) => {
    const userId = requireCustomer(c);
    const input = c.req.valid('json');
    const { handle } = c.get('deps');
    const current = await findUserById(handle, userId);
    if (!current) throw new ApiError(401, SIGN_IN_NEEDED);
    const newEmail = input.email && input.email !== current.email ? input.email : undefined;
    await updateProfile(handle, userId, {
      first_name: input.first_name,
      last_name: input.last_name,
      birthdate: input.birthdate,
      sex: input.sex,
      new_email: newEmail,
    });
    if (newEmail) await issueCode(c, { channel: 'email', recipient: newEmail, purpose: 'confirm-email' });
    return c.json(await profileOf(c, userId), 200);
  });

  app.openapi(routes.deleteProfile, async (c) => {
    const userId = requireCustomer(c);
    await deleteUser(c.get('deps').handle, userId);
    clearSessionCookies(c);
    return c.json({ redirect: '/' }, 200);
  });

  app.openapi(routes.confirmEmail, async (c) => {
    const userId = requireCustomer(c);
    const { code } = c.req.valid('json');
    const { handle } = c.get('deps');
    const user = await findUserById(handle, userId);
    if (!user) throw new ApiError(401, SIGN_IN_NEEDED);
    if (!user.new_email)
      throw new ApiError(422, 'Нет e-mail, ожидающего подтверждения.', {
        code: ['Нет e-mail, ожидающего подтверждения.'],
      });
    await checkCode(c, { recipient: user.new_email, purpose: 'confirm-email', code, field: 'code' });
    if (await emailTaken(handle, user.new_email, userId)) {
      const message = 'Этот e-mail уже привязан к другому аккаунту.';
      throw new ApiError(422, message, { email: [message] });
    }
    await confirmNewEmail(handle, userId, user.new_email);
    return c.json(await profileOf(c, userId), 200);
  });

  app.openapi(routes.subscriptions, async (c) => {
    const userId = requireCustomer(c);
    const { subscribe_types } = c.req.valid('json');
    await setSubscribeTypes(c.get('deps').handle, userId, [...new Set(subscribe_types)]);
    return c.json(await profileOf(c, userId), 200);
  });

  for (const [r, on] of [
    [routes.productSubscribe, true],
    [routes.productUnsubscribe, false],
  ] as const) {
    app.openapi(r, async (c) => {
      const userId = requireCustomer(c);
      const { id } = c.req.valid('param');
      const { handle } = c.get('deps');
      if (on) {
        const exists = await handle.query('select 1 from products where id = $1', [id]);
        if (exists.length === 0) throw new ApiError(404, 'Товар не найден');
      }
      return c.json({ subscribe_product_ids: await toggleProductSubscription(handle, userId, id, on) }, 200);
    });
  }

  app.openapi(routes.addresses, async (c) => {
    const userId = requireCustomer(c);
    return c.json((await listAddresses(c.get('deps').handle, userId)).map(toAddress), 200);
  });

  app.openapi(routes.addAddress, async (c) => {
    const userId = requireCustomer(c);
    const { handle } = c.get('deps');
    if ((await countAddresses(handle, userId)) >= ADDRESS_LIMIT) {
      throw new ApiError(422, `Можно сохранить не больше ${ADDRESS_LIMIT} адресов.`);
    }
    const row = await insertAddress(handle, userId, addressInput(c.req.valid('json')));
    return c.json(toAddress(row), 201);
  });

  app.openapi(routes.changeAddress, async (c) => {
    const userId = requireCustomer(c);
    const { id } = c.req.valid('param');
    const row = await updateAddress(c.get('deps').handle, userId, id, addressInput(c.req.valid('json')));
    if (!row) throw new ApiError(404, ADDRESS_NOT_FOUND);
    return c.json(toAddress(row), 200);
  });

  app.openapi(routes.removeAddress, async (c) => {
    const userId = requireCustomer(c);
    const { id } = c.req.valid('param');
    if (!(await deleteAddress(c.get('deps').handle, userId, id))) throw new ApiError(404, ADDRESS_NOT_FOUND);
    return c.json({ id }, 200);
  });
}
