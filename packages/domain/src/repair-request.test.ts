import { describe, expect, it } from 'vitest';
import { IMEI_MESSAGES, REPAIR_DATE_MESSAGES } from './repair.ts';
import {
  REPAIR_MESSAGES,
  buildRepairPayload,
  emptyRepairRequest,
  repairFileIds,
  validateRepairRequest,
  validateRepairStep,
  type RepairRequestData,
} from './repair-request.ts';
import { FORM_MESSAGES } from './validation.ts';

const ctx = { today: '2026-11-26' };

function filled(type: RepairRequestData['type'], handover: RepairRequestData['handover']): RepairRequestData {
  const data = emptyRepairRequest(type, 'own');
  return {
    ...data,
    deviceType: 1,
    brand: 1,
    model: 3,
    problem: 101,
    imei: '490154203237518',
    insurance: 'ingos',
    importantSaveData: true,
    repairCost: 490000,
    documents: {
      ...data.documents,
      cashReceipt: ['c1', 'c2'],
      warrantyCard: ['w1'],
      passport: ['p1', 'p2'],
      insurancePolicy: ['i1'],
      insurancePayment: ['a1', 'a2'],
      devicePhoto: ['d1'],
      diagnosticResult: ['r1'],
      insuranceSituation: 'Упал с высоты, разбился экран',
      policyAccept: true,
      datePurchase: '01.06.2026',
      hasDeviceAndCharger: true,
      additional: 'Коробка',
    },
    customer: { name: 'Анна Смирнова', phone: '+7 (916) 123-45-67', email: '', cityId: 1, phoneRequestId: 'req-1' },
    handover,
    storeId: handover === 'store' ? 42 : null,
    address: {
      ...data.address,
      street: 'ул. Тверская',
      house: '7',
      flat: '12',
      date: '2026-11-27',
      comment: 'Домофон 12',
    },
  };
}

describe('step checks with the §5 messages', () => {
  it('words each step', () => {
    const empty = emptyRepairRequest('warranty');
    expect(validateRepairStep('typeRepair', empty, ctx)).toEqual({
      deviceType: REPAIR_MESSAGES.choose,
      brand: REPAIR_MESSAGES.choose,
      model: REPAIR_MESSAGES.choose,
    });
    expect(validateRepairStep('imeiCheck', { ...empty, imei: '490154203237519' }, ctx)).toEqual({
      imei: IMEI_MESSAGES.checksum,
    });
    expect(validateRepairStep('documents', empty, ctx)).toMatchObject({
      'documents.cashReceipt': REPAIR_MESSAGES.file,
      'documents.devicePhoto': REPAIR_MESSAGES.file,
      'documents.datePurchase': FORM_MESSAGES.required,
      'documents.policyAccept': FORM_MESSAGES.consent,
    });
    const future = { ...filled('warranty', 'store') };
    future.documents = { ...future.documents, datePurchase: '01.01.2027' };
    expect(validateRepairStep('documents', future, ctx)).toEqual({
      'documents.datePurchase': REPAIR_MESSAGES.purchaseFuture,
    });
    expect(
      validateRepairStep(
        'customerData',
        { ...empty, customer: { ...empty.customer, name: 'Анна 2', phone: '+7 (495) 111-22-33', email: 'a@' } },
        ctx,
      ),
    ).toEqual({
      'customer.name': FORM_MESSAGES.lettersOnly,
      'customer.phone': FORM_MESSAGES.mobileStartsWith9,
      'customer.email': FORM_MESSAGES.email,
    });
    const unconfirmed = filled('paid', 'store');
    unconfirmed.customer = { ...unconfirmed.customer, phoneRequestId: '' };
    expect(validateRepairStep('customerData', unconfirmed, ctx)).toEqual({
      'customer.phoneRequestId': REPAIR_MESSAGES.phoneNotConfirmed,
    });
    const sunday = filled('paid', 'courier');
    sunday.address = { ...sunday.address, date: '2026-11-29', time: '08:00 - 09:00' };
    expect(validateRepairStep('delivery', sunday, ctx)).toEqual({
      'address.date': REPAIR_DATE_MESSAGES.notWorking,
      'address.time': REPAIR_MESSAGES.slot,
    });
  });

  it('checks the whole request in step order and stops at the first failing step', () => {
    expect(validateRepairRequest(filled('insurance', 'courier'), true, ctx)).toBeNull();
    expect(validateRepairRequest(filled('paid', 'operator'), false, ctx)).toBeNull();
    const noStore = { ...filled('paid', 'store'), storeId: null };
    expect(validateRepairRequest(noStore, false, ctx)).toEqual({
      step: 'shop',
      errors: { storeId: REPAIR_MESSAGES.choose },
    });
    const badImei = { ...filled('insurance', 'store'), imei: '123' };
    expect(validateRepairRequest(badImei, true, ctx)?.step).toBe('imeiCheck');
    expect(validateRepairRequest(badImei, false, ctx)).toBeNull(); // a washing machine has no IMEI
    expect(validateRepairRequest({ ...filled('warranty', 'store'), imei: '' }, true, ctx)).toBeNull();
  });
});

