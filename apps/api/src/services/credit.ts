// Credit, instalment and loan applications (issue 17). create-order opens one for payments 13, 20 and
// 48 and leaves the order in status 23; the shopper fills in the applicant, confirms the phone by SMS
// and gives the 152-FZ consent; the lender (the sandbox bank by default) asks every partner bank and
// each answers by a signed callback; the shopper picks an approved offer and signs it by SMS, and the
// order moves on (N). Declined by every bank, cancelled, or past its time: the order is cancelled and
// its stock released, in the application's transaction. Decisions and the schedule go to the outbox.
import { randomInt } from 'node:crypto';
import type { DatabaseHandle, TransactionHandle } from '@store/db';
import {
  APPLICATION_KIND_BY_PAYMENT,
  CREDIT_APPLICATION_STATUS_NAMES,
  applicationTerms,
  openingTerm,
  CREDIT_PENDING_ORDER_STATUS,
  NEW_ORDER_STATUS,
  applicationNextStep,
  applicationStatusFromBanks,
  bankByCode,
  canMoveApplication,
  formatPrice,
  isApplicationFinal,
  normalizePhone,
  overpayment,
  repaymentSchedule,
  validateApplicant,
  validateMobilePhone,
  type ApplicantForm,
  type BankDecision,
  type CreditApplicationStatus,
  type EmploymentKind,
} from '@store/domain';
import type { Lender, LenderApplicant } from '../adapters/lender.ts';
import type { Notifier } from '../adapters/notifications.ts';
import { sha256 } from '../auth/tokens.ts';
import {
  clearApplicationCode,
  countCodeAttempt,
  insertCreditApplication,
  insertCreditOffer,
  isApplicationDue,
  listApplicationOffers,
  listExpiredApplications,
  recordCreditCallback,
  retrieveApplicationByOrder,
  retrieveOfferByBankId,
  setApplicationCode,
  updateApplication,
  updateCreditOffer,
  type CreditApplicationRow,
  type CreditOfferRow,
} from '../data/credit.ts';
import { lockOrder, setOrderStatus } from '../data/orders.ts';
import { ApiError } from '../http/errors.ts';
import { putBackCancelledOrder } from './order-cancellation.ts';
import type { ScheduledJob } from '../jobs/job-runner.ts';
import type { Logger } from '../logger.ts';
import type { Order } from '../schemas/orders.ts';

export interface CreditDeps {
  handle: DatabaseHandle;
  notifier: Notifier;
  lender: Lender;
  logger: Logger;
  /** Minutes an application may wait for a decision or a signature before its order is cancelled. */
  timeoutMinutes: number;
}

type Kind = CreditApplicationRow['kind'];

/** The payments that open an application, and its kind (the domain's table). */
const KIND_BY_PAYMENT = APPLICATION_KIND_BY_PAYMENT;

export const KIND_NAMES: Readonly<Record<Kind, string>> = {
  credit: 'Кредит онлайн',
  instalment: 'Рассрочка от банка',
  loan: 'Заём',
};

export const isCreditPayment = (paymentType: number) => paymentType in KIND_BY_PAYMENT;

/** The order status create-order writes: 23 while a bank decides, else the ordinary one. */
export const orderStatusForPayment = (paymentType: number, ordinary: string) =>
  isCreditPayment(paymentType) ? CREDIT_PENDING_ORDER_STATUS : ordinary;

/** The application timeout when create-order is not told one (CREDIT_APPLICATION_TIMEOUT_MIN's default). */
const DEFAULT_TIMEOUT_MIN = 30;
const CODE_TTL_S = 300;
const CODE_MAX_ATTEMPTS = 5;
const CODE_MESSAGES = {
  wrong: 'Неверный код. Проверьте код из сообщения.',
  expired: 'Срок действия кода истёк. Запросите новый код.',
  attempts: 'Превышено число попыток ввода кода. Запросите новый код.',
} as const;

