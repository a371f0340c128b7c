// Repair documents (issue 18; docs/decisions/0033): POST /v1/repair/files takes one file of a document field
// (multipart: field, file), checks its real type by its first bytes and its size, keeps the bytes in the file
// storage adapter under a key of ours and answers its id; GET /v1/repair/files/{id} gives it back to whoever
// uploaded it (the signed-in customer, or the guest's httpOnly uploader cookie) and to operators only.
// These paths are ours: SPEC §7 names the payloads' file ids but not the upload call.
import { createHash, randomBytes } from 'node:crypto';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import {
  REPAIR_DOCUMENT_FILE_FIELDS,
  REPAIR_FILE_MAX_BYTES,
  REPAIR_FILE_MESSAGES,
  sniffRepairFileType,
} from '@store/domain';
import { OPERATOR_ROLE } from '../auth/operator.ts';
import { employeeOf } from '../auth/employee.ts';
import { retrieveEmployeeRoles } from '../data/accounts.ts';
import { insertRepairFile, listRepairFiles, retrieveRepairFile, type RepairFileRow } from '../data/repair.ts';
import { setStoreCookie } from '../http/cookies.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { customerIdOf } from '../http/requester.ts';
import { commonQuery } from '../http/params.ts';
import { errorResponses, invalidInput } from '../schemas/shell.ts';

export const UPLOADER_COOKIE = 'repair_uploader';
const UPLOADER_VALUE = /^[A-Za-z0-9_-]{32}$/;
const FILE_ID = /^[0-9a-f]{32}$/;

export interface Uploader {
  /** 'c:<customer id>' or 'g:<sha256 of the guest cookie>'. */
  key: string;
  customerId: number | null;
  /** Every key this requester owns files under: the customer's and this browser's guest key. */
  keys: string[];
}

/** Who uploads or reads: the signed-in customer, else the guest's uploader cookie (set when `create`). */
export function uploaderOf(c: Context<ApiEnv>, create: boolean): Uploader | null {
  const customerId = customerIdOf(c);
  let cookie = getCookie(c, UPLOADER_COOKIE);
  if (cookie && !UPLOADER_VALUE.test(cookie)) cookie = undefined;
  if (!cookie && create && customerId === null) {
    cookie = randomBytes(24).toString('base64url');
    setStoreCookie(c, UPLOADER_COOKIE, cookie, { httpOnly: true, maxAge: 30 * 86400 });
  }
  const guestKey = cookie ? `g:${createHash('sha256').update(cookie).digest('hex')}` : null;
  const customerKey = customerId !== null ? `c:${customerId}` : null;
  const key = customerKey ?? guestKey;
  if (!key) return null;
  return { key, customerId, keys: [customerKey, guestKey].filter((k): k is string => k !== null) };
}

export function ownsRepairFile(uploader: Uploader | null, file: Pick<RepairFileRow, 'uploader_key' | 'customer_id'>) {
  if (!uploader) return false;
  if (file.customer_id !== null && file.customer_id === uploader.customerId) return true;
  return uploader.keys.includes(file.uploader_key);
}

async function isOperator(c: Context<ApiEnv>): Promise<boolean> {
  const claims = employeeOf(c);
  if (!claims?.pn) return false;
  const employee = await retrieveEmployeeRoles(c.get('deps').handle, claims.pn);
  return employee?.roles.includes(OPERATOR_ROLE) === true;
}

const RepairFileSchema = z
  .object({
    id: z.string(),
    field: z.enum(REPAIR_DOCUMENT_FILE_FIELDS),
    content_type: z.string(),
    size: z.number().int(),
    name: z.string(),
    url: z.string(),
  })
  .openapi('RepairFile');
export type RepairFile = z.infer<typeof RepairFileSchema>;

const UploadSchema = z.object({
  field: z.enum(REPAIR_DOCUMENT_FILE_FIELDS),
  file: z.any().openapi({ type: 'string', format: 'binary' }),
});

const upload = createRoute({
  method: 'post',
  path: '/v1/repair/files',
  tags: ['Repair'],
  summary: 'Upload one repair document (JPEG, PNG, WebP or PDF, at most 10 MB); answers its file id',
  request: {
    query: z.object(commonQuery),
    body: { content: { 'multipart/form-data': { schema: UploadSchema } }, required: true },
  },
  responses: {
    201: { description: 'Stored', content: { 'application/json': { schema: RepairFileSchema } } },
    ...invalidInput,
  },
});

