// Response shapes of the shell's calls; the same schemas document /api/openapi.json.
import { z } from '@hono/zod-openapi';

export const ErrorSchema = z
  .object({
    status: z.number().int(),
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())),
  })
  .openapi('Error');

export const CitySchema = z
  .object({
    id: z.number().int(),
    alias: z.string(),
    name: z.string(),
    territory_id: z.number().int(),
    territory_name: z.string().optional(),
    phone: z.string(),
    declension: z.record(z.string(), z.string()),
    zone: z.object({ code: z.string(), name: z.string() }).optional(),
    coordinates: z.object({ latitude: z.number(), longitude: z.number() }),
    has_metro: z.boolean(),
    has_mkad: z.boolean(),
    kladr_code: z.string().nullable(),
    delivery_type_ids: z.array(z.number().int()),
    payment_type_ids: z.array(z.number().int()),
    is_priority: z.boolean(),
  })
  .openapi('City');
export type City = z.infer<typeof CitySchema>;

export type MenuItem = {
  id: number;
  name: string;
  url: string;
  icon: string | null;
  image: string | null;
  parent_id: number | null;
  type: string;
  stickers: { text: string; color: string }[];
  children: MenuItem[];
};
export const MenuItemSchema: z.ZodType<MenuItem> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      name: z.string(),
      url: z.string(),
      icon: z.string().nullable(),
      image: z.string().nullable(),
      parent_id: z.number().int().nullable(),
      type: z.string(),
      stickers: z.array(z.object({ text: z.string(), color: z.string() })),
      children: z.array(MenuItemSchema),
    }),
  )
  .openapi('MenuItem');

export const BannerSchema = z
  .object({
    id: z.number().int(),
    type: z.string(),
    title: z.string(),
    text: z.string().nullable(),
    image: z.string(),
    x2_image: z.string().nullable(),
    image_alt: z.string(),
    link: z.string().nullable(),
    background: z.string().nullable(),
  })
  .openapi('Banner');
export type Banner = z.infer<typeof BannerSchema>;

export const FeatureSchema = z
  .object({ key: z.string(), is_active: z.boolean(), featureValue: z.unknown() })
  .openapi('Feature');
export type Feature = z.infer<typeof FeatureSchema>;

export const BranchSchema = z.object({ code: z.string(), max_age: z.number().int() }).openapi('Branch');

export const SeoSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    h1: z.string(),
    canonical: z.string(),
    text: z.string().nullable(),
    redirect: z.object({ url: z.string(), code: z.number().int() }).optional(),
  })
  .openapi('Seo');
export type Seo = z.infer<typeof SeoSchema>;

export const SeoRedirectSchema = z
  .object({ redirect: z.object({ url: z.string(), code: z.number().int() }) })
  .openapi('SeoRedirect');

export const BreadcrumbSchema = z.object({ text: z.string(), href: z.string() }).openapi('Breadcrumb');
export type Breadcrumb = z.infer<typeof BreadcrumbSchema>;

const CategoryBase = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  code: z.string(),
  url: z.string(),
  image: z.string().nullable(),
  level: z.number().int(),
  path: z.array(z.number().int()),
  is_digital: z.boolean(),
  product_count: z.number().int(),
});
export const CategorySchema = CategoryBase.openapi('Category');
export type Category = z.infer<typeof CategorySchema>;

export const CategoryDetailSchema = CategoryBase.extend({
  parent: CategoryBase.nullable(),
  children: z.array(CategoryBase),
  ancestors: z.array(CategoryBase),
}).openapi('CategoryDetail');
export type CategoryDetail = z.infer<typeof CategoryDetailSchema>;

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  uptime_s: z.number(),
});

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorSchema } },
});

/** The error responses routes declare in the OpenAPI document; each route spreads the ones it can give. */
export const errorResponses = {
  401: errorResponse('Sign-in needed'),
  404: errorResponse('Not found'),
  422: errorResponse('Invalid input'),
};
export const notFoundOrInvalid = { 404: errorResponses[404], 422: errorResponses[422] };
export const invalidInput = { 422: errorResponses[422] };
