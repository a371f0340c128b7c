import { describe, expect, it } from 'vitest';
import { REPAIR_KINDS, REPAIR_VARIANTS, type RepairKind, type RepairVariant } from './repair.ts';
import {
  completeRepairStep,
  createRepairWizard,
  currentRepairStep,
  editRepairStep,
  finishRepairSubmit,
  isRepairWizardValid,
  repairStepHeading,
  repairStepKeys,
  reshapeRepairWizard,
  startRepairSubmit,
  type RepairStepKey,
  type RepairWizard,
} from './repair-wizard.ts';

const keys = (
  kind: RepairKind,
  variant: RepairVariant,
  hasImei = true,
  handover: 'store' | 'courier' | 'operator' | null = null,
) => repairStepKeys({ kind, variant, hasImei, handover });

describe('step order of both variants and every kind (SPEC §2)', () => {
  it('own: device → cost → how to hand in → customer', () => {
    expect(keys('paid', 'own')).toEqual(['typeRepair', 'help', 'methodsPuttingRepair', 'customerData', 'summary']);
    expect(keys('warranty', 'own')).toEqual([
      'typeRepair',
      'help',
      'documents',
      'methodsPuttingRepair',
      'customerData',
      'summary',
    ]);
    expect(keys('insurance', 'own', true, 'courier')).toEqual([
      'typeRepair',
      'imeiCheck',
      'insuranceSelect',
      'help',
      'documents',
      'methodsPuttingRepair',
      'delivery',
      'customerData',
      'summary',
    ]);
  });
  it('refresh: device → description → customer → how to hand in', () => {
    expect(keys('paid', 'refresh', true, 'store')).toEqual([
      'typeRepair',
      'descriptionProblem',
      'customerData',
      'methodsPuttingRepair',
      'shop',
      'summary',
    ]);
    expect(keys('warranty', 'refresh', false, 'courier')).toEqual([
      'typeRepair',
      'descriptionProblem',
      'documents',
      'customerData',
      'methodsPuttingRepair',
      'delivery',
      'summary',
    ]);
    expect(keys('insurance', 'refresh', false, 'operator')).toEqual([
      'typeRepair',
      'insuranceSelect',
      'descriptionProblem',
      'documents',
      'customerData',
      'methodsPuttingRepair',
      'summary',
    ]);
  });
  it('IMEI only for an insurance case of a device that has one', () => {
    for (const variant of REPAIR_VARIANTS) {
      expect(keys('paid', variant, true)).not.toContain('imeiCheck');
      expect(keys('warranty', variant, true)).not.toContain('imeiCheck');
      expect(keys('insurance', variant, false)).not.toContain('imeiCheck');
      expect(keys('insurance', variant, true)).toContain('imeiCheck');
    }
  });
});

describe('titles, completed titles and numbering', () => {
  it('numbers the four main steps and shows the completed title of a completed step', () => {
    for (const variant of REPAIR_VARIANTS) {
      const w = createRepairWizard({ kind: 'warranty', variant, hasImei: true, handover: 'store' });
      const numbered = w.steps.filter((s) => s.number !== null).map((s) => [s.number, s.key]);
      expect(numbered).toEqual(
        variant === 'own'
          ? [
              [1, 'typeRepair'],
              [2, 'help'],
              [3, 'methodsPuttingRepair'],
              [4, 'customerData'],
            ]
          : [
              [1, 'typeRepair'],
              [2, 'descriptionProblem'],
              [3, 'customerData'],
              [4, 'methodsPuttingRepair'],
            ],
      );
    }
    const own = createRepairWizard({ kind: 'paid', variant: 'own', hasImei: false });
    const headings = own.steps.map(repairStepHeading);
    expect(headings).toEqual([
      '1. Устройство и тип ремонта',
      '2. Рассчитайте стоимость',
      '3. Выберите, как удобнее сдать в ремонт',
      '4. Данные заказчика',
      'Отправка заявки',
    ]);
    const refresh = createRepairWizard({ kind: 'paid', variant: 'refresh', hasImei: false });
    expect(refresh.steps.map(repairStepHeading)).toEqual([
      '1. Устройство и тип ремонта',
      '2. Описание проблемы / параметры установки',
      '3. Данные заказчика',
      '4. Как сдать в ремонт',
      'Отправка заявки',
    ]);
    let done = completeRepairStep(refresh, 'typeRepair', true);
    done = completeRepairStep(done, 'descriptionProblem', true);
    done = completeRepairStep(done, 'customerData', true);
    done = completeRepairStep(done, 'methodsPuttingRepair', true);
    expect(done.steps.map(repairStepHeading)).toEqual([
      'Устройство и тип ремонта',
      'Описание проблемы / параметры установки',
      'Получатель',
      'Способ сдачи в ремонт',
      'Отправка заявки',
    ]);
  });
});