/** The terms the shopper may pick for this amount (the domain's `applicationTerms`, which checkout shows too). */
export const termsFor = applicationTerms;

/**
 * The terms an application may take: a bank instalment keeps the variant create-order checked for its
 * basket (0-0-36 only where a promotion gives it); credit and loan any term some bank lends.
 */
const termsOf = (app: Pick<CreditApplicationRow, 'kind' | 'amount' | 'instalment_label'>) =>
  termsFor(app.kind, app.amount).filter(
    (t) => app.kind !== 'instalment' || app.instalment_label === null || t.label === app.instalment_label,
  );

/**
 * Opens the application of a new order paid by credit, instalment or loan (in create-order's
 * transaction): the order's total to the kopeck, the chosen instalment label (checked by create-order)
 * or the longest term by default (SPEC §4), as checkout showed it (domain `openingTerm`).
 */
export async function openCreditApplication(
  tx: Pick<TransactionHandle, 'query'>,
  order: Pick<Order, 'id' | 'payment_type' | 'total_sum' | 'mobile_phone' | 'basket'>,
  timeoutMinutes = DEFAULT_TIMEOUT_MIN,
  instalmentLabel: string | null = null,
) {
  const kind = KIND_BY_PAYMENT[order.payment_type];
  if (!kind) return null;
  const term = openingTerm(kind, order.total_sum, instalmentLabel) ?? { months: 12, label: null, payment: 0 };
  return insertCreditApplication(tx, {
    orderId: order.id,
    paymentType: order.payment_type,
    kind,
    instalmentLabel: term.label,
    amount: order.total_sum,
    months: term.months,
    monthlyPayment: term.payment,
    basket: order.basket.map((l) => ({ name: l.name, qty: l.qty, price: l.final_price })),
    phone: order.mobile_phone,
    ttlMinutes: timeoutMinutes,
  });
}

// ---------------------------------------------------------------- what the shopper sees

export interface CreditApplicationView {
  id: number;
  order_id: number;
  kind: Kind;
  kind_name: string;
  payment_type: number;
  amount: number;
  months: number;
  instalment_label: string | null;
  monthly_payment: number;
  terms: { months: number; label: string | null; payment: number }[];
  status: CreditApplicationStatus;
  status_name: string;
  next_step: string;
  phone: string;
  phone_confirmed: boolean;
  /** What the last SMS code was sent for, while it can still be used. */
  code_sent_for: 'phone' | 'sign' | null;
  expires_at: string;
  offers: {
    id: number;
    bank: string;
    bank_name: string;
    status: BankDecision;
    rate: number | null;
    months: number | null;
    monthly_payment: number | null;
    overpayment: number | null;
    reason: string | null;
  }[];
  chosen_offer_id: number | null;
  schedule: { n: number; date: string; amount: number; principal: number; interest: number; rest: number }[];
}

const today = () => new Date().toISOString().slice(0, 10);

function scheduleOf(app: CreditApplicationRow, offer: CreditOfferRow | undefined) {
  if (!offer || offer.status !== 'approved') return [];
  return repaymentSchedule({
    kind: app.kind === 'instalment' ? 'instalment' : 'credit',
    principal: app.amount,
    months: offer.months ?? app.months,
    annualRatePercent: offer.rate ?? 0,
    start: (app.signed_at ?? new Date().toISOString()).slice(0, 10),
  });
}

