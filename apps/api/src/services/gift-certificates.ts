// Gift certificates (issue 15 item 6, SPEC §2 /certificate, §5; decision 0027). A certificate is bought
// by an order of its own (one line, paid online: card or SBP, the methods with available_gift_certificate)
// and issued, with its code e-mailed through the outbox, in the transaction that takes the payment.
// It pays other orders like money paid in advance: create-order holds what each certificate pays
// (`sum_prepaid`, so the acquirer, the receipt and the order ask only for the rest) with the
// certificates' rows locked, so the same kopecks never pay twice; a cancellation returns them.
import { randomBytes } from 'node:crypto';
import type { DatabaseHandle, TransactionHandle } from '@store/db';
import {
  DELIVERY_TYPE_IDS,
  GIFT_CERTIFICATE_MESSAGES,
  GIFT_CERTIFICATE_RULES,
  PAYMENT_METHODS,
  applyGiftCertificates,
  formatGiftCertificateCode,
  formatPrice,
  giftCertificateBalance,
  giftCertificateCodeFrom,
  giftCertificateProblem,
  giftCertificateTitle,
  isGiftCertificateNominal,
  maskGiftCertificateCode,
  normalizeGiftCertificateCode,
  normalizePhone,
  paymentsForBasket,
  validateMobilePhone,
  validateText,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
} from '@store/domain';
import type { Notifier } from '../adapters/notifications.ts';
import type { Limit } from '../auth/rate-limit.ts';
import {
  addOrderPrepaid,
  insertCertificate,
  insertCertificateUse,
  lockCertificates,
  lockUnissuedOrderCertificates,
  markCertificateIssued,
  retrieveCertificatesByCode,
  returnCertificateUses,
  type CertificateRow,
} from '../data/gift-certificates.ts';
import {
  insertOrder,
  insertOrderLine,
  insertStatusHistory,
  retrieveOrderDetail,
  retrieveOrderIdByKey,
  type NewOrder,
} from '../data/orders.ts';
import { markOrderPaid } from '../data/payments.ts';
import { ApiError } from '../http/errors.ts';
import { ownsOrder, type Requester } from '../http/requester.ts';
import type { Order } from '../schemas/orders.ts';
import { recordCertificateSettlement } from './order-receipt.ts';
import { presentOrder } from './order-view.ts';

type Q = Pick<TransactionHandle, 'query'>;
type FieldErrors = Record<string, string[]>;

export const CERTIFICATE_FIELD = 'gift_certificates';

