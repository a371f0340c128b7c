// The sandbox bank: the lender adapter's built-in implementation. Each partner bank of the domain's
// programmes takes the application, decides after a short delay by the rules of rules.ts and calls
// the store back (in-process, through `deliver`) with a signed, timestamped callback; signing the
// chosen offer is confirmed the same way. Its state lives in memory, like the sandbox acquirer's.
import { randomBytes } from 'node:crypto';
import { PARTNER_BANKS, bankByCode } from '@store/domain';
import {
  LENDER_SIGNATURE_HEADER,
  LENDER_TIMESTAMP_HEADER,
  parseLenderBody,
  signLenderBody,
  verifyLenderSignature,
  type Lender,
  type LenderApplication,
  type LenderCallbackBody,
} from '../adapters/lender.ts';
import type { Logger } from '../logger.ts';
import { decide } from './rules.ts';

export const SANDBOX_LENDER = 'sandbox';

interface BankCase {
  bank: string;
  application: LenderApplication;
  incomeConfirmed: boolean;
  approved: { rate: number; monthlyPayment: number } | null;
}

export interface SandboxBankOptions {
  secret?: string | undefined;
  /** How long a bank "thinks" before answering, ms. */
  delayMs: number;
  logger: Logger;
  /** Hands the store's callback request to the store (the API app's fetch). */
  deliver: (request: Request) => Response | Promise<Response>;
  nowS?: () => number;
}

export interface SandboxBank extends Lender {
  readonly cases: Map<string, BankCase>;
  /** Signs a body as the bank does (tests forge and replay callbacks with it). */
  signBody(rawBody: string, timestamp: string): string;
  /** Resolves when every answer scheduled so far has been delivered (tests, and a clean stop). */
  settled(): Promise<void>;
}

/** How many times the bank sends an answer again that the store could not take yet. */
const CALLBACK_RETRIES = 4;

export function createSandboxBank(options: SandboxBankOptions): SandboxBank {
  const secret = options.secret ?? randomBytes(32).toString('hex');
  const nowS = options.nowS ?? (() => Math.floor(Date.now() / 1000));
  const cases = new Map<string, BankCase>();
  const pending = new Set<Promise<void>>();

  const send = async (id: string, body: Omit<LenderCallbackBody, 'event_id' | 'bank_application_id'>) => {
    const rawBody = JSON.stringify({
      event_id: `evt_${randomBytes(10).toString('hex')}`,
      bank_application_id: id,
      ...body,
    });
    // Like a real bank, an answer the store could not take yet (404: the store records the bank's
    // application ids only after submit returns, so an instant answer can arrive first; 5xx; no
    // connection) is sent again a few times with a growing pause.
    for (let attempt = 0; ; attempt++) {
      const timestamp = String(nowS());
      let status: number | null = null;
      try {
        const response = await options.deliver(
          new Request(`http://store.internal/api/credit/callback/${SANDBOX_LENDER}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              [LENDER_TIMESTAMP_HEADER]: timestamp,
              [LENDER_SIGNATURE_HEADER]: signLenderBody(secret, timestamp, rawBody),
            },
            body: rawBody,
          }),
        );
        if (response.ok) return;
        status = response.status;
      } catch (error) {
        if (attempt >= CALLBACK_RETRIES) {
          options.logger.error('sandbox bank: the callback failed', { message: (error as Error).message });
          return;
        }
      }
      const retryable = status === null || status === 404 || status >= 500;
      if (!retryable || attempt >= CALLBACK_RETRIES) {
        options.logger.warn('sandbox bank: the store refused the callback', { status, bank: body.bank });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    }
  };

  /** Runs `work` after the bank's delay, keeping track of it for settled(). */
  const later = (work: () => Promise<void>) => {
    const job = new Promise<void>((resolve) => {
      const timer = setTimeout(() => void work().finally(resolve), options.delayMs);
      timer.unref?.();
    });
    pending.add(job);
    void job.finally(() => pending.delete(job));
  };

  const answer = (id: string) =>
    later(async () => {
      const c = cases.get(id);
      const programme = c ? bankByCode(c.bank) : null;
      if (!c || !programme) return;
      const result = decide(programme, c.application, c.incomeConfirmed);
      if (result.decision === 'silent') return;
      const base = { bank: c.bank, amount: c.application.amount, months: c.application.months };
      if (result.decision === 'approved') {
        c.approved = { rate: result.rate, monthlyPayment: result.monthlyPayment };
        await send(id, {
          ...base,
          decision: 'approved',
          rate: result.rate,
          monthly_payment: result.monthlyPayment,
          reason: null,
        });
      } else {
        await send(id, {
          ...base,
          decision: result.decision,
          rate: null,
          monthly_payment: null,
          reason: result.reason,
        });
      }
    });

  return {
    name: SANDBOX_LENDER,
    cases,
    signBody: (rawBody, timestamp) => signLenderBody(secret, timestamp, rawBody),
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async submit(application) {
      return PARTNER_BANKS.map((programme) => {
        const id = `sbk_${programme.code}_${randomBytes(8).toString('hex')}`;
        cases.set(id, { bank: programme.code, application, incomeConfirmed: false, approved: null });
        answer(id);
        return { bank: programme.code, bankApplicationId: id };
      });
    },
    async confirmIncome(bankApplicationId) {
      const c = cases.get(bankApplicationId);
      if (!c) return;
      c.incomeConfirmed = true;
      answer(bankApplicationId);
    },
    async sign(bankApplicationId) {
      const c = cases.get(bankApplicationId);
      if (!c?.approved) throw new Error(`sandbox bank: nothing approved to sign for ${bankApplicationId}`);
      const { rate, monthlyPayment } = c.approved;
      later(() =>
        send(bankApplicationId, {
          bank: c.bank,
          amount: c.application.amount,
          months: c.application.months,
          decision: 'signed',
          rate,
          monthly_payment: monthlyPayment,
          reason: null,
        }),
      );
    },
    verifyCallback: (rawBody, timestamp, signature) =>
      verifyLenderSignature(secret, rawBody, timestamp, signature, nowS()),
    parseEvent(rawBody) {
      return parseLenderBody(rawBody, nowS());
    },
  };
}
