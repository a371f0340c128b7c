// The repair wizard's server side (/service/repair): the shopper's entries live in an httpOnly cookie
// (`repair_draft`, JSON in base64url, this path only), so the wizard survives a reload and works without
// JavaScript; every form posts to the route's action, which merges one step, checks it with the domain's
// validateRepairStep (the server checks the whole request again on submit), uploads documents through the API
// and files the request. The machine (repair-wizard.ts) decides the steps; this file only keeps the data.
import { data as routeData } from 'react-router';
import { isApiError, type ApiClient } from '@store/api-client';
import {
  REPAIR_DOCUMENT_FILE_FIELDS,
  REPAIR_FILE_MESSAGES,
  REPAIR_FILES_PER_FIELD,
  REPAIR_HANDOVERS,
  REPAIR_KINDS,
  REPAIR_STEP_KEYS,
  REPAIR_VARIANTS,
  buildRepairPayload,
  completeRepairStep,
  createRepairWizard,
  emptyRepairRequest,
  normalizePhone,
  repairStepKeys,
  validateRepairStep,
  type RepairErrors,
  type RepairHandover,
  type RepairKind,
  type RepairRequestData,
  type RepairStepKey,
  type RepairVariant,
  type RepairWizard,
} from '@store/domain';
import { parseCookies, serializeCookie } from './cookies.ts';
import { readForm } from './form.server.ts';

export const DRAFT_COOKIE = 'repair_draft';
const DRAFT_PATH = '/service/repair';

export interface RepairDraft {
  data: RepairRequestData;
  /** Steps the shopper finished, in the order finished. */
  done: RepairStepKey[];
  /** When the first of the files the draft names was uploaded (ms since the epoch); none while it names none. */
  filesSince?: number;
}

/**
 * How long a draft keeps the files it names: 7 days from the first upload. The clean-up job
 * (apps/api jobs/repair-uploads.ts) removes unattached uploads after 8 days, so a draft kept alive by later
 * changes (its cookie lives 7 days from the last one) never names a file that is gone: it drops them a day
 * before, and the documents step asks for them again.
 */
export const DRAFT_FILES_MAX_AGE_MS = 7 * 86_400_000;

/** The draft without its uploaded files once they are older than DRAFT_FILES_MAX_AGE_MS. */
export function withFreshFiles(draft: RepairDraft, now = Date.now()): RepairDraft {
  if (draft.filesSince === undefined || now - draft.filesSince <= DRAFT_FILES_MAX_AGE_MS) return draft;
  const documents = { ...draft.data.documents };
  for (const field of REPAIR_DOCUMENT_FILE_FIELDS) documents[field] = [];
  return { data: { ...draft.data, documents }, done: draft.done.filter((k) => k !== 'documents') };
}

const emptyDraft = (kind: RepairKind = 'paid', variant: RepairVariant = 'own'): RepairDraft => ({
  data: emptyRepairRequest(kind, variant),
  done: [],
});

/**
 * The draft the action just wrote, for the loader of the same request: a form posts as a document request,
 * where the loader runs after the action but still sees the request's old cookie.
 */
const written = new WeakMap<object, RepairDraft>();
/** The cookie header the action's API calls ended with (a guest's first upload sets the uploader cookie). */
const writtenCookie = new WeakMap<object, string>();

/** The draft of this request: what its action wrote, else the cookie's. */
export function currentDraft(request: Request, context: object): RepairDraft {
  return written.get(context) ?? readDraft(request);
}

/** The cookies to call the API with in the loader: the request's, with what the action's calls just set. */
export function currentCookie(request: Request, context: object): string {
  return writtenCookie.get(context) ?? request.headers.get('cookie') ?? '';
}

const UPLOADER_COOKIE = 'repair_uploader';

/** A cookie header with the uploader cookie of these Set-Cookie lines put in (replacing an older one). */
export function withUploaderCookie(cookieHeader: string, setCookies: readonly string[]): string {
  let header = cookieHeader;
  for (const line of setCookies) {
    const match = new RegExp(`^${UPLOADER_COOKIE}=([^;]*)`).exec(line);
    if (!match) continue;
    const others = header
      .split(';')
      .map((part) => part.trim())
      .filter((part) => part !== '' && !part.startsWith(`${UPLOADER_COOKIE}=`));
    header = [...others, `${UPLOADER_COOKIE}=${match[1]}`].join('; ');
  }
  return header;
}