function present(app: CreditApplicationRow, offers: CreditOfferRow[]): CreditApplicationView {
  const status = app.status as CreditApplicationStatus;
  const chosen = offers.find((o) => o.id === app.chosen_offer_id);
  return {
    id: app.id,
    order_id: app.order_id,
    kind: app.kind,
    kind_name: KIND_NAMES[app.kind],
    payment_type: app.payment_type,
    amount: app.amount,
    months: app.months,
    instalment_label: app.instalment_label,
    monthly_payment: app.monthly_payment,
    terms: termsOf(app),
    status,
    status_name: CREDIT_APPLICATION_STATUS_NAMES[status],
    next_step: applicationNextStep(status),
    phone: app.phone,
    phone_confirmed: app.phone_confirmed,
    code_sent_for:
      app.code_hash && !app.code_expired && (app.code_purpose === 'phone' || app.code_purpose === 'sign')
        ? app.code_purpose
        : null,
    expires_at: app.expires_at,
    offers: offers.map((o) => {
      const schedule = scheduleOf(app, o);
      return {
        id: o.id,
        bank: o.bank,
        bank_name: bankByCode(o.bank)?.name ?? o.bank,
        status: o.status as BankDecision,
        rate: o.rate,
        months: o.months,
        monthly_payment: o.monthly_payment,
        overpayment: schedule.length > 0 ? overpayment(schedule) : null,
        reason: o.reason,
      };
    }),
    chosen_offer_id: app.chosen_offer_id,
    schedule: scheduleOf(app, chosen),
  };
}

const notFound = () => new ApiError(404, 'Заявка на кредит не найдена');

export async function creditApplicationView(handle: DatabaseHandle, orderId: number): Promise<CreditApplicationView> {
  const app = await retrieveApplicationByOrder(handle, orderId);
  if (!app) throw notFound();
  return present(app, await listApplicationOffers(handle, app.id));
}

// ---------------------------------------------------------------- SMS codes

const codeHash = (applicationId: number, purpose: string, phone: string, code: string) =>
  sha256(`credit:${applicationId}:${purpose}:${phone}:${code}`);

async function sendCode(
  deps: CreditDeps,
  tx: TransactionHandle,
  app: CreditApplicationRow,
  purpose: 'phone' | 'sign',
  phone: string,
) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await setApplicationCode(tx, app.id, purpose, codeHash(app.id, purpose, phone, code), CODE_TTL_S);
  const what =
    purpose === 'phone'
      ? `Код подтверждения телефона для заявки на кредит по заказу №${app.order_id}`
      : `Код для подписания кредитного договора по заказу №${app.order_id} на ${formatPrice(app.amount)}`;
  await deps.notifier.send(
    {
      channel: 'sms',
      recipient: phone,
      template: `credit-code-${purpose}`,
      body: `${what}: ${code}. Никому не сообщайте его.`,
      payload: { order_id: app.order_id, purpose },
    },
    tx,
  );
}

/** Checks a code; a wrong one counts an attempt that stays counted although the call fails. */
async function checkCode(
  deps: CreditDeps,
  app: CreditApplicationRow,
  purpose: 'phone' | 'sign',
  phone: string,
  code: string | undefined,
) {
  const fail = (message: string) => new ApiError(422, message, { code: [message] });
  if (!code || !/^\d{6}$/.test(code.trim())) throw fail(CODE_MESSAGES.wrong);
  if (app.code_purpose !== purpose || !app.code_hash) throw fail(CODE_MESSAGES.wrong);
  if (app.code_expired) throw fail(CODE_MESSAGES.expired);
  if (app.code_attempts >= CODE_MAX_ATTEMPTS) throw fail(CODE_MESSAGES.attempts);
  if (app.code_hash !== codeHash(app.id, purpose, phone, code.trim())) {
    await countCodeAttempt(deps.handle, app.id);
    throw fail(app.code_attempts + 1 >= CODE_MAX_ATTEMPTS ? CODE_MESSAGES.attempts : CODE_MESSAGES.wrong);
  }
}

/** Runs `work` with the order's application locked (the order row first, as every order change does). */
async function withApplication<T>(
  deps: CreditDeps,
  orderId: number,
  work: (tx: TransactionHandle, app: CreditApplicationRow) => Promise<T>,
): Promise<T> {
  return deps.handle.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const app = order ? await retrieveApplicationByOrder(tx, orderId, true) : null;
    if (!app) throw notFound();
    return work(tx, app);
  });
}

const conflict = (message: string) => new ApiError(409, message);

