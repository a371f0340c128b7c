// Delivery of the notification outbox (issue 19, decision 0035): every instance takes batches of due
// messages with `select … for update skip locked`, so instances delivering at the same moment never
// take the same message, and marks each sent (`sent_at`) in the same transaction. A failed send is
// tried again later (30 s, doubling, at most an hour). A crash before the commit leaves the batch
// unsent for the next taker, so a transport may see a message twice only then: it should ignore a
// repeated `id` (real SMS and e-mail gateways take an idempotency key for this).
import type { DatabaseHandle } from '@store/db';
import { lockPendingOutbox, markOutboxFailed, markOutboxSent, type PendingOutboxRow } from '../data/outbox.ts';
import { errorFields, type Logger } from '../logger.ts';

/** Where messages go: a real e-mail or SMS gateway adapter, or the local one. */
export interface OutboxTransport {
  name: string;
  deliver(message: PendingOutboxRow): Promise<void>;
}

/**
 * The local transport: the message stays in the outbox, readable at /dev/outbox (DEV_TOOLS=on); the
 * delivery marks it sent. A store with a gateway passes its own transport instead.
 */
export const localOutboxTransport: OutboxTransport = {
  name: 'local',
  async deliver() {},
};

const BATCH = 50;
const retryInS = (attempts: number) => Math.min(3600, 30 * 2 ** attempts);

export class OutboxDelivery {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<number> | null = null;

  constructor(
    private readonly handle: DatabaseHandle,
    private readonly transport: OutboxTransport,
    private readonly logger: Logger,
  ) {}

  /** Delivers one batch of due messages; answers how many were sent. */
  async deliverBatch(): Promise<number> {
    return this.handle.transaction(async (tx) => {
      const rows = await lockPendingOutbox(tx, BATCH);
      const sent: number[] = [];
      for (const row of rows) {
        try {
          await this.transport.deliver(row);
          sent.push(row.id);
        } catch (error) {
          const { error: message } = errorFields(error);
          await markOutboxFailed(tx, row.id, String(message), retryInS(row.attempts));
          this.logger.warn('outbox message not delivered', {
            outbox_id: row.id,
            transport: this.transport.name,
            error: message,
          });
        }
      }
      await markOutboxSent(tx, sent);
      return sent.length;
    });
  }

  /** Delivers until nothing is due (at most `maxBatches` batches); answers how many were sent. */
  async drain(maxBatches = 20): Promise<number> {
    let total = 0;
    for (let i = 0; i < maxBatches; i++) {
      const sent = await this.deliverBatch();
      total += sent;
      if (sent < BATCH) break;
    }
    return total;
  }

  start(everyMs = 1000) {
    this.#timer = setInterval(() => {
      if (this.#running) return;
      this.#running = this.drain()
        .catch((error: unknown) => {
          this.logger.error('outbox delivery failed', errorFields(error));
          return 0;
        })
        .finally(() => (this.#running = null));
    }, everyMs);
    this.#timer.unref();
  }

  async stop() {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }
}
