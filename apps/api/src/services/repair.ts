// Repair requests (issue 18; docs/decisions/0032): the phone confirmed by an SMS code, and a submitted §3
// payload turned back into the wizard's entered data, checked step by step with the browser's own rules
// (validateRepairRequest), priced from the model's problem, and stored with its files and an outbox
// confirmation in one transaction, or not at all.
import type { Context } from 'hono';
import {
  REPAIR_DOCUMENT_FILE_FIELDS,
  REPAIR_FILE_MESSAGES,
  REPAIR_FILES_PER_FIELD,
  REPAIR_KIND_NAMES,
  REPAIR_MESSAGES,
  buildRepairPayload,
  emptyRepairRequest,
  formatPrice,
  normalizePhone,
  repairDiscountPrice,
  validateRepairRequest,
  type RepairDocumentFileField,
  type RepairHandover,
  type RepairKind,
  type RepairPayloadAddress,
  type RepairRequestData,
  type RepairVariant,
} from '@store/domain';
import {
  attachRepairFiles,
  insertRepairRequest,
  lockRepairFiles,
  retrieveModelProblem,
  retrieveRepairModel,
  retrieveRepairDeviceType,
} from '../data/repair.ts';
import { listAllStores } from '../data/stores.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { ownsRepairFile, uploaderOf } from '../routes/repair-files.ts';
import { phoneProofValid } from './phone-confirmation.ts';

/** Device types whose devices carry an IMEI. */
export const IMEI_DEVICE_TYPES = new Set(['smartphones', 'tablets', 'smartwatches']);
/** The auth_codes purpose of the repair wizard's phone codes. */
export const REPAIR_CODE_PURPOSE = 'repair-phone' as const;

/** The SMS before the code (services/phone-confirmation.ts sends it; routes/phone-code.ts asks for it). */
export const REPAIR_CODE_SMS = 'Код подтверждения телефона для заявки на ремонт';

export const phoneConfirmed = (config: ApiEnv['Variables']['deps']['config'], phone: string, requestId: string) =>
  phoneProofValid(config, REPAIR_CODE_PURPOSE, phone, requestId);

/** The §3 payload as the routes' schemas read it (every kind's fields optional here; the schema of a path narrows). */
export interface RepairPayloadIn {
  user: { name: string; phone: string; email: string; phone_request_id: string; city_id: number | null };
  problem: {
    id: number;
    model_id: number;
    ready_sell_for_parts: boolean;
    important_save_data: boolean;
    consider_alternatives: boolean;
  };
  store_id?: number | undefined;
  address?: RepairPayloadAddress | undefined;
  delivery_type?: RepairHandover | undefined;
  imei?: string | undefined;
  insurance?: string | undefined;
  insurance_situation?: string | undefined;
  docs?:
    | {
        has_device_and_charger: boolean;
        has_kit_accessories: boolean;
        additional: string;
        purchase_date: string;
        policy_accept: boolean;
        photo_cheque: string | null;
        photo_guarantee_card: string | null;
        photo_passport: string | null;
        photo_application_insurance_payment: string | null;
        photo_conclusion: string | null;
        passport: string[];
        cash_receipt: string[];
        warranty_card: string[];
        insurance_policy: string[];
        insurance_payment: string[];
        device_photo: string[];
      }
    | undefined;
}

/** Payload list of each document, and the photo field that repeats its first id. */
const DOC_LISTS: Record<RepairDocumentFileField, { list: string | null; photo: string | null }> = {
  cashReceipt: { list: 'cash_receipt', photo: 'photo_cheque' },
  warrantyCard: { list: 'warranty_card', photo: 'photo_guarantee_card' },
  passport: { list: 'passport', photo: 'photo_passport' },
  insurancePolicy: { list: 'insurance_policy', photo: null },
  insurancePayment: { list: 'insurance_payment', photo: 'photo_application_insurance_payment' },
  devicePhoto: { list: 'device_photo', photo: null },
  // The diagnostic conclusion has no list in the payload: only its photo field.
  diagnosticResult: { list: null, photo: 'photo_conclusion' },
};