/** POST …/phone-code: a code to the applicant's phone (it may differ from the order's). */
export async function sendPhoneCode(deps: CreditDeps, orderId: number, phoneInput: string) {
  const message = validateMobilePhone(phoneInput);
  if (message) throw new ApiError(422, 'Проверьте номер телефона', { phone: [message] });
  const phone = normalizePhone(phoneInput)!;
  await withApplication(deps, orderId, async (tx, app) => {
    if (app.status !== 'new') throw conflict('Заявка уже отправлена в банки');
    await updateApplication(tx, app.id, { phone });
    await sendCode(deps, tx, app, 'phone', phone);
  });
  return creditApplicationView(deps.handle, orderId);
}

export interface SubmitInput extends ApplicantForm {
  months: number;
  code?: string;
}

/** POST …/applications/{orderId}: the applicant with the phone code: to every bank at once. */
export async function submitApplication(deps: CreditDeps, orderId: number, input: SubmitInput) {
  const errors = validateApplicant(input, today());
  const current = await retrieveApplicationByOrder(deps.handle, orderId);
  if (!current) throw notFound();
  const term = termsOf(current).find((t) => t.months === input.months);
  const fieldErrors: Record<string, string[]> = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]]));
  if (!term) fieldErrors.months = ['Выберите срок из предложенных'];
  if (Object.keys(fieldErrors).length > 0) throw new ApiError(422, 'Проверьте анкету', fieldErrors);
  const phone = normalizePhone(input.phone!)!;
  if (current.status !== 'new') throw conflict('Заявка уже отправлена в банки');
  if (current.phone !== phone) {
    throw new ApiError(422, 'Подтвердите этот номер кодом из SMS', { phone: ['Запросите код на этот номер'] });
  }
  await checkCode(deps, current, 'phone', phone, input.code);
  const applicant: LenderApplicant = {
    lastName: input.last_name!.trim(),
    firstName: input.first_name!.trim(),
    middleName: input.middle_name?.trim() || null,
    birthDate: input.birth_date!.trim(),
    passportSeries: input.passport_series!.replace(/\s+/g, ''),
    passportNumber: input.passport_number!.replace(/\s+/g, ''),
    income: Number(String(input.income).replace(/\s+/g, '')),
    employment: input.employment! as EmploymentKind,
    phone,
  };
  const app = await withApplication(deps, orderId, async (tx, app) => {
    if (!canMoveApplication(app.status as CreditApplicationStatus, 'reviewing')) {
      throw conflict('Заявка уже отправлена в банки');
    }
    await clearApplicationCode(tx, app.id);
    await updateApplication(tx, app.id, {
      status: 'reviewing',
      months: term!.months,
      monthlyPayment: term!.payment,
      applicant: { ...applicant },
      phoneConfirmed: true,
      consent: true,
    });
    if (term!.label)
      await tx.query('update credit_applications set instalment_label = $2 where id = $1', [app.id, term!.label]);
    return { ...app, months: term!.months, instalment_label: term!.label ?? app.instalment_label };
  });
  // The banks are asked after the commit: their answers find the application reviewing.
  let submissions: Awaited<ReturnType<Lender['submit']>>;
  try {
    submissions = await deps.lender.submit({
      applicationId: app.id,
      orderId,
      kind: app.kind,
      instalmentLabel: app.instalment_label,
      amount: app.amount,
      months: app.months,
      applicant,
    });
  } catch (error) {
    // The lender is down: the application goes back to «new», so the shopper can send it again.
    deps.logger.error('lender submit failed', { order_id: orderId, message: (error as Error).message });
    await deps.handle.query(`update credit_applications set status = 'new', updated_at = now() where id = $1`, [
      app.id,
    ]);
    throw new ApiError(409, 'Банки сейчас не отвечают. Попробуйте отправить заявку через несколько минут');
  }
  for (const s of submissions) await insertCreditOffer(deps.handle, app.id, s.bank, s.bankApplicationId);
  return creditApplicationView(deps.handle, orderId);
}

