// A repair request's entered data (SPEC §3 Repair request), the §5 checks of each wizard step, and the sent
// payloads of POST /v1/order/paid-repair, /warranty-repair and /insurance-case. The browser checks a step
// with the same function the server runs over the whole request (docs/decisions/0032).
import {
  DEFAULT_REPAIR_TIME,
  REPAIR_HANDOVERS,
  REPAIR_TIME_SLOTS,
  splitRepairTime,
  validateImei,
  validateRepairCourierDate,
  type RepairHandover,
  type RepairKind,
  type RepairVariant,
} from './repair.ts';
import { repairStepKeys, type RepairStepKey } from './repair-wizard.ts';
import { FORM_MESSAGES, parseMaskedDate, validateConsent, validateMobilePhone, validateText } from './validation.ts';

export const REPAIR_DOCUMENT_FILE_FIELDS = [
  'cashReceipt',
  'warrantyCard',
  'passport',
  'insurancePolicy',
  'insurancePayment',
  'devicePhoto',
  'diagnosticResult',
] as const;
export type RepairDocumentFileField = (typeof REPAIR_DOCUMENT_FILE_FIELDS)[number];

export const REPAIR_DOCUMENT_NAMES: Readonly<Record<RepairDocumentFileField, string>> = {
  cashReceipt: 'Кассовый чек',
  warrantyCard: 'Гарантийный талон',
  passport: 'Паспорт',
  insurancePolicy: 'Страховой полис',
  insurancePayment: 'Заявление на страховую выплату',
  devicePhoto: 'Фото устройства',
  diagnosticResult: 'Заключение диагностики',
};

/** Insurers whose device policies the service takes (demo list). */
export const REPAIR_INSURERS = [
  { code: 'ingos', name: 'Ингосстрах' },
  { code: 'reso', name: 'РЕСО-Гарантия' },
  { code: 'alfa', name: 'АльфаСтрахование' },
  { code: 'sogaz', name: 'СОГАЗ' },
  { code: 'renins', name: 'Ренессанс Страхование' },
] as const;

export interface RepairDocuments {
  /** File ids per document, in upload order. */
  cashReceipt: string[];
  warrantyCard: string[];
  passport: string[];
  insurancePolicy: string[];
  insurancePayment: string[];
  devicePhoto: string[];
  diagnosticResult: string[];
  /** What happened, in the customer's words (insurance case). */
  insuranceSituation: string;
  policyAccept: boolean;
  /** ДД.ММ.ГГГГ as typed. */
  datePurchase: string;
  hasDeviceAndCharger: boolean;
  hasKitAccessories: boolean;
  additional: string;
}

export interface RepairAddress {
  street: string;
  house: string;
  building: string;
  entrance: string;
  floor: string;
  flat: string;
  /** The street and house came from an address suggestion. */
  isAddress: boolean;
  /** YYYY-MM-DD. */
  date: string;
  /** 'from - to'. */
  time: string;
  comment: string;
}

export interface RepairCustomer {
  name: string;
  phone: string;
  email: string;
  cityId: number | null;
  /** The confirmed SMS request: proof that the phone belongs to the customer. */
  phoneRequestId: string;
}

/** SPEC §3 Repair request (entered data). */
export interface RepairRequestData {
  variant: RepairVariant;
  type: RepairKind;
  deviceType: number | null;
  imei: string;
  view: string;
  insurance: string;
  brand: number | null;
  model: number | null;
  problem: number | null;
  readySellForParts: boolean;
  importantSaveData: boolean;
  considerAlternatives: boolean;
  /** Kopecks: the model's cost for the problem (its lower bound). */
  repairCost: number | null;
  documents: RepairDocuments;
  customer: RepairCustomer;
  handover: RepairHandover | null;
  storeId: number | null;
  address: RepairAddress;
}

