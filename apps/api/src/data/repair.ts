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
     order by b.name collate "unicode", b.id`,
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
     order by m.name collate "unicode", m.id`,
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
