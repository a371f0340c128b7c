// The repair wizard's step machine (SPEC §2 Repair wizard, §4 Repair wizard): which steps a kind and variant
// walk through, their titles and completed titles, numbering, statuses, keyNext and isValid. Pure: the page
// keeps the state, the server replays the same machine over a submitted request (docs/decisions/0032).
import type { RepairHandover, RepairKind, RepairVariant } from './repair.ts';

export const REPAIR_STEP_KEYS = [
  'typeRepair',
  'imeiCheck',
  'help',
  'insuranceSelect',
  'documents',
  'descriptionProblem',
  'customerData',
  'methodsPuttingRepair',
  'shop',
  'delivery',
  'summary',
] as const;
export type RepairStepKey = (typeof REPAIR_STEP_KEYS)[number];

export const REPAIR_STEP_STATUSES = ['current', 'pending', 'completed'] as const;
export type RepairStepStatus = (typeof REPAIR_STEP_STATUSES)[number];

/** The four numbered steps of SPEC §2; the others are sub-steps shown inside the step before them. */
export const REPAIR_MAIN_STEPS: readonly RepairStepKey[] = [
  'typeRepair',
  'help',
  'descriptionProblem',
  'customerData',
  'methodsPuttingRepair',
];

/** SPEC §2 step titles; the sub-steps' titles are ours. */
export function repairStepTitle(key: RepairStepKey, variant: RepairVariant): { title: string; completedTitle: string } {
  const same = (title: string) => ({ title, completedTitle: title });
  switch (key) {
    case 'typeRepair':
      return same('Устройство и тип ремонта');
    case 'help':
      return same('Рассчитайте стоимость');
    case 'descriptionProblem':
      return same('Описание проблемы / параметры установки');
    case 'customerData':
      return { title: 'Данные заказчика', completedTitle: 'Получатель' };
    case 'methodsPuttingRepair':
      return {
        title: variant === 'own' ? 'Выберите, как удобнее сдать в ремонт' : 'Как сдать в ремонт',
        completedTitle: 'Способ сдачи в ремонт',
      };
    case 'imeiCheck':
      return same('Проверка IMEI');
    case 'insuranceSelect':
      return same('Страховая компания');
    case 'documents':
      return same('Документы');
    case 'shop':
      return same('Салон или сервисный центр');
    case 'delivery':
      return same('Адрес и время курьера');
    case 'summary':
      return same('Отправка заявки');
  }
}

export interface RepairWizardOptions {
  kind: RepairKind;
  variant: RepairVariant;
  /** Whether the device has an IMEI (phones, tablets, watches): an insurance case checks it (the insurer's policy names it). */
  hasImei: boolean;
  /** The chosen handover: the store step for 'store', the courier step for 'courier', neither for 'operator'. */
  handover?: RepairHandover | null;
}

/**
 * The steps of a kind and variant in order. First variant (own): device and repair type; problem and cost
 * calculation; how to hand in; customer data. Second (refresh): device and repair type; problem description;
 * customer data; how to hand in. Sub-steps follow the step they belong to.
 */
export function repairStepKeys(options: RepairWizardOptions): RepairStepKey[] {
  const { kind, variant, hasImei, handover } = options;
  const needsDocuments = kind !== 'paid';
  const head: RepairStepKey[] = ['typeRepair'];
  if (kind === 'insurance' && hasImei) head.push('imeiCheck');
  if (kind === 'insurance') head.push('insuranceSelect');
  const problem: RepairStepKey[] = [variant === 'own' ? 'help' : 'descriptionProblem'];
  if (needsDocuments) problem.push('documents');
  const handoverSteps: RepairStepKey[] = ['methodsPuttingRepair'];
  if (handover === 'store') handoverSteps.push('shop');
  if (handover === 'courier') handoverSteps.push('delivery');
  const customer: RepairStepKey[] = ['customerData'];
  const middle = variant === 'own' ? [...handoverSteps, ...customer] : [...customer, ...handoverSteps];
  return [...head, ...problem, ...middle, 'summary'];
}

export interface RepairStep {
  key: RepairStepKey;
  title: string;
  completedTitle: string;
  status: RepairStepStatus;
  /** The step after this one; null for the final step. */
  keyNext: RepairStepKey | null;
  isValid: boolean;
  /** 1–4 for the numbered steps, null for sub-steps and the final step. */
  number: number | null;
}

export interface RepairWizard {
  kind: RepairKind;
  variant: RepairVariant;
  hasImei: boolean;
  handover: RepairHandover | null;
  steps: RepairStep[];
  isSubmitting: boolean;
}

/**
 * SPEC §4: the first step and the document and store steps start 'current' (the documents and the store list
 * are open as soon as their parent step is reached), the others 'pending'; the final step starts valid and
 * not submitting; every other step starts invalid.
 */