/** The draft from the cookie; anything unreadable is a fresh start. */
export function readDraft(request: Request): RepairDraft {
  const raw = parseCookies(request.headers.get('cookie'))[DRAFT_COOKIE];
  if (!raw) return emptyDraft();
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as RepairDraft;
    const base = emptyRepairRequest(parsed.data.type, parsed.data.variant);
    if (!REPAIR_KINDS.includes(parsed.data.type) || !REPAIR_VARIANTS.includes(parsed.data.variant)) return emptyDraft();
    return withFreshFiles({
      data: {
        ...base,
        ...parsed.data,
        documents: { ...base.documents, ...parsed.data.documents },
        customer: { ...base.customer, ...parsed.data.customer },
        address: { ...base.address, ...parsed.data.address },
      },
      done: (parsed.done ?? []).filter((k) => (REPAIR_STEP_KEYS as readonly string[]).includes(k)),
      ...(typeof parsed.filesSince === 'number' ? { filesSince: parsed.filesSince } : {}),
    });
  } catch {
    return emptyDraft();
  }
}

export function draftCookie(draft: RepairDraft | null): string {
  if (!draft) return serializeCookie(DRAFT_COOKIE, '', { maxAgeS: 0, path: DRAFT_PATH, httpOnly: true });
  const value = Buffer.from(JSON.stringify(draft), 'utf8').toString('base64url');
  return serializeCookie(DRAFT_COOKIE, value, { maxAgeS: 7 * 86400, path: DRAFT_PATH, httpOnly: true });
}

export const hasImeiType = (code: string | undefined) =>
  code === 'smartphones' || code === 'tablets' || code === 'smartwatches';

/** The wizard of a draft: the machine walked through the finished steps while each still checks out. */
export function wizardOf(draft: RepairDraft, hasImei: boolean, today: string): RepairWizard {
  let wizard = createRepairWizard({
    kind: draft.data.type,
    variant: draft.data.variant,
    hasImei,
    handover: draft.data.handover,
  });
  for (const step of wizard.steps) {
    if (step.key === 'summary' || !draft.done.includes(step.key)) break;
    if (Object.keys(validateRepairStep(step.key, draft.data, { today })).length > 0) break;
    wizard = completeRepairStep(wizard, step.key, true);
  }
  return wizard;
}

const str = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.slice(0, 1000) : '';
};
const id = (form: FormData, name: string) => {
  const v = str(form, name);
  return /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null;
};
const flag = (form: FormData, name: string) => form.get(name) === 'on' || form.get(name) === '1';

/** Merges one step's fields; a changed device, brand or model drops what depended on it. */
export function mergeStep(data: RepairRequestData, key: RepairStepKey, form: FormData): RepairRequestData {
  const next: RepairRequestData = structuredClone(data);
  switch (key) {
    case 'typeRepair': {
      const deviceType = id(form, 'deviceType');
      const brand = id(form, 'brand');
      const model = id(form, 'model');
      next.deviceType = deviceType;
      next.brand = deviceType === data.deviceType ? brand : null;
      next.model = next.brand === data.brand && next.brand !== null ? model : null;
      if (next.model !== data.model) {
        next.problem = null;
        next.repairCost = null;
      }
      break;
    }
    case 'imeiCheck':
      next.imei = str(form, 'imei');
      break;
    case 'insuranceSelect':
      next.insurance = str(form, 'insurance');
      break;
    case 'help':
    case 'descriptionProblem':
      next.problem = id(form, 'problem');
      next.readySellForParts = flag(form, 'readySellForParts');
      next.importantSaveData = flag(form, 'importantSaveData');
      next.considerAlternatives = flag(form, 'considerAlternatives');
      break;
    case 'documents':
      next.documents.datePurchase = str(form, 'datePurchase');
      next.documents.policyAccept = flag(form, 'policyAccept');
      next.documents.hasDeviceAndCharger = flag(form, 'hasDeviceAndCharger');
      next.documents.hasKitAccessories = flag(form, 'hasKitAccessories');
      next.documents.additional = str(form, 'additional');
      next.documents.insuranceSituation = str(form, 'insuranceSituation');
      break;
    case 'customerData': {
      const phone = str(form, 'phone');
      if (normalizePhone(phone) !== normalizePhone(data.customer.phone)) next.customer.phoneRequestId = '';
      next.customer = { ...next.customer, name: str(form, 'name'), phone, email: str(form, 'email') };
      break;
    }
    case 'methodsPuttingRepair': {
      const h = str(form, 'handover');
      next.handover = (REPAIR_HANDOVERS as readonly string[]).includes(h) ? (h as RepairHandover) : null;
      break;
    }
    case 'shop':
      next.storeId = id(form, 'storeId');
      break;
    case 'delivery':
      next.address = {
        ...next.address,
        street: str(form, 'street'),
        house: str(form, 'house'),
        building: str(form, 'building'),
        entrance: str(form, 'entrance'),
        floor: str(form, 'floor'),
        flat: str(form, 'flat'),
        isAddress: flag(form, 'isAddress'),
        date: str(form, 'date'),
        time: str(form, 'time'),
        comment: str(form, 'comment'),
      };
      break;
    case 'summary':
      break;
  }
  return next;
}