describe('sent payloads (SPEC §3)', () => {
  it('paid repair: user, problem and store_id for a drop-off', () => {
    expect(buildRepairPayload(filled('paid', 'store'), '79161234567')).toEqual({
      user: { name: 'Анна Смирнова', phone: '79161234567', email: '', phone_request_id: 'req-1', city_id: 1 },
      problem: {
        id: 101,
        model_id: 3,
        ready_sell_for_parts: false,
        important_save_data: true,
        consider_alternatives: false,
      },
      store_id: 42,
    });
  });
  it('paid repair: the address with the slot split for a courier, nothing for an operator call', () => {
    const courier = buildRepairPayload(filled('paid', 'courier'), '79161234567');
    expect(courier).toMatchObject({
      address: {
        street: 'ул. Тверская',
        house: '7',
        building: '',
        entrance: '',
        floor: '',
        flat: '12',
        date: '2026-11-27',
        time_from: '09:00',
        time_to: '13:00',
        notes: 'Домофон 12',
      },
    });
    expect('store_id' in courier).toBe(false);
    const operator = buildRepairPayload(filled('paid', 'operator'), '79161234567');
    expect(Object.keys(operator).sort()).toEqual(['problem', 'user']);
  });
  it('warranty repair: delivery_type and docs with only the first file id in photo fields', () => {
    const payload = buildRepairPayload(filled('warranty', 'store'), '79161234567');
    expect(payload).toMatchObject({
      delivery_type: 'store',
      store_id: 42,
      docs: {
        has_device_and_charger: true,
        has_kit_accessories: false,
        additional: 'Коробка',
        purchase_date: '2026-06-01',
        policy_accept: true,
        photo_cheque: 'c1',
        photo_guarantee_card: 'w1',
        photo_passport: 'p1',
        photo_application_insurance_payment: 'a1',
        photo_conclusion: 'r1',
        passport: ['p1', 'p2'],
        cash_receipt: ['c1', 'c2'],
        warranty_card: ['w1'],
        insurance_policy: ['i1'],
        insurance_payment: ['a1', 'a2'],
        device_photo: ['d1'],
      },
    });
    expect('imei' in payload).toBe(false);
  });
  it('insurance case: the warranty payload with the IMEI, insurer and situation', () => {
    const payload = buildRepairPayload(filled('insurance', 'courier'), '79161234567');
    expect(payload).toMatchObject({
      delivery_type: 'courier',
      imei: '490154203237518',
      insurance: 'ingos',
      insurance_situation: 'Упал с высоты, разбился экран',
    });
    expect(repairFileIds(filled('insurance', 'courier'))).toEqual([
      'c1',
      'c2',
      'w1',
      'p1',
      'p2',
      'i1',
      'a1',
      'a2',
      'd1',
      'r1',
    ]);
  });
});