/** POST …/income: the income statement a bank asked for; that bank decides again. */
export async function confirmIncome(deps: CreditDeps, orderId: number, document: string) {
  const trimmed = document.trim();
  if (!/^[0-9A-Za-zА-Яа-я№ -]{4,40}$/.test(trimmed)) {
    throw new ApiError(422, 'Проверьте номер справки', { document: ['Укажите номер справки о доходах'] });
  }
  const asked = await withApplication(deps, orderId, async (tx, app) => {
    if (app.status !== 'conditions') throw conflict('Банк не просил подтвердить доход');
    const offers = (await listApplicationOffers(tx, app.id)).filter((o) => o.status === 'conditions');
    await updateApplication(tx, app.id, { status: 'reviewing' });
    for (const o of offers) {
      await updateCreditOffer(tx, o.id, {
        status: 'reviewing',
        rate: null,
        months: app.months,
        amount: app.amount,
        monthlyPayment: null,
        reason: null,
      });
    }
    return offers;
  });
  for (const o of asked) await deps.lender.confirmIncome(o.bank_application_id, trimmed);
  return creditApplicationView(deps.handle, orderId);
}

/** POST …/offer: the shopper picks an approved offer; the signing code goes to the confirmed phone. */
export async function chooseOffer(deps: CreditDeps, orderId: number, offerId: number) {
  await withApplication(deps, orderId, async (tx, app) => {
    if (app.status !== 'approved') throw conflict('Выбрать предложение можно после одобрения');
    const offer = (await listApplicationOffers(tx, app.id)).find((o) => o.id === offerId);
    if (!offer || offer.status !== 'approved') {
      throw new ApiError(422, 'Это предложение недоступно', { offer_id: ['Выберите одобренное предложение'] });
    }
    await updateApplication(tx, app.id, { chosenOfferId: offer.id });
    await sendCode(deps, tx, app, 'sign', app.phone);
  });
  return creditApplicationView(deps.handle, orderId);
}

/** POST …/sign: the SMS code signs the chosen offer; the order moves on and the schedule goes out. */
export async function signOffer(deps: CreditDeps, orderId: number, code: string | undefined) {
  const current = await retrieveApplicationByOrder(deps.handle, orderId);
  if (!current) throw notFound();
  if (current.status !== 'approved' || current.chosen_offer_id === null) {
    throw conflict('Сначала выберите предложение банка');
  }
  await checkCode(deps, current, 'sign', current.phone, code);
  const offer = await withApplication(deps, orderId, async (tx, app) => {
    if (!canMoveApplication(app.status as CreditApplicationStatus, 'signed')) throw conflict('Заявку нельзя подписать');
    const chosen = (await listApplicationOffers(tx, app.id)).find((o) => o.id === app.chosen_offer_id);
    if (!chosen || chosen.status !== 'approved') throw conflict('Сначала выберите предложение банка');
    await clearApplicationCode(tx, app.id);
    await updateApplication(tx, app.id, {
      status: 'signed',
      signed: true,
      months: chosen.months ?? app.months,
      monthlyPayment: chosen.monthly_payment ?? app.monthly_payment,
    });
    await setOrderStatus(tx, orderId, NEW_ORDER_STATUS, false);
    const signed = { ...app, signed_at: new Date().toISOString() };
    const schedule = scheduleOf(signed, chosen);
    const bank = bankByCode(chosen.bank)?.name ?? chosen.bank;
    const lines = schedule.map((p) => `${p.n}. ${p.date} — ${formatPrice(p.amount)}`).join('\n');
    await deps.notifier.send(
      {
        channel: 'sms',
        recipient: app.phone,
        template: 'credit-signed',
        body: `Мультицентр: договор с ${bank} по заказу №${orderId} подписан. Платёж ${formatPrice(chosen.monthly_payment ?? 0)} в месяц, ${schedule.length} платежей. Заказ передан в работу.`,
        payload: { order_id: orderId, bank: chosen.bank, schedule },
      },
      tx,
    );
    await deps.notifier.send(
      {
        channel: 'sms',
        recipient: app.phone,
        template: 'credit-schedule',
        body: `График платежей по заказу №${orderId} (${bank}):\n${lines}`,
        payload: { order_id: orderId, schedule },
      },
      tx,
    );
    return chosen;
  });
  try {
    await deps.lender.sign(offer.bank_application_id);
  } catch (error) {
    // Signed by the shopper's code; the bank's confirmation is informative and comes later or not at all.
    deps.logger.warn('lender sign failed', { order_id: orderId, message: (error as Error).message });
  }
  return creditApplicationView(deps.handle, orderId);
}

