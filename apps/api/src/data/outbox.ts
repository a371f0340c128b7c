// All SQL of the notification outbox: the local e-mail and SMS adapters write here and operators read it.
import type { DatabaseHandle, TransactionHandle } from '@store/db';

export interface OutboxMessage {
  channel: 'email' | 'sms';
  recipient: string;
  template: string;
  subject?: string | null;
  body: string;
  payload?: Record<string, unknown>;
}

export interface OutboxRow extends Required<OutboxMessage> {
  id: number;
  created_at: string;
}

/** Writes a message; pass the transaction that made the event so the message exists exactly when it does. */
export async function insertOutboxMessage(q: Pick<TransactionHandle, 'query'>, message: OutboxMessage) {
  const rows = await q.query<{ id: number }>(
    `insert into notification_outbox (channel, recipient, template, subject, body, payload)
     values ($1, $2, $3, $4, $5, $6::jsonb) returning id`,
    [
      message.channel,
      message.recipient,
      message.template,
      message.subject ?? null,
      message.body,
      JSON.stringify(message.payload ?? {}),
    ],
  );
  return rows[0]!.id;
}

/** The newest messages first, optionally of one recipient. */
export function listOutboxMessages(handle: DatabaseHandle, options: { recipient?: string; limit: number }) {
  return handle.query<OutboxRow>(
    `select id, channel, recipient, template, subject, body, payload,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
       from notification_outbox
      where ($1::text is null or recipient = $1)
      order by id desc
      limit $2`,
    [options.recipient ?? null, options.limit],
  );
}

/** A message taken for delivery (issue 19). */
export interface PendingOutboxRow {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  template: string;
  subject: string | null;
  body: string;
  attempts: number;
}

/**
 * Up to `limit` messages due for delivery, locked for this transaction; rows another instance holds
 * are skipped (for update skip locked), so instances delivering at once never take the same message.
 */
export function lockPendingOutbox(tx: Pick<TransactionHandle, 'query'>, limit: number) {
  return tx.query<PendingOutboxRow>(
    `select id, channel, recipient, template, subject, body, attempts
       from notification_outbox
      where sent_at is null and next_attempt_at <= now()
      order by id
      limit $1
      for update skip locked`,
    [limit],
  );
}

export async function markOutboxSent(tx: Pick<TransactionHandle, 'query'>, ids: readonly number[]) {
  if (ids.length === 0) return;
  await tx.query(
    'update notification_outbox set sent_at = now(), attempts = attempts + 1, last_error = null where id = any($1::int[])',
    [ids],
  );
}

/** A failed delivery: tried again after `retryInS` seconds. */
export async function markOutboxFailed(
  tx: Pick<TransactionHandle, 'query'>,
  id: number,
  error: string,
  retryInS: number,
) {
  await tx.query(
    `update notification_outbox
        set attempts = attempts + 1, last_error = $2, next_attempt_at = now() + make_interval(secs => $3)
      where id = $1`,
    [id, error.slice(0, 1000), retryInS],
  );
}
