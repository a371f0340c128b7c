// The e-mail and SMS adapter. The built-in implementation only writes to the notification outbox,
// which operators read at /dev/outbox (DEV_TOOLS=on), so every flow that sends a code or a
// confirmation works offline. A real provider would implement `send` and deliver from the outbox.
import type { DatabaseHandle, TransactionHandle } from '@store/db';
import { insertOutboxMessage, type OutboxMessage } from '../data/outbox.ts';

export type { OutboxMessage };

export interface Notifier {
  /**
   * Queues a message and returns its outbox id. Given `tx`, the message is written in that
   * transaction, so an order's confirmation exists exactly when the order does.
   */
  send(message: OutboxMessage, tx?: TransactionHandle): Promise<number>;
}

export function createOutboxNotifier(handle: DatabaseHandle): Notifier {
  return {
    send: (message, tx) => insertOutboxMessage(tx ?? handle, message),
  };
}