export function emptyRepairRequest(type: RepairKind = 'paid', variant: RepairVariant = 'own'): RepairRequestData {
  return {
    variant,
    type,
    deviceType: null,
    imei: '',
    view: '',
    insurance: '',
    brand: null,
    model: null,
    problem: null,
    readySellForParts: false,
    importantSaveData: false,
    considerAlternatives: false,
    repairCost: null,
    documents: {
      cashReceipt: [],
      warrantyCard: [],
      passport: [],
      insurancePolicy: [],
      insurancePayment: [],
      devicePhoto: [],
      diagnosticResult: [],
      insuranceSituation: '',
      policyAccept: false,
      datePurchase: '',
      hasDeviceAndCharger: false,
      hasKitAccessories: false,
      additional: '',
    },
    customer: { name: '', phone: '', email: '', cityId: null, phoneRequestId: '' },
    handover: null,
    storeId: null,
    address: {
      street: '',
      house: '',
      building: '',
      entrance: '',
      floor: '',
      flat: '',
      isAddress: false,
      date: '',
      time: DEFAULT_REPAIR_TIME,
      comment: '',
    },
  };
}

export const REPAIR_MESSAGES = {
  choose: 'Выберите вариант из списка.',
  file: 'Приложите файл.',
  phoneNotConfirmed: 'Подтвердите номер телефона кодом из SMS.',
  slot: 'Выберите интервал из списка.',
  purchaseFuture: 'Дата покупки не может быть позже сегодняшней.',
} as const;

/** Field errors of one step: field path → §5 message. */
export type RepairErrors = Record<string, string>;

export interface RepairCheckContext {
  /** Today's date in the customer's city, YYYY-MM-DD. */
  today: string;
}

const set = (errors: RepairErrors, field: string, message: string | null) => {
  if (message) errors[field] = message;
};
const chosen = (value: unknown) =>
  value === null || value === undefined || value === '' ? REPAIR_MESSAGES.choose : null;
const files = (ids: readonly string[]) => (ids.length === 0 ? REPAIR_MESSAGES.file : null);

/** The §5 messages of one step's fields; an empty object when the step is valid. */
export function validateRepairStep(key: RepairStepKey, data: RepairRequestData, ctx: RepairCheckContext): RepairErrors {
  const errors: RepairErrors = {};
  const docs = data.documents;
  switch (key) {
    case 'typeRepair':
      set(errors, 'deviceType', chosen(data.deviceType));
      set(errors, 'brand', chosen(data.brand));
      set(errors, 'model', chosen(data.model));
      break;
    case 'imeiCheck':
      set(errors, 'imei', validateImei(data.imei));
      break;
    case 'insuranceSelect':
      set(errors, 'insurance', REPAIR_INSURERS.some((i) => i.code === data.insurance) ? null : REPAIR_MESSAGES.choose);
      break;
    case 'help':
    case 'descriptionProblem':
      set(errors, 'problem', chosen(data.problem));
      break;
    case 'documents': {
      set(errors, 'documents.devicePhoto', files(docs.devicePhoto));
      set(errors, 'documents.policyAccept', validateConsent(docs.policyAccept));
      if (data.type === 'warranty') {
        set(errors, 'documents.cashReceipt', files(docs.cashReceipt));
        set(errors, 'documents.warrantyCard', files(docs.warrantyCard));
        const purchase = (docs.datePurchase ?? '').trim();
        if (purchase === '') set(errors, 'documents.datePurchase', FORM_MESSAGES.required);
        else {
          const iso = parseMaskedDate(purchase);
          if (!iso) set(errors, 'documents.datePurchase', FORM_MESSAGES.date);
          else if (iso > ctx.today) set(errors, 'documents.datePurchase', REPAIR_MESSAGES.purchaseFuture);
        }
        set(errors, 'documents.additional', validateText(docs.additional, { max: 500 }));
      }
      if (data.type === 'insurance') {
        set(errors, 'documents.insurancePolicy', files(docs.insurancePolicy));
        set(errors, 'documents.insurancePayment', files(docs.insurancePayment));
        set(errors, 'documents.passport', files(docs.passport));
        set(
          errors,
          'documents.insuranceSituation',
          validateText(docs.insuranceSituation, { required: true, min: 10, max: 1000 }),
        );
      }
      break;
    }
    case 'customerData':
      set(errors, 'customer.name', validateText(data.customer.name, { required: true, lettersOnly: true, max: 50 }));
      set(errors, 'customer.phone', validateMobilePhone(data.customer.phone));
      set(errors, 'customer.email', validateText(data.customer.email, { email: true, max: 100 }));
      if (!errors['customer.phone'] && !data.customer.phoneRequestId)
        set(errors, 'customer.phoneRequestId', REPAIR_MESSAGES.phoneNotConfirmed);
      break;
    case 'methodsPuttingRepair':
      set(
        errors,
        'handover',
        REPAIR_HANDOVERS.includes(data.handover as RepairHandover) ? null : REPAIR_MESSAGES.choose,
      );
      break;
    case 'shop':
      set(errors, 'storeId', chosen(data.storeId));
      break;
    case 'delivery': {
      const a = data.address;
      set(errors, 'address.street', validateText(a.street, { required: true, max: 200 }));
      set(errors, 'address.house', validateText(a.house, { required: true, max: 20 }));
      for (const f of ['building', 'entrance', 'floor', 'flat'] as const)
        set(errors, `address.${f}`, validateText(a[f], { max: 20 }));
      set(errors, 'address.date', validateRepairCourierDate(a.date, ctx.today));
      set(
        errors,
        'address.time',
        (REPAIR_TIME_SLOTS as readonly string[]).includes(a.time) ? null : REPAIR_MESSAGES.slot,
      );
      set(errors, 'address.comment', validateText(a.comment, { max: 500 }));
      break;
    }
    case 'summary':
      break;
  }
  return errors;
}