/** Where a wizard field's error shows in the payload. */
function payloadField(field: string): string {
  const direct: Record<string, string> = {
    deviceType: 'problem.model_id',
    brand: 'problem.model_id',
    model: 'problem.model_id',
    problem: 'problem.id',
    imei: 'imei',
    insurance: 'insurance',
    handover: 'delivery_type',
    storeId: 'store_id',
    'customer.name': 'user.name',
    'customer.phone': 'user.phone',
    'customer.email': 'user.email',
    'customer.phoneRequestId': 'user.phone_request_id',
    'address.time': 'address.time_from',
    'address.comment': 'address.notes',
    'documents.insuranceSituation': 'insurance_situation',
    'documents.datePurchase': 'docs.purchase_date',
    'documents.policyAccept': 'docs.policy_accept',
    'documents.additional': 'docs.additional',
  };
  if (direct[field]) return direct[field];
  if (field.startsWith('documents.')) {
    const doc = DOC_LISTS[field.slice(10) as RepairDocumentFileField];
    if (doc) return `docs.${doc.list ?? doc.photo}`;
  }
  return field;
}

const invalid = (errors: Record<string, string>) =>
  new ApiError(
    422,
    'Проверьте данные заявки',
    Object.fromEntries(Object.entries(errors).map(([k, v]) => [payloadField(k), [v]])),
  );

export const todayInMoscow = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(now);

export interface CreatedRepairRequest {
  id: number;
  number: string;
  kind: RepairKind;
  status: string;
  cost_from: number;
  cost_to: number;
  discount_price: number;
}