/**
 * Cancels the application and its order in `tx`: status I, the reserved units, «Мультионы» and gift
 * certificates back (`putBackCancelledOrder`, the path every cancellation takes), an SMS. The acquirer
 * never charged an order in status 23, so there is nothing to refund. The caller holds the order row's lock.
 */
async function cancelWithOrder(
  deps: Pick<CreditDeps, 'notifier'>,
  tx: TransactionHandle,
  app: CreditApplicationRow,
  status: 'declined' | 'cancelled',
  reason: string,
) {
  await updateApplication(tx, app.id, { status });
  await clearApplicationCode(tx, app.id);
  const order = await lockOrder(tx, app.order_id);
  if (order && order.status_id === CREDIT_PENDING_ORDER_STATUS) {
    await putBackCancelledOrder(tx, app.order_id);
    await deps.notifier.send(
      {
        channel: 'sms',
        recipient: app.phone,
        template: status === 'declined' ? 'credit-declined' : 'credit-cancelled',
        body: `Мультицентр: ${reason}. Заказ №${app.order_id} отменён, товар вернулся в продажу.`,
        payload: { order_id: app.order_id, status },
      },
      tx,
    );
  }
}

/** POST …/cancel by the shopper. */
export async function cancelApplication(deps: CreditDeps, orderId: number) {
  await withApplication(deps, orderId, async (tx, app) => {
    if (app.status === 'cancelled') return;
    if (!canMoveApplication(app.status as CreditApplicationStatus, 'cancelled')) {
      throw conflict('Заявку уже нельзя отменить');
    }
    await cancelWithOrder(deps, tx, app, 'cancelled', 'заявка на кредит отменена');
  });
  return creditApplicationView(deps.handle, orderId);
}

/**
 * Applications past their time are cancelled with their orders, in `tx` (each order row locked, then
 * checked again). Answers how many.
 */
export async function expireCreditApplications(
  deps: Pick<CreditDeps, 'notifier'>,
  tx: TransactionHandle,
  limit = 50,
): Promise<number> {
  const due = await listExpiredApplications(tx, limit);
  let done = 0;
  for (const { order_id } of due) {
    const order = await lockOrder(tx, order_id);
    const app = order ? await retrieveApplicationByOrder(tx, order_id, true) : null;
    if (!app || isApplicationFinal(app.status as CreditApplicationStatus)) continue;
    if (!(await isApplicationDue(tx, app.id))) continue;
    await cancelWithOrder(deps, tx, app, 'cancelled', 'время на оформление кредита истекло');
    done += 1;
  }
  return done;
}

/** The timeout job, once a minute across the cluster (jobs/job-runner.ts). */
export const creditTimeoutJob = (deps: Pick<CreditDeps, 'notifier'>): ScheduledJob => ({
  name: 'credit-application-timeouts',
  everyMs: 60_000,
  run: async (tx) => ({ expired: await expireCreditApplications(deps, tx) }),
});

// ---------------------------------------------------------------- the lender's callback

export type CallbackResult =
  | { status: 200; outcome: 'applied' | 'repeated' | 'stale' | 'confirmed'; orderId: number; cancelled: boolean }
  | { status: 400 | 401 | 404 | 422; message: string };

