// All SQL of the repair service (issue 18, migration 0018): the wizard's catalogue (device types, their
// brands and models from the catalogue, problems with cost ranges), requests and uploaded documents.
import type { DatabaseHandle, TransactionHandle } from '@store/db';

type Query = Pick<DatabaseHandle, 'query'> | Pick<TransactionHandle, 'query'>;

export interface RepairDeviceTypeRow {
  id: number;
  code: string;
  name: string;
  format: string;
  category_id: number;
}

export interface RepairProblemRow {
  id: number;
  device_type_id: number;
  code: string;
  name: string;
  description: string;
  duration: string;
  cost_from: number;
  cost_to: number;
}

export interface RepairBrandRow {
  id: number;
  code: string;
  name: string;
  logo: string | null;
}

export interface RepairModelRow {
  id: number;
  brand_id: number;
  device_type_id: number;
  name: string;
}

export async function listRepairDeviceTypes(handle: Query, format?: string): Promise<RepairDeviceTypeRow[]> {
  return handle.query<RepairDeviceTypeRow>(
    `select id, code, name, format, category_id from repair_device_types
     where ($1::text is null or format = $1) order by sort, id`,
    [format ?? null],
  );
}

export async function retrieveRepairDeviceType(handle: Query, id: number): Promise<RepairDeviceTypeRow | null> {
  const [row] = await handle.query<RepairDeviceTypeRow>(
    'select id, code, name, format, category_id from repair_device_types where id = $1',
    [id],
  );
  return row ?? null;
}

const PROBLEM_COLUMNS = 'p.id, p.device_type_id, p.code, p.name, p.description, p.duration';

export async function listDeviceTypeProblems(handle: Query, deviceTypeId: number): Promise<RepairProblemRow[]> {
  return handle.query<RepairProblemRow>(
    `select ${PROBLEM_COLUMNS}, p.cost_from, p.cost_to from repair_problems p
     where p.device_type_id = $1 order by p.sort, p.id`,
    [deviceTypeId],
  );
}

/** Brands with at least one catalogue model of the type's category, by name. */
export async function listRepairBrands(handle: Query, deviceTypeId: number | null): Promise<RepairBrandRow[]> {
  return handle.query<RepairBrandRow>(
    `select b.id, b.code, b.name, b.logo from brands b
     where exists (
       select 1 from series s join repair_device_types t on t.category_id = s.category_id
       where s.brand_id = b.id and ($1::int is null or t.id = $1)
     )
     order by b.name, b.id`,
    [deviceTypeId],
  );
}

export async function retrieveBrand(handle: Query, id: number): Promise<RepairBrandRow | null> {
  const [row] = await handle.query<RepairBrandRow>('select id, code, name, logo from brands where id = $1', [id]);
  return row ?? null;
}

/** A brand's models of the repair types (one type when given), by name. */
export async function listRepairModels(
  handle: Query,
  brandId: number,
  deviceTypeId: number | null,
): Promise<RepairModelRow[]> {
  return handle.query<RepairModelRow>(
    `select m.id, m.brand_id, t.id as device_type_id, m.name from models m
     join series s on s.id = m.series_id
     join repair_device_types t on t.category_id = s.category_id
     where m.brand_id = $1 and ($2::int is null or t.id = $2)
     order by m.name, m.id`,
    [brandId, deviceTypeId],
  );
}

export async function retrieveRepairModel(handle: Query, id: number): Promise<RepairModelRow | null> {
  const [row] = await handle.query<RepairModelRow>(
    `select m.id, m.brand_id, t.id as device_type_id, m.name from models m
     join series s on s.id = m.series_id
     join repair_device_types t on t.category_id = s.category_id
     where m.id = $1`,
    [id],
  );
  return row ?? null;
}

/** The problems of a model's type with that model's cost range. */
export async function listModelProblems(handle: Query, modelId: number): Promise<RepairProblemRow[]> {
  return handle.query<RepairProblemRow>(
    `select ${PROBLEM_COLUMNS}, mp.cost_from, mp.cost_to from repair_model_problems mp
     join repair_problems p on p.id = mp.problem_id
     where mp.model_id = $1 order by p.sort, p.id`,
    [modelId],
  );
}