export async function createRepairRequest(
  c: Context<ApiEnv>,
  kind: RepairKind,
  variant: RepairVariant,
  input: RepairPayloadIn,
): Promise<CreatedRepairRequest> {
  const { handle, adapters, config } = c.get('deps');
  const data: RepairRequestData = emptyRepairRequest(kind, variant);
  const model = await retrieveRepairModel(handle, input.problem.model_id);
  if (!model) throw invalid({ model: REPAIR_MESSAGES.choose });
  const type = (await retrieveRepairDeviceType(handle, model.device_type_id))!;
  const priced = await retrieveModelProblem(handle, model.id, input.problem.id);
  const phone = normalizePhone(input.user.phone);

  // The payload says the handover by what it carries (paid) or by delivery_type (warranty, insurance).
  let handover: RepairHandover;
  if (kind === 'paid') {
    if (input.store_id !== undefined && input.address !== undefined)
      throw invalid({ storeId: 'Укажите что-то одно: салон или адрес курьера.' });
    handover = input.store_id !== undefined ? 'store' : input.address !== undefined ? 'courier' : 'operator';
  } else {
    handover = input.delivery_type!;
    if (handover !== 'store' && input.store_id !== undefined) throw invalid({ storeId: REPAIR_MESSAGES.choose });
    if (handover !== 'courier' && input.address !== undefined)
      throw invalid({ 'address.street': 'Адрес нужен только для курьера.' });
  }
  const a = input.address;
  const docs = input.docs;
  Object.assign(data, {
    deviceType: type.id,
    brand: model.brand_id,
    model: model.id,
    problem: priced ? input.problem.id : null,
    imei: input.imei ?? '',
    insurance: input.insurance ?? '',
    readySellForParts: input.problem.ready_sell_for_parts,
    importantSaveData: input.problem.important_save_data,
    considerAlternatives: input.problem.consider_alternatives,
    repairCost: priced?.cost_from ?? null,
    customer: {
      name: input.user.name,
      phone: input.user.phone,
      email: input.user.email,
      cityId: input.user.city_id,
      phoneRequestId: input.user.phone_request_id,
    },
    handover,
    storeId: input.store_id ?? null,
    address: a
      ? {
          street: a.street,
          house: a.house,
          building: a.building,
          entrance: a.entrance,
          floor: a.floor,
          flat: a.flat,
          isAddress: true,
          date: a.date,
          time: `${a.time_from} - ${a.time_to}`,
          comment: a.notes,
        }
      : data.address,
  });
  if (docs) {
    const [y, m, d] = docs.purchase_date.split('-');
    data.documents = {
      ...data.documents,
      insuranceSituation: input.insurance_situation ?? '',
      policyAccept: docs.policy_accept,
      datePurchase: y && m && d ? `${d}.${m}.${y}` : docs.purchase_date,
      hasDeviceAndCharger: docs.has_device_and_charger,
      hasKitAccessories: docs.has_kit_accessories,
      additional: docs.additional,
    };
    const lists = docs as unknown as Record<string, string[] | string | null | undefined>;
    for (const field of REPAIR_DOCUMENT_FILE_FIELDS) {
      const { list, photo } = DOC_LISTS[field];
      const single = photo ? lists[photo] : null;
      const ids = list ? ((lists[list] as string[] | undefined) ?? []) : typeof single === 'string' ? [single] : [];
      // The photo field repeats the list's first id (SPEC §3): anything else is a forged payload.
      if (photo && (lists[photo] ?? null) !== (ids[0] ?? null))
        throw new ApiError(422, 'Проверьте данные заявки', { [`docs.${photo}`]: [REPAIR_FILE_MESSAGES.notFound] });
      if (ids.length > REPAIR_FILES_PER_FIELD)
        throw new ApiError(422, 'Проверьте данные заявки', {
          [`docs.${list ?? photo}`]: [REPAIR_FILE_MESSAGES.tooMany],
        });
      data.documents[field] = [...new Set(ids)];
    }
  }

  const failure = validateRepairRequest(data, IMEI_DEVICE_TYPES.has(type.code), { today: todayInMoscow() });
  if (failure) throw invalid(failure.errors);
  if (!priced) throw invalid({ problem: REPAIR_MESSAGES.choose });
  if (!phoneConfirmed(config, phone!, data.customer.phoneRequestId))
    throw invalid({ 'customer.phoneRequestId': REPAIR_MESSAGES.phoneNotConfirmed });
  if (handover === 'store') {
    const store = (await listAllStores(handle)).find((s) => s.id === data.storeId);
    const fits =
      store &&
      store.status === 1 &&
      (store.type === 99 || store.type === 1) &&
      (data.customer.cityId === null || store.city.id === data.customer.cityId);
    if (!fits) throw invalid({ storeId: REPAIR_MESSAGES.choose });
  }

  const uploader = uploaderOf(c, false);
  const fileIds = REPAIR_DOCUMENT_FILE_FIELDS.flatMap((f) => data.documents[f].map((id) => ({ id, field: f })));
  const paid = kind === 'paid';
  const cost = paid ? { from: priced.cost_from, to: priced.cost_to } : { from: 0, to: 0 };
  const payload = buildRepairPayload(data, phone!);
  return handle.transaction(async (tx) => {
    const files = await lockRepairFiles(
      tx,
      fileIds.map((f) => f.id),
    );
    for (const { id, field } of fileIds) {
      const file = files.find((f) => f.id === id);
      // A foreign, reused or mislabelled file id reads as a missing file: nothing is stored.
      if (!file || file.request_id !== null || file.field !== field || !ownsRepairFile(uploader, file))
        throw new ApiError(422, 'Проверьте данные заявки', {
          [`docs.${DOC_LISTS[field].list ?? DOC_LISTS[field].photo}`]: [REPAIR_FILE_MESSAGES.notFound],
        });
    }
    const created = await insertRepairRequest(tx, {
      kind,
      variant,
      device_type_id: type.id,
      brand_id: model.brand_id,
      model_id: model.id,
      problem_id: input.problem.id,
      imei: data.imei ? data.imei.replace(/[\s-]/g, '') : null,
      insurance: data.insurance || null,
      cost_from: cost.from,
      cost_to: cost.to,
      discount_price: repairDiscountPrice(cost.from),
      customer_id: uploader?.customerId ?? null,
      uploader_key: uploader?.key ?? `p:${phone}`,
      name: data.customer.name.trim(),
      phone: phone!,
      email: data.customer.email.trim(),
      city_id: data.customer.cityId,
      handover,
      store_id: handover === 'store' ? data.storeId : null,
      address: 'address' in payload && payload.address ? { ...payload.address } : null,
      payload,
    });
    await attachRepairFiles(
      tx,
      fileIds.map((f) => f.id),
      created.id,
    );
    const costLine = paid
      ? ` Предварительная стоимость: от ${formatPrice(cost.from)}.`
      : ' Ремонт по гарантии или страховке — без оплаты, если случай подтвердится.';
    const text = `${REPAIR_KIND_NAMES[kind]}: заявка №${created.number} принята.${costLine} Статус: multicenter.ru/service/repair/status`;
    await adapters.notifier.send(
      {
        channel: 'sms',
        recipient: phone!,
        template: 'repair-request',
        subject: null,
        body: text,
        payload: { repair_request_id: created.id, number: created.number },
      },
      tx,
    );
    if (data.customer.email.trim())
      await adapters.notifier.send(
        {
          channel: 'email',
          recipient: data.customer.email.trim(),
          template: 'repair-request',
          subject: `Заявка на ремонт №${created.number} принята`,
          body: text,
          payload: { repair_request_id: created.id, number: created.number },
        },
        tx,
      );
    return {
      id: created.id,
      number: created.number,
      kind,
      status: 'opened',
      cost_from: cost.from,
      cost_to: cost.to,
      discount_price: repairDiscountPrice(cost.from),
    };
  });
}
