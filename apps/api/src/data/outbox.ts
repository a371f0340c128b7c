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