export function initialRepairStatus(key: RepairStepKey, index: number): RepairStepStatus {
  return index === 0 || key === 'documents' || key === 'shop' ? 'current' : 'pending';
}

function buildSteps(options: RepairWizardOptions, previous?: readonly RepairStep[]): RepairStep[] {
  const keys = repairStepKeys(options);
  let number = 0;
  return keys.map((key, index) => {
    const old = previous?.find((s) => s.key === key);
    const main = REPAIR_MAIN_STEPS.includes(key);
    if (main) number++;
    return {
      key,
      ...repairStepTitle(key, options.variant),
      status: old?.status ?? initialRepairStatus(key, index),
      keyNext: keys[index + 1] ?? null,
      isValid: old?.isValid ?? key === 'summary',
      number: main ? number : null,
    };
  });
}

export function createRepairWizard(options: RepairWizardOptions): RepairWizard {
  return {
    kind: options.kind,
    variant: options.variant,
    hasImei: options.hasImei,
    handover: options.handover ?? null,
    steps: buildSteps(options),
    isSubmitting: false,
  };
}

/** The same wizard for another handover (or device with or without IMEI): steps kept, added, or dropped. */
export function reshapeRepairWizard(wizard: RepairWizard, change: Partial<RepairWizardOptions>): RepairWizard {
  const options: RepairWizardOptions = {
    kind: change.kind ?? wizard.kind,
    variant: change.variant ?? wizard.variant,
    hasImei: change.hasImei ?? wizard.hasImei,
    handover: change.handover === undefined ? wizard.handover : change.handover,
  };
  if (options.kind !== wizard.kind || options.variant !== wizard.variant) return createRepairWizard(options);
  const steps = buildSteps(options, wizard.steps);
  // A step the new shape adds after the current one waits; one it adds before is where the shopper goes on.
  return { ...wizard, hasImei: options.hasImei, handover: options.handover ?? null, steps };
}

/** The step being filled in: the first numbered or final step that is 'current', else the first not completed. */
export function currentRepairStep(wizard: RepairWizard): RepairStep {
  return (
    wizard.steps.find((s) => s.status === 'current' && s.key !== 'documents' && s.key !== 'shop') ??
    wizard.steps.find((s) => s.status !== 'completed') ??
    wizard.steps[wizard.steps.length - 1]!
  );
}

/**
 * Completes a step with the validity of its data: a valid step becomes 'completed' and its keyNext 'current';
 * an invalid one stays where it is. A step after a pending step cannot be completed (a forged order).
 */
export function completeRepairStep(wizard: RepairWizard, key: RepairStepKey, isValid: boolean): RepairWizard {
  const index = wizard.steps.findIndex((s) => s.key === key);
  if (index < 0) throw new RangeError(`Step ${key} is not part of this wizard`);
  if (wizard.steps.slice(0, index).some((s) => !s.isValid || s.status === 'pending'))
    throw new RangeError(`Step ${key} comes after a step that is not done`);
  const steps = wizard.steps.map((s) => ({ ...s }));
  const step = steps[index]!;
  step.isValid = isValid;
  if (!isValid || step.key === 'summary') return { ...wizard, steps };
  step.status = 'completed';
  const next = steps.find((s) => s.key === step.keyNext);
  if (next && next.status !== 'completed') next.status = 'current';
  return { ...wizard, steps };
}

/** Opens a completed step again to change it: it becomes current and the steps after it keep their data. */
export function editRepairStep(wizard: RepairWizard, key: RepairStepKey): RepairWizard {
  const index = wizard.steps.findIndex((s) => s.key === key);
  if (index < 0) throw new RangeError(`Step ${key} is not part of this wizard`);
  const steps = wizard.steps.map((s, i) => {
    if (i === index) return { ...s, status: 'current' as const };
    if (i > index && s.status === 'current' && s.key !== 'documents' && s.key !== 'shop')
      return { ...s, status: 'pending' as const };
    return s;
  });
  return { ...wizard, steps };
}

/** SPEC §2: a completed step shows its completed title; the others are numbered (sub-steps keep the plain title). */
export function repairStepHeading(step: RepairStep): string {
  if (step.status === 'completed') return step.completedTitle;
  return step.number === null ? step.title : `${step.number}. ${step.title}`;
}

/** SPEC §4: the wizard is valid only if every step is. */
export const isRepairWizardValid = (wizard: RepairWizard) => wizard.steps.every((s) => s.isValid);

/** SPEC §4: a submitting flag wraps the submit call. */
export const startRepairSubmit = (wizard: RepairWizard): RepairWizard => ({ ...wizard, isSubmitting: true });
export const finishRepairSubmit = (wizard: RepairWizard, succeeded: boolean): RepairWizard =>
  succeeded
    ? createRepairWizard({ kind: wizard.kind, variant: wizard.variant, hasImei: false })
    : { ...wizard, isSubmitting: false };