const listMine = createRoute({
  method: 'get',
  path: '/v1/repair/files',
  tags: ['Repair'],
  summary: "The requester's own uploaded documents among these ids (the wizard's previews); others are left out",
  request: {
    query: z.object({
      ...commonQuery,
      ids: z
        .string()
        .regex(/^[0-9a-f]{32}(,[0-9a-f]{32}){0,39}$/)
        .openapi({ description: 'File ids separated by commas, at most 40' }),
    }),
  },
  responses: {
    200: { description: 'The files', content: { 'application/json': { schema: z.array(RepairFileSchema) } } },
    ...invalidInput,
  },
});

const download = createRoute({
  method: 'get',
  path: '/v1/repair/files/{id}',
  tags: ['Repair'],
  summary: 'A repair document, for whoever uploaded it and for operators',
  request: { params: z.object({ id: z.string().regex(FILE_ID) }), query: z.object(commonQuery) },
  responses: {
    200: { description: 'The file', content: { 'application/octet-stream': { schema: z.any() } } },
    404: errorResponses[404],
    ...invalidInput,
  },
});

/** A name the browser sent, cut to something safe to show: no path, no control characters, 100 characters. */
function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\p{C}<>"]/gu, '').trim();
  return [...clean].slice(0, 100).join('') || 'документ';
}

export function presentRepairFile(
  row: Pick<RepairFileRow, 'id' | 'field' | 'content_type' | 'size' | 'original_name'>,
): RepairFile {
  return {
    id: row.id,
    field: row.field as RepairFile['field'],
    content_type: row.content_type,
    size: row.size,
    name: row.original_name,
    url: `/api/v1/repair/files/${row.id}`,
  };
}

export function registerRepairFileRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(upload, async (c) => {
    const { field, file } = c.req.valid('form') as { field: RepairFile['field']; file: unknown };
    if (!(file instanceof File))
      throw new ApiError(422, 'Проверьте параметры запроса', { file: ['Это поле необходимо заполнить.'] });
    if (file.size === 0) throw new ApiError(422, REPAIR_FILE_MESSAGES.empty, { file: [REPAIR_FILE_MESSAGES.empty] });
    if (file.size > REPAIR_FILE_MAX_BYTES)
      throw new ApiError(422, REPAIR_FILE_MESSAGES.size, { file: [REPAIR_FILE_MESSAGES.size] });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffRepairFileType(bytes);
    if (!type) throw new ApiError(422, REPAIR_FILE_MESSAGES.type, { file: [REPAIR_FILE_MESSAGES.type] });
    const uploader = uploaderOf(c, true)!;
    const id = randomBytes(16).toString('hex');
    const storageKey = `repair/${id.slice(0, 2)}/${id}`;
    const { handle, adapters } = c.get('deps');
    await adapters.fileStorage.put(storageKey, bytes, type);
    const row = {
      id,
      uploader_key: uploader.key,
      customer_id: uploader.customerId,
      field,
      storage_key: storageKey,
      content_type: type,
      size: bytes.byteLength,
      original_name: displayName(file.name),
    };
    try {
      await insertRepairFile(handle, row);
    } catch (error) {
      await adapters.fileStorage.delete(storageKey);
      throw error;
    }
    c.header('cache-control', 'no-store');
    return c.json(presentRepairFile(row), 201);
  });

  app.openapi(listMine, async (c) => {
    const ids = [...new Set(c.req.valid('query').ids.split(','))];
    const uploader = uploaderOf(c, false);
    const rows = uploader ? await listRepairFiles(c.get('deps').handle, ids) : [];
    c.header('cache-control', 'private, no-store');
    return c.json(rows.filter((row) => ownsRepairFile(uploader, row)).map(presentRepairFile), 200);
  });

  app.openapi(download, async (c) => {
    const { handle, adapters } = c.get('deps');
    const row = await retrieveRepairFile(handle, c.req.valid('param').id);
    // Someone else's file is as missing as a file that never was.
    if (!row || !(ownsRepairFile(uploaderOf(c, false), row) || (await isOperator(c))))
      throw notFound(REPAIR_FILE_MESSAGES.notFound);
    const bytes = await adapters.fileStorage.get(row.storage_key);
    if (!bytes) throw notFound(REPAIR_FILE_MESSAGES.notFound);
    return new Response(new Uint8Array(bytes), {
      status: 200,
      headers: {
        'content-type': row.content_type,
        'content-length': String(bytes.byteLength),
        'content-disposition': `inline; filename="${row.id}"`,
        'cache-control': 'private, no-store',
      },
    }) as never;
  });
}