export type RepairActionResult =
  | { sent: { number: string; kind: RepairKind; cost_from: number; discount_price: number } }
  | { step: RepairStepKey | null; errors: RepairErrors; message?: string };

const SUBMIT_PATHS: Record<RepairKind, string> = {
  paid: '/v1/order/paid-repair',
  warranty: '/v1/order/warranty-repair',
  insurance: '/v1/order/insurance-case',
};

const apiFieldErrors = (error: unknown): RepairErrors => {
  if (!isApiError(error)) throw error;
  const out: RepairErrors = {};
  for (const [k, v] of Object.entries(error.body?.errors ?? {})) out[k] = v[0] ?? '';
  if (Object.keys(out).length === 0) out._ = error.body?.message ?? 'Не получилось: попробуйте ещё раз.';
  return out;
};

/**
 * Uploads every file chosen in the documents form through the API (which checks its type by content and its
 * size) and adds the ids to the draft; the errors of the files refused, under their document's field.
 */
async function uploadChosenFiles(
  api: ApiClient,
  form: FormData,
  draft: RepairDraft,
  headers: Headers,
  cookies: { header: string },
): Promise<RepairErrors> {
  const errors: RepairErrors = {};
  for (const field of REPAIR_DOCUMENT_FILE_FIELDS) {
    for (const file of form.getAll(`file.${field}`)) {
      if (!(file instanceof File) || file.size === 0) continue;
      if (draft.data.documents[field].length >= REPAIR_FILES_PER_FIELD) {
        errors[`documents.${field}`] = REPAIR_FILE_MESSAGES.tooMany;
        continue;
      }
      const upload = new FormData();
      upload.set('field', field);
      upload.set('file', file, file.name);
      try {
        const { data, headers: answerHeaders } = await api.repair.upload(upload, cookies.header);
        // A guest's first upload sets the uploader cookie: the browser keeps it, and the next uploads of this
        // post go with it, or each file would belong to another uploader.
        const setCookies = answerHeaders.getSetCookie();
        for (const cookie of setCookies) headers.append('set-cookie', cookie);
        cookies.header = withUploaderCookie(cookies.header, setCookies);
        draft.data.documents[field] = [...draft.data.documents[field], data.id];
        draft.filesSince ??= Date.now();
      } catch (error) {
        errors[`documents.${field}`] = Object.values(apiFieldErrors(error))[0] ?? '';
      }
    }
  }
  return errors;
}