export const CERTIFICATE_LIMITS = {
  /** Codes that could not pay (balance checks and create-order) per IP: 20 in 15 minutes, then every code waits. */
  missesPerIp: { name: 'gift-certificate-miss:ip', max: 20, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

/** The online methods a certificate can be bought with (§5: a certificate-only basket, available_gift_certificate). */
export const certificatePaymentMethods = (total: number) =>
  paymentsForBasket(
    PAYMENT_METHODS.filter((m) => m.prepaid),
    { totalKopecks: total, giftCertificatesOnly: true },
  );

const newCode = () => giftCertificateCodeFrom(randomBytes(GIFT_CERTIFICATE_RULES.codeLength - 1));

// ---------------------------------------------------------------- balance

export interface CertificateBalance {
  code: string;
  nominal: number;
  balance: number;
  state: 'active' | 'spent' | 'expired';
  expires_at: string | null;
}

/** GET /v2/gift-certificates/balance: one 404 for a code that is wrong, unknown or not yet paid. */
export async function certificateBalance(q: Q, rawCode: string, now = new Date()): Promise<CertificateBalance> {
  const code = normalizeGiftCertificateCode(rawCode);
  if (!code) throw new ApiError(422, 'Проверьте код сертификата', { code: [GIFT_CERTIFICATE_MESSAGES.format] });
  const [found] = await retrieveCertificatesByCode(q, [code]);
  const facts = found ? giftCertificateBalance(toFacts(found), now) : null;
  if (!found || !facts || facts.state === 'not-issued') {
    throw new ApiError(404, GIFT_CERTIFICATE_MESSAGES.notFound, { code: [GIFT_CERTIFICATE_MESSAGES.notFound] });
  }
  return {
    code: formatGiftCertificateCode(found.code),
    nominal: found.nominal,
    balance: facts.balance,
    state: facts.state,
    expires_at: found.expires_at?.toISOString() ?? null,
  };
}

const toFacts = (c: CertificateRow) => ({
  nominal: c.nominal,
  used: c.used,
  issuedAt: c.issued_at,
  expiresAt: c.expires_at,
});

// ---------------------------------------------------------------- paying an order

export interface CertificateUse {
  certificateId: number;
  code: string;
  amount: number;
}

export interface OrderCertificates {
  uses: CertificateUse[];
  /** Kopecks the certificates pay together. */
  paid: number;
}

/**
 * What the codes pay of `total`, checked before the order's transaction: each code must be a §5 code
 * of an issued, unexpired certificate with money left, given once; field errors go to gift_certificates.
 */
export async function certificatesForOrder(
  q: Q,
  rawCodes: readonly string[] | null | undefined,
  total: number,
  errors: FieldErrors,
  now = new Date(),
): Promise<OrderCertificates | null> {
  if (!rawCodes || rawCodes.length === 0) return null;
  const fail = (message: string) => {
    (errors[CERTIFICATE_FIELD] ??= []).push(message);
    return null;
  };
  if (rawCodes.length > GIFT_CERTIFICATE_RULES.maxPerOrder) return fail(GIFT_CERTIFICATE_MESSAGES.tooMany);
  const codes: string[] = [];
  for (const raw of rawCodes) {
    const code = normalizeGiftCertificateCode(raw);
    if (!code) return fail(GIFT_CERTIFICATE_MESSAGES.format);
    if (codes.includes(code)) return fail(GIFT_CERTIFICATE_MESSAGES.repeated);
    codes.push(code);
  }
  const found = new Map((await retrieveCertificatesByCode(q, codes)).map((c) => [c.code, c]));
  const balances: number[] = [];
  for (const code of codes) {
    const c = found.get(code);
    if (!c) return fail(`${formatGiftCertificateCode(code)}: ${GIFT_CERTIFICATE_MESSAGES.notFound}`);
    const facts = giftCertificateBalance(toFacts(c), now);
    const problem = giftCertificateProblem(facts.state);
    if (problem) return fail(`${formatGiftCertificateCode(code)}: ${problem}`);
    balances.push(facts.balance);
  }
  const { amounts, paid } = applyGiftCertificates(total, balances);
  const unused = amounts.findIndex((a) => a === 0);
  if (unused >= 0) return fail(`${formatGiftCertificateCode(codes[unused]!)}: ${GIFT_CERTIFICATE_MESSAGES.notNeeded}`);
  return {
    uses: codes.map((code, i) => ({ certificateId: found.get(code)!.id, code, amount: amounts[i]! })),
    paid,
  };
}

/**
 * In the order's transaction, after its status row: locks the certificates (id order), checks each still
 * holds what it pays (another order may have taken it since the check: 409, nothing is written), writes
 * the uses and adds them to what the order has got; an order they pay wholly is paid at once.
 */
export async function holdOrderCertificates(
  tx: Q,
  orderId: number,
  totalSum: number,
  certificates: OrderCertificates | null,
  now = new Date(),
) {
  if (!certificates || certificates.paid === 0) return;
  const locked = new Map(
    (
      await lockCertificates(
        tx,
        certificates.uses.map((u) => u.certificateId),
      )
    ).map((c) => [c.id, c]),
  );
  for (const use of certificates.uses) {
    const c = locked.get(use.certificateId);
    const facts = c ? giftCertificateBalance(toFacts(c), now) : null;
    if (!facts || facts.balance < use.amount) {
      throw new ApiError(409, GIFT_CERTIFICATE_MESSAGES.taken, {
        [CERTIFICATE_FIELD]: [`${formatGiftCertificateCode(use.code)}: ${GIFT_CERTIFICATE_MESSAGES.taken}`],
      });
    }
  }
  for (const use of certificates.uses) await insertCertificateUse(tx, { ...use, orderId });
  await addOrderPrepaid(tx, orderId, certificates.paid);
  if (certificates.paid >= totalSum) {
    await markOrderPaid(tx, orderId, 0);
    await recordCertificateSettlement(tx, orderId);
  }
}

/** A cancelled order's certificates get back what it held. */
export async function returnOrderCertificates(tx: Q, orderId: number) {
  await returnCertificateUses(tx, orderId);
}

// ---------------------------------------------------------------- buying one

export interface BuyCertificateInput {
  nominal: number;
  payment_type: number;
  contact_name: string;
  mobile_phone: string;
  email: string;
  recipient_email?: string | null | undefined;
  recipient_name?: string | null | undefined;
  idempotency_key: string;
}

function buyErrors(input: BuyCertificateInput): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string | null) => {
    if (message) (errors[field] ??= []).push(message);
  };
  if (!isGiftCertificateNominal(input.nominal)) add('nominal', GIFT_CERTIFICATE_MESSAGES.nominal);
  add('contact_name', validateText(input.contact_name, { required: true, lettersOnly: true, max: NAME_MAX_LENGTH }));
  add('mobile_phone', validateMobilePhone(input.mobile_phone));
  add('email', validateText(input.email, { required: true, email: true, max: EMAIL_MAX_LENGTH }));
  add('recipient_email', validateText(input.recipient_email, { email: true, max: EMAIL_MAX_LENGTH }));
  add('recipient_name', validateText(input.recipient_name, { lettersOnly: true, max: NAME_MAX_LENGTH }));
  if (!errors.nominal && !certificatePaymentMethods(input.nominal).some((m) => m.id === input.payment_type)) {
    add('payment_type', 'Сертификат оплачивается картой или через СБП');
  }
  return errors;
}