describe('statuses, keyNext and isValid (SPEC §4)', () => {
  it('starts the first, document and store steps current, the rest pending; the final step valid, not submitting', () => {
    for (const kind of REPAIR_KINDS)
      for (const variant of REPAIR_VARIANTS) {
        const w = createRepairWizard({ kind, variant, hasImei: true, handover: 'store' });
        for (const [i, step] of w.steps.entries()) {
          const special = i === 0 || step.key === 'documents' || step.key === 'shop';
          expect(step.status, `${kind}/${variant}/${step.key}`).toBe(special ? 'current' : 'pending');
          expect(step.isValid).toBe(step.key === 'summary');
          expect(step.keyNext).toBe(w.steps[i + 1]?.key ?? null);
        }
        expect(w.isSubmitting).toBe(false);
        expect(isRepairWizardValid(w)).toBe(false);
        expect(currentRepairStep(w).key).toBe('typeRepair');
      }
  });

  it('walks every kind and variant to a valid wizard, each step completing into its keyNext', () => {
    for (const kind of REPAIR_KINDS)
      for (const variant of REPAIR_VARIANTS) {
        let w: RepairWizard = createRepairWizard({ kind, variant, hasImei: true, handover: 'courier' });
        for (const step of w.steps.slice(0, -1)) {
          w = completeRepairStep(w, step.key, true);
          const after = w.steps.find((s) => s.key === step.key)!;
          expect(after.status).toBe('completed');
          if (after.keyNext) expect(w.steps.find((s) => s.key === after.keyNext)!.status).not.toBe('pending');
        }
        expect(currentRepairStep(w).key).toBe('summary');
        expect(isRepairWizardValid(w)).toBe(true);
      }
  });

  it('keeps an invalid step where it is and refuses a step after an unfinished one (a forged order)', () => {
    let w = createRepairWizard({ kind: 'insurance', variant: 'own', hasImei: true });
    w = completeRepairStep(w, 'typeRepair', false);
    expect(w.steps[0]).toMatchObject({ status: 'current', isValid: false });
    expect(() => completeRepairStep(w, 'help', true)).toThrow(RangeError);
    w = completeRepairStep(w, 'typeRepair', true);
    w = completeRepairStep(w, 'imeiCheck', true);
    w = completeRepairStep(w, 'insuranceSelect', true);
    w = completeRepairStep(w, 'help', true);
    // The documents step is open but not valid yet: the handover cannot be completed.
    expect(() => completeRepairStep(w, 'methodsPuttingRepair', true)).toThrow(RangeError);
    expect(() => completeRepairStep(w, 'shop' as RepairStepKey, true)).toThrow(RangeError);
  });

  it('adds the store or courier step when the handover changes, keeping what was done', () => {
    let w = createRepairWizard({ kind: 'paid', variant: 'own', hasImei: false });
    w = completeRepairStep(w, 'typeRepair', true);
    w = completeRepairStep(w, 'help', true);
    w = reshapeRepairWizard(w, { handover: 'store' });
    expect(w.steps.map((s) => s.key)).toEqual([
      'typeRepair',
      'help',
      'methodsPuttingRepair',
      'shop',
      'customerData',
      'summary',
    ]);
    expect(w.steps[0]!.status).toBe('completed');
    expect(w.steps.find((s) => s.key === 'methodsPuttingRepair')!.keyNext).toBe('shop');
    w = reshapeRepairWizard(w, { handover: 'courier' });
    expect(w.steps.map((s) => s.key)).toContain('delivery');
    expect(w.steps.map((s) => s.key)).not.toContain('shop');
    expect(
      reshapeRepairWizard(w, { kind: 'warranty' }).steps.every((s, i) => i === 0 || s.status !== 'completed'),
    ).toBe(true);
  });

  it('reopens a completed step and resets after a successful submit', () => {
    let w = createRepairWizard({ kind: 'paid', variant: 'own', hasImei: false, handover: 'operator' });
    for (const step of w.steps.slice(0, -1)) w = completeRepairStep(w, step.key, true);
    const edited = editRepairStep(w, 'help');
    expect(edited.steps.find((s) => s.key === 'help')!.status).toBe('current');
    expect(edited.steps.find((s) => s.key === 'summary')!.status).toBe('pending');
    const submitting = startRepairSubmit(w);
    expect(submitting.isSubmitting).toBe(true);
    const failed = finishRepairSubmit(submitting, false);
    expect(failed.isSubmitting).toBe(false);
    expect(failed.steps).toEqual(w.steps);
    const reset = finishRepairSubmit(submitting, true);
    expect(reset.isSubmitting).toBe(false);
    expect(reset.steps.map((s) => s.status)).toEqual(['current', 'pending', 'pending', 'pending', 'pending']);
  });
});