/** Every step of the request's wizard checked in order: the first failing step and its errors, or null. */
export function validateRepairRequest(
  data: RepairRequestData,
  hasImei: boolean,
  ctx: RepairCheckContext,
): { step: RepairStepKey; errors: RepairErrors } | null {
  const keys = repairStepKeys({ kind: data.type, variant: data.variant, hasImei, handover: data.handover });
  for (const key of keys) {
    const errors = validateRepairStep(key, data, ctx);
    if (Object.keys(errors).length > 0) return { step: key, errors };
  }
  return null;
}

/** SPEC §3 sent payload, common part. */
export interface RepairPayloadBase {
  user: { name: string; phone: string; email: string; phone_request_id: string; city_id: number | null };
  problem: {
    id: number;
    model_id: number;
    ready_sell_for_parts: boolean;
    important_save_data: boolean;
    consider_alternatives: boolean;
  };
}

export interface RepairPayloadAddress {
  street: string;
  house: string;
  building: string;
  entrance: string;
  floor: string;
  flat: string;
  date: string;
  time_from: string;
  time_to: string;
  notes: string;
}

export interface PaidRepairPayload extends RepairPayloadBase {
  store_id?: number;
  address?: RepairPayloadAddress;
}

export interface WarrantyRepairPayload extends RepairPayloadBase {
  delivery_type: RepairHandover;
  store_id?: number;
  address?: RepairPayloadAddress;
  docs: {
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
  };
}

export interface InsuranceCasePayload extends WarrantyRepairPayload {
  imei: string;
  insurance: string;
  insurance_situation: string;
}

export type RepairPayload = PaidRepairPayload | WarrantyRepairPayload | InsuranceCasePayload;

function payloadAddress(a: RepairAddress): RepairPayloadAddress {
  const { from, to } = splitRepairTime(a.time);
  return {
    street: a.street.trim(),
    house: a.house.trim(),
    building: a.building.trim(),
    entrance: a.entrance.trim(),
    floor: a.floor.trim(),
    flat: a.flat.trim(),
    date: a.date,
    time_from: from,
    time_to: to,
    notes: a.comment.trim(),
  };
}