/**
 * A lender callback: the signature and its age first (a bad one changes nothing), then, with the
 * order and application locked, the event id once (a replay answers «repeated»), the bank and the
 * amount and term against the application (a tampered one is refused), and the decision.
 */
export async function takeLenderCallback(
  deps: CreditDeps,
  rawBody: string,
  timestamp: string | undefined,
  signature: string | undefined,
  traceId: string,
): Promise<CallbackResult> {
  if (!deps.lender.verifyCallback(rawBody, timestamp, signature)) {
    deps.logger.warn('credit callback refused: bad signature or age', { trace_id: traceId });
    return { status: 401, message: 'Подпись уведомления не сходится' };
  }
  const event = deps.lender.parseEvent(rawBody);
  if (!event) return { status: 400, message: 'Уведомление банка не распознано' };
  const offer = await retrieveOfferByBankId(deps.handle, event.bankApplicationId);
  if (!offer || offer.bank !== event.bank) {
    deps.logger.warn('credit callback for an unknown application', { trace_id: traceId, event_id: event.eventId });
    return { status: 404, message: 'Заявка банка не найдена' };
  }
  const [owner] = await deps.handle.query<{ order_id: number }>(
    'select order_id from credit_applications where id = $1',
    [offer.application_id],
  );
  return withApplication(deps, owner!.order_id, async (tx, app): Promise<CallbackResult> => {
    if (app.id !== offer.application_id) return { status: 404, message: 'Заявка банка не найдена' };
    if (event.amount !== app.amount || event.months !== app.months) {
      deps.logger.warn('credit callback amount or term differs', {
        trace_id: traceId,
        event_id: event.eventId,
        amount: event.amount,
        expected: app.amount,
      });
      return { status: 422, message: 'Сумма или срок не совпадают с заявкой' };
    }
    const fresh = await recordCreditCallback(tx, event.eventId, event.bankApplicationId, event.decision);
    const base = { status: 200 as const, orderId: app.order_id, cancelled: false };
    if (!fresh) return { ...base, outcome: 'repeated' };
    if (event.decision === 'signed') return { ...base, outcome: 'confirmed' };
    const status = app.status as CreditApplicationStatus;
    // A late answer to an application already decided, signed or cancelled changes nothing.
    const current = await retrieveOfferByBankId(tx, event.bankApplicationId);
    if (
      current!.status !== 'reviewing' ||
      (status !== 'reviewing' && status !== 'approved' && status !== 'conditions')
    ) {
      return { ...base, outcome: 'stale' };
    }
    await updateCreditOffer(tx, offer.id, {
      status: event.decision,
      rate: event.rate,
      months: event.months,
      amount: event.amount,
      monthlyPayment: event.monthlyPayment,
      reason: event.reason,
    });
    const decisions = (await listApplicationOffers(tx, app.id)).map((o) => o.status as BankDecision);
    const next = applicationStatusFromBanks(decisions);
    if (next === status || !canMoveApplication(status, next)) return { ...base, outcome: 'applied' };
    if (next === 'declined') {
      await cancelWithOrder(deps, tx, app, 'declined', 'банки отказали в кредите');
      return { ...base, outcome: 'applied', cancelled: true };
    }
    await updateApplication(tx, app.id, { status: next });
    if (next === 'approved' || next === 'conditions') {
      await deps.notifier.send(
        {
          channel: 'sms',
          recipient: app.phone,
          template: `credit-${next}`,
          body:
            next === 'approved'
              ? `Мультицентр: банк одобрил заявку по заказу №${app.order_id}. Выберите предложение и подпишите договор на сайте.`
              : `Мультицентр: банк просит подтвердить доход по заявке на кредит, заказ №${app.order_id}.`,
          payload: { order_id: app.order_id, status: next },
        },
        tx,
      );
    }
    return { ...base, outcome: 'applied' };
  });
}
