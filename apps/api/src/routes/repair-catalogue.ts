// SPEC §7 Repair service, the catalogue calls the wizard's first steps read: device types (optionally of one
// format), a type's problems, brands of a type, a brand's models and a model's problems. Costs are kopecks
// with the 90 % discount price of SPEC §9 (repairDiscountPrice).
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { REPAIR_DEVICE_FORMATS, repairDiscountPrice } from '@store/domain';
import {
  listDeviceTypeProblems,
  listModelProblems,
  listRepairBrands,
  listRepairDeviceTypes,
  listRepairModels,
  retrieveBrand,
  retrieveRepairDeviceType,
  retrieveRepairModel,
  type RepairProblemRow,
} from '../data/repair.ts';
import type { ApiEnv } from '../http/env.ts';
import { notFound } from '../http/errors.ts';
import { commonQuery, positiveInt } from '../http/params.ts';
import { notFoundOrInvalid } from '../schemas/shell.ts';

const DeviceTypeSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    format: z.enum(REPAIR_DEVICE_FORMATS),
    category_id: z.number().int(),
  })
  .openapi('RepairDeviceType');

const ProblemSchema = z
  .object({
    id: z.number().int(),
    device_type_id: z.number().int(),
    code: z.string(),
    name: z.string(),
    description: z.string(),
    duration: z.string(),
    /** Kopecks. */
    cost_from: z.number().int(),
    cost_to: z.number().int(),
    /** 90 % of the cost, kopecks. */
    discount_price_from: z.number().int(),
    discount_price_to: z.number().int(),
  })
  .openapi('RepairProblem');
export type RepairProblem = z.infer<typeof ProblemSchema>;
export type RepairDeviceType = z.infer<typeof DeviceTypeSchema>;

const BrandSchema = z
  .object({ id: z.number().int(), code: z.string(), name: z.string(), logo: z.string().nullable() })
  .openapi('RepairBrand');
export type RepairBrand = z.infer<typeof BrandSchema>;

const ModelSchema = z
  .object({ id: z.number().int(), brand_id: z.number().int(), device_type_id: z.number().int(), name: z.string() })
  .openapi('RepairModel');
export type RepairModel = z.infer<typeof ModelSchema>;

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const deviceTypes = createRoute({
  method: 'get',
  path: '/v1/device-types',
  tags: ['Repair'],
  summary: 'Device types the repair service takes; format=major-appliance for large appliances only',
  request: { query: z.object({ ...commonQuery, format: z.enum(REPAIR_DEVICE_FORMATS).optional() }) },
  responses: { 200: json(z.array(DeviceTypeSchema), 'Device types'), ...notFoundOrInvalid },
});

const typeProblems = createRoute({
  method: 'get',
  path: '/v1/device-types/{id}/problems',
  tags: ['Repair'],
  summary: 'Problems of a device type with the cost range over its models (kopecks) and the discount price',
  request: { params: z.object({ id: positiveInt }), query: z.object(commonQuery) },
  responses: { 200: json(z.array(ProblemSchema), 'Problems'), ...notFoundOrInvalid },
});

const brands = createRoute({
  method: 'get',
  path: '/v1/brands',
  tags: ['Repair'],
  summary: 'Brands whose devices of the type (device_type_id) the service repairs',
  request: { query: z.object({ ...commonQuery, device_type_id: positiveInt.optional() }) },
  responses: { 200: json(z.array(BrandSchema), 'Brands'), ...notFoundOrInvalid },
});

const brandModels = createRoute({
  method: 'get',
  path: '/v1/brands/{id}/models',
  tags: ['Repair'],
  summary: "A brand's models of the device type (device_type_id)",
  request: {
    params: z.object({ id: positiveInt }),
    query: z.object({ ...commonQuery, device_type_id: positiveInt.optional() }),
  },
  responses: { 200: json(z.array(ModelSchema), 'Models'), ...notFoundOrInvalid },
});

const modelProblems = createRoute({
  method: 'get',
  path: '/v1/models/{id}/problems',
  tags: ['Repair'],
  summary: "Problems of a model with that model's cost range (kopecks) and the discount price",
  request: { params: z.object({ id: positiveInt }), query: z.object(commonQuery) },
  responses: { 200: json(z.array(ProblemSchema), 'Problems'), ...notFoundOrInvalid },
});

export function presentProblem(row: RepairProblemRow): RepairProblem {
  return {
    ...row,
    discount_price_from: repairDiscountPrice(row.cost_from),
    discount_price_to: repairDiscountPrice(row.cost_to),
  };
}

/** Reference data: the same for everyone, a data release changes it. */
const PUBLIC_CACHE = 'public, max-age=300';

export function registerRepairCatalogueRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(deviceTypes, async (c) => {
    const rows = await listRepairDeviceTypes(c.get('deps').handle, c.req.valid('query').format);
    c.header('cache-control', PUBLIC_CACHE);
    return c.json(
      rows.map((r) => ({
        ...r,
        format: r.format === 'major-appliance' ? ('major-appliance' as const) : ('regular' as const),
      })),
      200,
    );
  });

  app.openapi(typeProblems, async (c) => {
    const { handle } = c.get('deps');
    const id = c.req.valid('param').id;
    if (!(await retrieveRepairDeviceType(handle, id))) throw notFound('Тип устройства не найден');
    c.header('cache-control', PUBLIC_CACHE);
    return c.json((await listDeviceTypeProblems(handle, id)).map(presentProblem), 200);
  });

  app.openapi(brands, async (c) => {
    const { handle } = c.get('deps');
    const typeId = c.req.valid('query').device_type_id ?? null;
    if (typeId !== null && !(await retrieveRepairDeviceType(handle, typeId)))
      throw notFound('Тип устройства не найден');
    c.header('cache-control', PUBLIC_CACHE);
    return c.json(await listRepairBrands(handle, typeId), 200);
  });

  app.openapi(brandModels, async (c) => {
    const { handle } = c.get('deps');
    const id = c.req.valid('param').id;
    const typeId = c.req.valid('query').device_type_id ?? null;
    if (!(await retrieveBrand(handle, id))) throw notFound('Бренд не найден');
    if (typeId !== null && !(await retrieveRepairDeviceType(handle, typeId)))
      throw notFound('Тип устройства не найден');
    c.header('cache-control', PUBLIC_CACHE);
    return c.json(await listRepairModels(handle, id, typeId), 200);
  });

  app.openapi(modelProblems, async (c) => {
    const { handle } = c.get('deps');
    const id = c.req.valid('param').id;
    if (!(await retrieveRepairModel(handle, id))) throw notFound('Модель не найдена в каталоге ремонта');
    c.header('cache-control', PUBLIC_CACHE);
    return c.json((await listModelProblems(handle, id)).map(presentProblem), 200);
  });
}