/**
 * The payload of a valid request (call validateRepairRequest first). The phone goes as 7 and ten digits;
 * warranty photo fields carry only the first file id (SPEC §3); the place goes as store_id (drop-off) or
 * address (courier), neither for an operator call.
 */
export function buildRepairPayload(data: RepairRequestData, normalizedPhone: string): RepairPayload {
  const base: RepairPayloadBase = {
    user: {
      name: data.customer.name.trim(),
      phone: normalizedPhone,
      email: data.customer.email.trim(),
      phone_request_id: data.customer.phoneRequestId,
      city_id: data.customer.cityId,
    },
    problem: {
      id: data.problem!,
      model_id: data.model!,
      ready_sell_for_parts: data.readySellForParts,
      important_save_data: data.importantSaveData,
      consider_alternatives: data.considerAlternatives,
    },
  };
  const place: { store_id?: number; address?: RepairPayloadAddress } =
    data.handover === 'store' && data.storeId !== null
      ? { store_id: data.storeId }
      : data.handover === 'courier'
        ? { address: payloadAddress(data.address) }
        : {};
  if (data.type === 'paid') return { ...base, ...place };
  const d = data.documents;
  const first = (ids: readonly string[]) => ids[0] ?? null;
  const warranty: WarrantyRepairPayload = {
    ...base,
    delivery_type: data.handover!,
    ...place,
    docs: {
      has_device_and_charger: d.hasDeviceAndCharger,
      has_kit_accessories: d.hasKitAccessories,
      additional: d.additional.trim(),
      purchase_date: parseMaskedDate(d.datePurchase) ?? '',
      policy_accept: d.policyAccept,
      photo_cheque: first(d.cashReceipt),
      photo_guarantee_card: first(d.warrantyCard),
      photo_passport: first(d.passport),
      photo_application_insurance_payment: first(d.insurancePayment),
      photo_conclusion: first(d.diagnosticResult),
      passport: [...d.passport],
      cash_receipt: [...d.cashReceipt],
      warranty_card: [...d.warrantyCard],
      insurance_policy: [...d.insurancePolicy],
      insurance_payment: [...d.insurancePayment],
      device_photo: [...d.devicePhoto],
    },
  };
  if (data.type === 'warranty') return warranty;
  return {
    ...warranty,
    imei: data.imei.replace(/[\s-]/g, ''),
    insurance: data.insurance,
    insurance_situation: d.insuranceSituation.trim(),
  };
}

/** Every file id a request names, for the server's ownership check. */
export function repairFileIds(data: RepairRequestData): string[] {
  return REPAIR_DOCUMENT_FILE_FIELDS.flatMap((f) => data.documents[f]);
}

/** Uploaded documents: at most 10 MB a file, at most this many files per document field of one request. */
export const REPAIR_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const REPAIR_FILES_PER_FIELD = 5;
export const REPAIR_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type RepairFileType = (typeof REPAIR_FILE_TYPES)[number];

export const REPAIR_FILE_MESSAGES = {
  type: 'Приложите фото в JPEG, PNG или WebP или документ PDF.',
  size: 'Файл больше 10 МБ: уменьшите его или сфотографируйте заново.',
  empty: 'Файл пустой.',
  notFound: 'Файл не найден: загрузите его ещё раз.',
  tooMany: `Можно приложить не больше ${REPAIR_FILES_PER_FIELD} файлов к одному документу.`,
} as const;

/** The file's real type from its first bytes (never from its name or the type the browser claims), or null. */
export function sniffRepairFileType(bytes: Uint8Array): RepairFileType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (bytes.length >= 4 && starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes.length >= 8 && starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (
    bytes.length >= 12 &&
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  )
    return 'image/webp';
  if (bytes.length >= 5 && starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return null;
}