export interface RepairFileRow {
  id: string;
  uploader_key: string;
  customer_id: number | null;
  field: string;
  storage_key: string;
  content_type: string;
  size: number;
  original_name: string;
  request_id: number | null;
}

const FILE_COLUMNS = 'id, uploader_key, customer_id, field, storage_key, content_type, size, original_name, request_id';

export async function insertRepairFile(handle: Query, file: Omit<RepairFileRow, 'request_id'>): Promise<void> {
  await handle.query(
    `insert into repair_files (id, uploader_key, customer_id, field, storage_key, content_type, size, original_name)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [file.id, file.uploader_key, file.customer_id, file.field, file.storage_key, file.content_type, file.size, file.original_name],
  );
}

export async function retrieveRepairFile(handle: Query, id: string): Promise<RepairFileRow | null> {
  const [row] = await handle.query<RepairFileRow>(`select ${FILE_COLUMNS} from repair_files where id = $1`, [id]);
  return row ?? null;
}

/** The files of these ids, in upload order. */
export async function listRepairFiles(handle: Query, ids: readonly string[]): Promise<RepairFileRow[]> {
  if (ids.length === 0) return [];
  return handle.query<RepairFileRow>(
    `select ${FILE_COLUMNS} from repair_files where id = any($1::text[]) order by created_at, id`,
    [ids],
  );
}

/**
 * Removes up to `limit` uploads never attached to a request and older than `maxAgeS` seconds, answering their
 * storage keys. Files a request is attaching right now are locked by it and skipped.
 */
export async function deleteStaleRepairUploads(
  tx: Query,
  maxAgeS: number,
  limit: number,
): Promise<{ id: string; storage_key: string }[]> {
  return tx.query<{ id: string; storage_key: string }>(
    `delete from repair_files where id in (
       select id from repair_files
       where request_id is null and created_at < now() - make_interval(secs => $1)
       order by created_at limit $2 for update skip locked
     )
     returning id, storage_key`,
    [maxAgeS, limit],
  );
}

/** The files of these ids, locked for the request that attaches them. */
export async function lockRepairFiles(tx: Query, ids: readonly string[]): Promise<RepairFileRow[]> {
  if (ids.length === 0) return [];
  return tx.query<RepairFileRow>(`select ${FILE_COLUMNS} from repair_files where id = any($1::text[]) for update`, [ids]);
}

export async function attachRepairFiles(tx: Query, ids: readonly string[], requestId: number): Promise<void> {
  if (ids.length === 0) return;
  await tx.query('update repair_files set request_id = $1 where id = any($2::text[])', [requestId, ids]);
}

export async function listRequestFiles(handle: Query, requestIds: readonly number[]): Promise<RepairFileRow[]> {
  if (requestIds.length === 0) return [];
  return handle.query<RepairFileRow>(
    `select ${FILE_COLUMNS} from repair_files where request_id = any($1::int[]) order by created_at, id`,
    [requestIds],
  );
}

/** A problem of a model with the model's cost range, or null when the problem is not the model's. */
export async function retrieveModelProblem(handle: Query, modelId: number, problemId: number) {
  const [row] = await handle.query<{ name: string; cost_from: number; cost_to: number }>(
    `select p.name, mp.cost_from, mp.cost_to from repair_model_problems mp
     join repair_problems p on p.id = mp.problem_id where mp.model_id = $1 and mp.problem_id = $2`,
    [modelId, problemId],
  );
  return row ?? null;
}

export interface RepairRequestRow {
  id: number;
  number: string;
  kind: string;
  variant: string;
  device_type_id: number;
  device_type_name: string;
  brand_id: number | null;
  brand_name: string | null;
  model_id: number | null;
  model_name: string | null;
  problem_id: number | null;
  problem_name: string | null;
  cost_from: number | null;
  cost_to: number | null;
  discount_price: number | null;
  customer_id: number | null;
  name: string;
  phone: string;
  email: string;
  city_id: number | null;
  handover: string;
  store_id: number | null;
  address: Record<string, string> | null;
  payload: Record<string, unknown>;
  status: string;
  operator_comment: string | null;
  created_at: string;
  updated_at: string;
}

const REQUEST_COLUMNS = `r.id, r.number, r.kind, r.variant, r.device_type_id, t.name as device_type_name,
  r.brand_id, b.name as brand_name, r.model_id, m.name as model_name, r.problem_id, p.name as problem_name,
  r.cost_from, r.cost_to, r.discount_price, r.customer_id, r.name, r.phone, r.email, r.city_id, r.handover,
  r.store_id, r.address, r.payload, r.status, r.operator_comment,
  to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
  to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at`;
const REQUEST_FROM = `repair_requests r
  join repair_device_types t on t.id = r.device_type_id
  left join brands b on b.id = r.brand_id
  left join models m on m.id = r.model_id
  left join repair_problems p on p.id = r.problem_id`;

export interface NewRepairRequest {
  kind: string;
  variant: string;
  device_type_id: number;
  brand_id: number;
  model_id: number;
  problem_id: number;
  imei: string | null;
  insurance: string | null;
  cost_from: number;
  cost_to: number;
  discount_price: number;
  customer_id: number | null;
  uploader_key: string;
  name: string;
  phone: string;
  email: string;
  city_id: number | null;
  handover: string;
  store_id: number | null;
  address: Record<string, string> | null;
  payload: unknown;
}

/** Inserts a request; its number is 1000000 + id, given in the same statement. */
export async function insertRepairRequest(tx: Query, r: NewRepairRequest): Promise<{ id: number; number: string }> {
  const [row] = await tx.query<{ id: number; number: string }>(
    `with next as (select nextval(pg_get_serial_sequence('repair_requests', 'id'))::int as id)
     insert into repair_requests (id, number, kind, variant, device_type_id, brand_id, model_id, problem_id, imei,
       insurance, cost_from, cost_to, discount_price, customer_id, uploader_key, name, phone, email, city_id,
       handover, store_id, address, payload)
     select next.id, (1000000 + next.id)::text, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
       $16, $17, $18, $19, $20::jsonb, $21::jsonb
     from next
     returning id, number`,
    [
      r.kind,
      r.variant,
      r.device_type_id,
      r.brand_id,
      r.model_id,
      r.problem_id,
      r.imei,
      r.insurance,
      r.cost_from,
      r.cost_to,
      r.discount_price,
      r.customer_id,
      r.uploader_key,
      r.name,
      r.phone,
      r.email,
      r.city_id,
      r.handover,
      r.store_id,
      r.address === null ? null : JSON.stringify(r.address),
      JSON.stringify(r.payload),
    ],
  );
  return row!;
}

export async function retrieveRepairRequest(handle: Query, id: number): Promise<RepairRequestRow | null> {
  const [row] = await handle.query<RepairRequestRow>(`select ${REQUEST_COLUMNS} from ${REQUEST_FROM} where r.id = $1`, [id]);
  return row ?? null;
}

/** A guest's lookup: the number and the phone (7 and ten digits) must both match. */
export async function findRepairRequestByNumber(handle: Query, number: string, phone: string) {
  const [row] = await handle.query<RepairRequestRow>(
    `select ${REQUEST_COLUMNS} from ${REQUEST_FROM} where r.number = $1 and r.phone = $2`,
    [number, phone],
  );
  return row ?? null;
}

export async function listCustomerRepairRequests(handle: Query, customerId: number): Promise<RepairRequestRow[]> {
  return handle.query<RepairRequestRow>(
    `select ${REQUEST_COLUMNS} from ${REQUEST_FROM} where r.customer_id = $1 order by r.id desc limit 100`,
    [customerId],
  );
}

export async function listRepairRequests(handle: Query, page: { limit: number; offset: number; status?: string | undefined }) {
  const [rows, [count]] = await Promise.all([
    handle.query<RepairRequestRow>(
      `select ${REQUEST_COLUMNS} from ${REQUEST_FROM} where ($3::text is null or r.status = $3)
       order by r.id desc limit $1 offset $2`,
      [page.limit, page.offset, page.status ?? null],
    ),
    handle.query<{ n: number }>('select count(*)::int as n from repair_requests where ($1::text is null or status = $1)', [
      page.status ?? null,
    ]),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function updateRepairStatus(tx: Query, id: number, status: string, comment: string | null) {
  const rows = await tx.query<{ id: number }>(
    `update repair_requests set status = $2, operator_comment = coalesce($3, operator_comment), updated_at = now()
     where id = $1 returning id`,
    [id, status, comment],
  );
  return rows.length > 0;
}