export async function repairAction(
  request: Request,
  context: object,
  api: ApiClient,
  cityId: number | null,
  today: string,
) {
  const form = await readForm(request);
  const intent = str(form, 'intent');
  let draft = readDraft(request);
  const headers = new Headers();
  const cookies = { header: request.headers.get('cookie') ?? '' };
  const answer = (result: RepairActionResult, status = 200) => {
    headers.append('set-cookie', draftCookie(draft));
    written.set(context, draft);
    writtenCookie.set(context, cookies.header);
    return routeData(result, { status, headers });
  };

  if (intent === 'reset' || intent === 'start') {
    const kind = str(form, 'type') as RepairKind;
    const variant = str(form, 'variant') as RepairVariant;
    draft = emptyDraft(
      REPAIR_KINDS.includes(kind) ? kind : draft.data.type,
      REPAIR_VARIANTS.includes(variant) ? variant : draft.data.variant,
    );
    draft.data.customer.cityId = cityId;
    return answer({ step: null, errors: {} });
  }
  const key = str(form, 'step') as RepairStepKey;
  if (intent === 'edit' && (REPAIR_STEP_KEYS as readonly string[]).includes(key)) {
    draft.done = draft.done.slice(0, Math.max(0, draft.done.indexOf(key)));
    return answer({ step: key, errors: {} });
  }
  if (intent === 'step' && (REPAIR_STEP_KEYS as readonly string[]).includes(key)) {
    draft.data = mergeStep(draft.data, key, form);
    draft.data.customer.cityId = cityId;
    // Files chosen on the documents step and sent with «Далее» are uploaded first, never silently dropped.
    if (key === 'documents') {
      const uploadErrors = await uploadChosenFiles(api, form, draft, headers, cookies);
      if (Object.keys(uploadErrors).length > 0) return answer({ step: key, errors: uploadErrors }, 422);
    }
    const errors = validateRepairStep(key, draft.data, { today });
    if (Object.keys(errors).length > 0) return answer({ step: key, errors }, 422);
    draft.done = [...draft.done.filter((k) => k !== key), key];
    return answer({ step: key, errors: {} });
  }
  if (intent === 'send-code' || intent === 'confirm-code') {
    draft.data = mergeStep(draft.data, 'customerData', form);
    const phone = draft.data.customer.phone;
    try {
      if (intent === 'send-code') await api.repair.sendCode(phone);
      else
        draft.data.customer.phoneRequestId = (await api.repair.confirmCode(phone, str(form, 'code'))).phone_request_id;
    } catch (error) {
      return answer({ step: 'customerData', errors: apiFieldErrors(error) }, 422);
    }
    return answer({ step: 'customerData', errors: {}, message: intent === 'send-code' ? 'code-sent' : 'confirmed' });
  }
  if (intent === 'upload') {
    draft.data = mergeStep(draft.data, 'documents', form);
    const errors = await uploadChosenFiles(api, form, draft, headers, cookies);
    return answer({ step: 'documents', errors }, Object.keys(errors).length > 0 ? 422 : 200);
  }
  if (intent.startsWith('remove-file:')) {
    const fileId = intent.slice('remove-file:'.length);
    for (const field of REPAIR_DOCUMENT_FILE_FIELDS)
      draft.data.documents[field] = draft.data.documents[field].filter((f) => f !== fileId);
    if (REPAIR_DOCUMENT_FILE_FIELDS.every((f) => draft.data.documents[f].length === 0)) delete draft.filesSince;
    return answer({ step: 'documents', errors: {} });
  }
  if (intent === 'submit') {
    const keys = repairStepKeys({
      kind: draft.data.type,
      variant: draft.data.variant,
      hasImei: true,
      handover: draft.data.handover,
    });
    const missing = keys.find((k) => k !== 'summary' && k !== 'imeiCheck' && !draft.done.includes(k));
    if (missing) return answer({ step: missing, errors: { _: 'Заполните все шаги заявки.' } }, 422);
    const payload = buildRepairPayload(draft.data, normalizePhone(draft.data.customer.phone) ?? '');
    try {
      const created =
        draft.data.variant === 'own'
          ? await api.repair.create(SUBMIT_PATHS[draft.data.type], payload)
          : await api.repair.create('/repair-request/create', { type: draft.data.type, ...payload });
      // SPEC §4: after a successful submit the whole wizard resets.
      headers.append('set-cookie', draftCookie(null));
      written.set(context, emptyDraft(draft.data.type, draft.data.variant));
      return routeData(
        {
          sent: {
            number: created.number,
            kind: created.kind,
            cost_from: created.cost_from,
            discount_price: created.discount_price,
          },
        } satisfies RepairActionResult,
        { headers },
      );
    } catch (error) {
      return answer({ step: 'summary', errors: apiFieldErrors(error) }, 422);
    }
  }
  throw routeData('Неизвестное действие формы.', { status: 400 });
}
