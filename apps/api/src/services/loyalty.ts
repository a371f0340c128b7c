// Loyalty «Мультионы»: the ledger's postings and the card's derived balance (docs/decisions/0026).
// Every write on a card locks its row first (lockCard), posts the expiries that fell due, checks the
// derived balance and appends; so two writers of one card queue and a balance never goes below zero.
import { randomBytes } from 'node:crypto';
import type { TransactionHandle } from '@store/db';
import {
  accrualDates,
  accrualFor,
  bonusEntryTitle,
  deriveBalance,
  formatBonuses,
  immediateCreditDates,
  LOYALTY_MESSAGES,
  loyaltyCardNumber,
  maxSpendablePerUnit,
  spreadBonuses,
  type BonusBalance,
} from '@store/domain';
import {
  bonusPromotionPercent,
  insertCard,
  insertEntry,
  listCardEntries,
  listOrderEntries,
  listOrderLinesForAccrual,
  listProductCategoryPaths,
  lockCard,
  nextCardId,
  retrieveOrderCardId,
  toBonusEntry,
  type CardRow,
  type EntryRow,
} from '../data/loyalty.ts';
import { ApiError } from '../http/errors.ts';
import type { BonusBalance as BonusBalanceAnswer, BonusHistoryAction, LoyaltyNotice } from '../schemas/loyalty.ts';

type Q = Pick<TransactionHandle, 'query'>;

/** A new card for a phone (and a customer, when one joins from the account). */
export async function issueCard(q: Q, phone: string, userId: number | null): Promise<CardRow> {
  const id = await nextCardId(q);
  return insertCard(q, {
    id,
    ean: loyaltyCardNumber(id),
    checkData: randomBytes(16).toString('base64url'),
    phone,
    userId,
  });
}

/** The card's entries and balance as of now (reads only; due expiries are already left out). */
export async function readCard(q: Q, cardId: number, now = new Date()) {
  const rows = await listCardEntries(q, cardId);
  return { rows, balance: deriveBalance(rows.map(toBonusEntry), now) };
}

/**
 * Locks the card, posts the `Expired` entries that fell due and answers the card's entries and balance.
 * Call it inside the transaction that writes the card's ledger.
 */
export async function lockAndSettle(tx: Q, cardId: number, now = new Date()) {
  const card = await lockCard(tx, cardId);
  if (!card) throw new ApiError(404, LOYALTY_MESSAGES.cardNotYours);
  let state = await readCard(tx, cardId, now);
  if (state.balance.expiredDue.length > 0) {
    for (const due of state.balance.expiredDue) {
      await insertEntry(tx, {
        cardId,
        kind: 'Expired',
        amount: -due.amount,
        reversesId: due.entryId,
        postingKey: `expire:${due.entryId}`,
        createdAt: now,
      });
    }
    state = await readCard(tx, cardId, now);
  }
  return { card, ...state };
}

export interface BonusLine {
  lineId: number;
  amount: number;
}

/**
 * Blocks bonuses for an order's lines (one `RetailOrderPayment` entry per line, idempotent per line),
 * inside the order's transaction. Refuses (422, field `bonuses`) when the card has fewer available.
 */
export async function holdOrderBonuses(tx: Q, cardId: number, orderId: number, lines: BonusLine[], now = new Date()) {
  const wanted = lines.reduce((s, l) => s + l.amount, 0);
  if (wanted <= 0) return;
  const { balance } = await lockAndSettle(tx, cardId, now);
  if (balance.available < wanted) {
    throw new ApiError(422, LOYALTY_MESSAGES.notEnough, { bonuses: [LOYALTY_MESSAGES.notEnough] });
  }
  for (const line of lines) {
    if (line.amount <= 0) continue;
    await insertEntry(tx, {
      cardId,
      kind: 'RetailOrderPayment',
      amount: -line.amount,
      orderId,
      orderLineId: line.lineId,
      lineStatus: 'Create',
      postingKey: `pay:${orderId}:${line.lineId}`,
      createdAt: now,
    });
  }
}

/**
 * An order is cancelled (status I): its write-offs come back («Возврат списанных бонусов») and its accruals
 * are cancelled («Начисление отменено»), each once per line whatever calls it again.
 */