const trimmed = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/**
 * POST /v2/gift-certificates/order: an order of one certificate, to pay online like any order
 * (create-payment, the sandbox acquirer). Its key makes a repeated call answer the same order.
 */
export async function orderCertificate(
  handle: DatabaseHandle,
  requester: Requester,
  cityId: number,
  input: BuyCertificateInput,
): Promise<{ order: Order; created: boolean }> {
  const errors = buyErrors(input);
  if (Object.keys(errors).length > 0) throw new ApiError(422, 'Проверьте данные сертификата', errors);
  const email = input.email.trim();
  const orderId = await handle.transaction(async (tx) => {
    const id = await insertOrder(tx, {
      idempotencyKey: input.idempotency_key,
      basketId: requester.basketId,
      customerId: requester.customerId,
      cityId,
      statusId: 'N',
      isPreorder: false,
      contactName: input.contact_name.trim(),
      contactSurname: null,
      mobilePhone: normalizePhone(input.mobile_phone)!,
      email,
      comment: null,
      company: null,
      orderTypeId: 1,
      deliveryType: DELIVERY_TYPE_IDS.specialCategoryDefault,
      deliveryAddress: `Электронная почта ${trimmed(input.recipient_email) ?? email}`,
      storeId: null,
      deliveryDate: null,
      deliveryTimeFrom: null,
      deliveryTimeTo: null,
      deliveryCost: 0,
      paymentType: input.payment_type,
      sum: input.nominal,
      discount: 0,
      totalSum: input.nominal,
      promocode: null,
      // The repayment page then offers only the methods a certificate is bought with (§5).
      actions: {
        actionIds: [],
        presentProductId: null,
        paymentIds: certificatePaymentMethods(input.nominal).map((m) => m.id),
      } as NewOrder['actions'],
      employeePersonalNumber: null,
    });
    if (id === null) return null;
    await insertOrderLine(tx, id, null, {
      productId: 0,
      kind: 'product',
      warrantyId: null,
      name: giftCertificateTitle(input.nominal),
      qty: 1,
      price: input.nominal,
      finalPrice: input.nominal,
      vat: 20,
    });
    await insertCertificate(tx, {
      code: newCode(),
      nominal: input.nominal,
      orderId: id,
      recipientEmail: trimmed(input.recipient_email) ?? email,
      recipientName: trimmed(input.recipient_name),
      issuedAt: null,
      expiresAt: null,
    });
    await insertStatusHistory(tx, id, 'N');
    return id;
  });
  let found = orderId;
  if (found === null) {
    // The same key committed before (a repeated submit): that order, for its owner only.
    const owner = await retrieveOrderIdByKey(handle, input.idempotency_key);
    if (!owner) throw new ApiError(409, 'Заказ уже оформляется, повторите запрос');
    if (!ownsOrder(requester, owner)) {
      throw new ApiError(422, 'Проверьте данные сертификата', {
        idempotency_key: ['Этот ключ уже использован для другого заказа'],
      });
    }
    found = owner.id;
  }
  const order = presentOrder((await retrieveOrderDetail(handle, found))!);
  return { order, created: orderId !== null };
}

/**
 * In the payment's transaction (takeCallback), once the order is paid: its certificates are issued
 * (valid a year from now) and each code is e-mailed to its recipient through the outbox.
 */
export async function issueOrderCertificates(tx: TransactionHandle, orderId: number, notifier: Notifier) {
  const pending = await lockUnissuedOrderCertificates(tx, orderId);
  const now = new Date();
  const expires = new Date(now.getTime() + GIFT_CERTIFICATE_RULES.validDays * 86_400_000);
  for (const c of pending) {
    await markCertificateIssued(tx, c.id, now, expires);
    const until = expires.toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' });
    const greeting = c.recipient_name ? `${c.recipient_name}, вам` : 'Вам';
    await notifier.send(
      {
        channel: 'email',
        recipient: c.recipient_email ?? '',
        template: 'gift-certificate',
        subject: `Подарочный сертификат Мультицентра на ${formatPrice(c.nominal)}`,
        body: [
          `${greeting} подарочный сертификат Мультицентра на ${formatPrice(c.nominal)}.`,
          `Код сертификата: ${formatGiftCertificateCode(c.code)}`,
          `Действует до ${until}. Им можно оплатить заказ на сайте целиком или частично, остаток сохранится.`,
          `Проверить баланс: /certificate`,
        ].join('\n'),
        payload: { order_id: orderId, certificate: maskGiftCertificateCode(c.code), nominal: c.nominal },
      },
      tx,
    );
  }
}