export async function reverseOrderBonuses(tx: Q, orderId: number, now = new Date()) {
  const entries = await listOrderEntries(tx, orderId);
  const cards = [...new Set(entries.map((e) => e.card_id))].sort((a, b) => a - b);
  for (const cardId of cards) {
    await lockAndSettle(tx, cardId, now);
    const mine = entries.filter((e) => e.card_id === cardId);
    for (const e of mine) {
      const line = e.order_line_id ?? 0;
      if (e.kind === 'RetailOrderPayment' && e.amount < 0) {
        await insertEntry(tx, {
          cardId,
          kind: 'RetailOrderPayment',
          amount: -e.amount,
          orderId,
          orderLineId: e.order_line_id,
          lineStatus: 'I',
          postingKey: `pay-return:${orderId}:${line}`,
          createdAt: now,
          ...immediateCreditDates(now),
        });
      } else if (e.kind === 'RetailOrderBonus' && e.amount > 0) {
        // What partial returns already cancelled of this accrual (decision 0061) is not cancelled twice:
        // a cancellation larger than its lot would take the rest from the card's other bonuses.
        const cancelled = mine
          .filter((c) => c.kind === 'RetailOrderBonus' && c.amount < 0 && c.reverses_id === e.id)
          .reduce((sum, c) => sum - c.amount, 0);
        if (e.amount - cancelled <= 0) continue;
        await insertEntry(tx, {
          cardId,
          kind: 'RetailOrderBonus',
          amount: -(e.amount - cancelled),
          orderId,
          orderLineId: e.order_line_id,
          lineStatus: 'I',
          reversesId: e.id,
          postingKey: `bonus-cancel:${orderId}:${line}`,
          createdAt: now,
        });
      }
    }
  }
}

/**
 * The order is completed: each line earns its bonuses for the order's card, usable after the return
 * window. Lines paid partly by bonuses earn on the money paid. Idempotent per line.
 */
export async function accrueOrderBonuses(
  tx: Q,
  order: { id: number; actions: { actionIds?: number[] } },
  now = new Date(),
): Promise<number> {
  const cardId = await retrieveOrderCardId(tx, order.id);
  if (cardId === null) return 0;
  await lockAndSettle(tx, cardId, now);
  const lines = await listOrderLinesForAccrual(tx, order.id);
  const paths = await listProductCategoryPaths(
    tx,
    lines.map((l) => l.product_id),
  );
  const promotionPercent = await bonusPromotionPercent(tx, order.actions.actionIds ?? []);
  const { availableFrom, expiresAt } = accrualDates(now);
  let total = 0;
  for (const line of lines) {
    const amount = accrualFor({
      categoryPath: paths.get(line.product_id) ?? [],
      paidKopecks: line.final_price * line.qty,
      promotionPercent,
    });
    if (amount <= 0) continue;
    const id = await insertEntry(tx, {
      cardId,
      kind: 'RetailOrderBonus',
      amount,
      orderId: order.id,
      orderLineId: line.id,
      lineStatus: 'Completed',
      postingKey: `bonus:${order.id}:${line.id}`,
      availableFrom,
      expiresAt,
      createdAt: now,
    });
    if (id !== null) total += amount;
  }
  return total;
}

/** An operator's correction with a comment; a debit never takes more than is available. */
export async function postCustomEntry(
  tx: Q,
  input: { cardId: number; amount: number; comment: string; key: string; operator: string },
  now = new Date(),
): Promise<{ created: boolean }> {
  const { balance } = await lockAndSettle(tx, input.cardId, now);
  if (input.amount < 0 && balance.available < -input.amount) {
    throw new ApiError(422, LOYALTY_MESSAGES.notEnough, { amount: [LOYALTY_MESSAGES.notEnough] });
  }
  const id = await insertEntry(tx, {
    cardId: input.cardId,
    kind: 'Custom',
    amount: input.amount,
    comment: input.comment,
    postingKey: `custom:${input.key}`,
    createdBy: input.operator,
    createdAt: now,
    ...(input.amount > 0 ? immediateCreditDates(now) : {}),
  });
  return { created: id !== null };
}

/** The lines' bonus limits (whole bonuses for the line's quantity) in the order given. */
export async function lineBonusLimits(
  q: Q,
  lines: readonly { productId: number; unitKopecks: number; qty: number }[],
): Promise<number[]> {
  const paths = await listProductCategoryPaths(q, [...new Set(lines.map((l) => l.productId))]);
  return lines.map(
    (l) => maxSpendablePerUnit({ priceKopecks: l.unitKopecks, categoryPath: paths.get(l.productId) ?? [] }) * l.qty,
  );
}

/** Spreads a chosen amount over lines by their limits; 422 on the field `bonuses` when it is over the limit. */
export function spreadOrFail(limits: number[], amount: number): number[] {
  const max = limits.reduce((s, l) => s + l, 0);
  if (amount > max)
    throw new ApiError(422, LOYALTY_MESSAGES.tooMany(max), { bonuses: [LOYALTY_MESSAGES.tooMany(max)] });
  return spreadBonuses(limits, amount);
}

/* ---------- what the API answers ---------- */

export function presentBalance(balance: BonusBalance): BonusBalanceAnswer {
  return {
    total: balance.total,
    available: balance.available,
    blocked: balance.blocked,
    pending: balance.pending,
    systemName: 'Мультионы',
    balanceType: { name: 'Бонусы' },
    expiring_soon: balance.expiringSoon
      ? { amount: balance.expiringSoon.amount, date: balance.expiringSoon.date.toISOString() }
      : null,
  };
}

/**
 * §3 Bonus history actions: the entries posted together (one order, one moment, one kind) form one
 * action, newest first.
 */
export function historyActions(rows: readonly EntryRow[], now = new Date()): BonusHistoryAction[] {
  const groups = new Map<string, EntryRow[]>();
  for (const row of rows) {
    const key = `${row.order_id ?? `e${row.id}`}|${row.created_at.toISOString()}|${row.kind}|${Math.sign(row.amount)}`;
    const list = groups.get(key) ?? [];
    list.push(row);
    groups.set(key, list);
  }
  const actions = [...groups.values()].map((list) => {
    const first = list[0]!;
    const changes = list.map((r) => {
      const entry = toBonusEntry(r);
      return {
        balanceChangeKind: r.kind,
        changeAmount: r.amount,
        expirationDateTimeUtc: r.expires_at?.toISOString() ?? null,
        isAvailable: r.amount > 0 ? (r.available_from ?? r.created_at).getTime() <= now.getTime() : true,
        availableFromDateTimeUtc: r.available_from?.toISOString() ?? null,
        comment: r.comment,
        title: bonusEntryTitle(entry, now),
      };
    });
    const sum = list.reduce((s, r) => s + r.amount, 0);
    return {
      order: first.order_id,
      dateTimeUtc: first.created_at.toISOString(),
      title: changes[0]!.title,
      amount: sum,
      customerBalanceChanges: changes,
      lastId: Math.max(...list.map((r) => r.id)),
    };
  });
  actions.sort((a, b) => b.dateTimeUtc.localeCompare(a.dateTimeUtc) || b.lastId - a.lastId);
  return actions.map(({ lastId: _lastId, ...rest }) => rest);
}

/** Notices of the card (GET /v2/loyalty/notifications): expiring, blocked and pending bonuses. */
export function cardNotifications(balance: BonusBalance) {
  const notices: LoyaltyNotice[] = [];
  if (balance.expiringSoon) {
    const date = balance.expiringSoon.date;
    notices.push({
      id: `expiring-${date.toISOString().slice(0, 10)}`,
      type: 'expiring',
      text: `${formatBonuses(balance.expiringSoon.amount)} сгорят ${new Intl.DateTimeFormat('ru-RU', {
        day: 'numeric',
        month: 'long',
        timeZone: 'Europe/Moscow',
      }).format(date)}. Потратьте их на следующую покупку.`,
      date: date.toISOString(),
    });
  }
  if (balance.blocked > 0) {
    notices.push({
      id: 'blocked',
      type: 'blocked',
      text: `${formatBonuses(balance.blocked)} заблокировано для оплаты заказов, которые ещё не оплачены или не получены.`,
      date: null,
    });
  }
  if (balance.pending > 0) {
    notices.push({
      id: 'pending',
      type: 'pending',
      text: `${formatBonuses(balance.pending)} начислено и станет доступно через 14 дней после получения заказа.`,
      date: null,
    });
  }
  return notices;
}
